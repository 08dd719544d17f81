// Plain text with its citations drawn as reader links, from the offsets the server found
// (lesson texts: contracts/lessons.ts `scripture`). Text stays text: nothing is parsed as markup.
import { Fragment } from 'react';
import { parseOsis, scriptureHref, type TextCitation } from '@fw/contracts/bible';

export function CitedText({ text, citations }: { text: string; citations?: TextCitation[] }) {
  if (!citations?.length) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const { at, end, osis } of citations) {
    const range = parseOsis(osis);
    // Offsets that do not fit the text (an edit not yet confirmed by the server) are skipped.
    if (!range || at < last || end > text.length || at >= end) continue;
    parts.push(<Fragment key={`t${at}`}>{text.slice(last, at)}</Fragment>);
    parts.push(
      <a key={`c${at}`} href={scriptureHref(range)}>
        {text.slice(at, end)}
      </a>,
    );
    last = end;
  }
  parts.push(<Fragment key="end">{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}
