// Notes in the margin on wide screens: each highlight's note beside its line, notes on the whole
// article at the top, pushed down where they would overlap. The column is absolutely placed from
// a zero-height box after the text, so the article's own layout is untouched. On narrower screens
// CSS hides it; the note markers in the text and the Notes sheet serve instead.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ArticleNote, Highlight } from '../../db/db.ts';
import type { DrawnHighlights } from './highlight-layer.ts';
import type { SheetState } from './StudySheet.tsx';
import styles from './study.module.css';

const GAP_PX = 8;
/** Wide enough for a column beside the text (CSS shows the margin from the same width). */
const MARGIN_QUERY = '(min-width: 1200px)';

interface Props {
  contentRef: RefObject<HTMLDivElement | null>;
  highlights: Highlight[];
  notes: ArticleNote[];
  placed: string[];
  /** Changes after every repaint of the highlights. */
  painted: number;
  /** What is drawn: each highlight's words, where its note lines up. */
  drawnRef: RefObject<DrawnHighlights>;
  onOpen: (sheet: SheetState) => void;
}

export function MarginNotes({ contentRef, highlights, notes, placed, painted, drawnRef, onOpen }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [tops, setTops] = useState<Map<string, number>>(new Map());
  const [wide, setWide] = useState(() => window.matchMedia?.(MARGIN_QUERY).matches ?? false);
  const byId = new Map(highlights.map((h) => [h._id, h]));
  const noted = placed.map((id) => byId.get(id)).filter((h): h is Highlight => Boolean(h?.note));

  useLayoutEffect(() => {
    const query = window.matchMedia?.(MARGIN_QUERY);
    const onQuery = () => setWide(query.matches);
    query?.addEventListener('change', onQuery);
    return () => query?.removeEventListener('change', onQuery);
  }, []);

  useLayoutEffect(() => {
    const root = contentRef.current;
    const own = box.current;
    if (!wide || !root || !own) return;
    const measure = () => {
      const spans = drawnRef.current.spans;
      const heights = new Map<string, number>();
      for (const el of own.querySelectorAll<HTMLElement>('[data-note-id]')) heights.set(el.dataset.noteId!, el.offsetHeight);
      const origin = own.getBoundingClientRect().top;
      const next = new Map<string, number>();
      let floor = root.getBoundingClientRect().top - origin;
      for (const n of notes) {
        next.set(n._id, floor);
        floor += (heights.get(n._id) ?? 0) + GAP_PX;
      }
      for (const h of noted) {
        // The top of the highlight's first line.
        const line = spans.get(h._id)?.getClientRects()[0];
        const want = line ? line.top - origin : floor;
        const top = Math.max(want, floor);
        next.set(h._id, top);
        floor = top + (heights.get(h._id) ?? 0) + GAP_PX;
      }
      setTops((old) => ([...next].every(([k, v]) => old.get(k) === v) && old.size === next.size ? old : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    return () => observer.disconnect();
    // `painted` changes when the highlights moved; the lists when notes did.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wide, painted, notes, noted.map((h) => `${h._id}:${h.note}`).join('|'), contentRef, drawnRef]);

  if (!wide || (!notes.length && !noted.length)) return null;
  return (
    <div ref={box} className={styles.margin} aria-label="Notes in the margin" role="region">
      {notes.map((n) => (
        <button
          key={n._id}
          type="button"
          data-note-id={n._id}
          className={styles.marginNote}
          style={{ top: tops.get(n._id) ?? 0, visibility: tops.has(n._id) ? 'visible' : 'hidden' }}
          onClick={() => onOpen({ kind: 'note', id: n._id })}
        >
          <span className={styles.marginKind}>On the article</span>
          {n.text}
        </button>
      ))}
      {noted.map((h) => (
        <button
          key={h._id}
          type="button"
          data-note-id={h._id}
          className={`${styles.marginNote} ${styles[`edge-${h.color}`] ?? ''}`}
          style={{ top: tops.get(h._id) ?? 0, visibility: tops.has(h._id) ? 'visible' : 'hidden' }}
          onClick={() => onOpen({ kind: 'highlight', id: h._id })}
        >
          {h.note}
        </button>
      ))}
    </div>
  );
}
