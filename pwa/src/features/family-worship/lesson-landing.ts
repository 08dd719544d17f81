// A link to one lesson (a search result: /family#lesson-<id>) lands on it: the archive's month
// that holds it is opened (kept with the history entry like any month opened by hand:
// open-months.ts), then the page goes to the lesson's card and moves the focus there. Only when
// the link is followed: Back, Forward and a reload keep the place the browser puts back.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { lessonAnchor } from '../../lib/paths.ts';

const ANCHOR_PREFIX = lessonAnchor('');

/** The lesson the address names (paths.lesson), if any. */
function namedLesson(hash: string): string | null {
  let fragment: string;
  try {
    fragment = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return null; // a hand-typed address with a stray %
  }
  return fragment.startsWith(ANCHOR_PREFIX) ? fragment.slice(ANCHOR_PREFIX.length) : null;
}

function openedAfresh(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'navigate';
}

/**
 * Lands on the lesson the address names once the lessons are drawn. `monthOf` answers the archive
 * month holding a lesson (undefined for one not in the archive), `open` and `toggled` are the
 * archive's months (useOpenMonths).
 */
export function useLessonLanding(
  ready: boolean,
  monthOf: (id: string) => string | undefined,
  open: ReadonlySet<string>,
  toggled: (month: string, open: boolean) => void,
): void {
  const { hash, key } = useLocation();
  // A link followed in the app, or the address opened afresh (a shared link); not Back, Forward
  // or a reload, where the browser puts the reader's own place back.
  const followed = useNavigationType() !== 'POP' || (key === 'default' && openedAfresh());
  const [entry] = useState(key);
  const landed = useRef(false);
  const target = namedLesson(hash);
  useEffect(() => {
    if (!ready || !target || !followed || landed.current || entry !== key) return;
    const month = monthOf(target);
    if (month && !open.has(month)) {
      toggled(month, true);
      return;
    }
    const card = document.getElementById(lessonAnchor(target));
    landed.current = true;
    if (!card) return;
    card.scrollIntoView({ block: 'start', behavior: 'instant' });
    card.focus({ preventScroll: true });
  });
}
