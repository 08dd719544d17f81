// The passage a reference query names, read on the page straight from the device's Bible: the
// query is read by query-reference.ts and the chapters by passage-answer.ts, so the passage is
// drawn without waiting for the search worker (which may still be loading the articles' index
// after a reload). Forms only the full reference parser reads are the worker's (device-search.ts).
import { useEffect, useMemo, useState } from 'react';
import { normaliseQuery } from '@fw/contracts/text';
import { passageOf, type PassageAnswer } from './passage-answer.ts';
import { readReferences } from './query-reference.ts';

interface Read {
  needle: string;
  /** Null when the device could not be read: the worker's answer is shown instead. */
  passages: PassageAnswer[] | null;
}

/** The last passage read, so the part shown again (Back to the search) draws it at once. */
let last: Read | null = null;

/**
 * The passages of `query`: null when this page does not read it as references (the worker's
 * answer says), undefined while they are read.
 */
export function usePassages(query: string): PassageAnswer[] | null | undefined {
  const needle = normaliseQuery(query);
  const ranges = useMemo(() => (needle ? readReferences(needle) : null), [needle]);
  const [read, setRead] = useState(last);
  useEffect(() => {
    if (!ranges || read?.needle === needle) return;
    let current = true;
    const done = (passages: PassageAnswer[] | null) => {
      last = { needle, passages };
      if (current) setRead(last);
    };
    Promise.all(ranges.map(passageOf)).then(done, (error: unknown) => {
      console.error('[search]', error);
      done(null);
    });
    return () => {
      current = false;
    };
  }, [needle, ranges, read]);
  if (!ranges) return null;
  return read?.needle === needle ? read.passages : undefined;
}
