// The home page's cards when the library is large: only the grid's rows within a screen of the
// visible ones are drawn, and the list keeps the height of all of them (padding above and below
// the drawn rows), so the page scrolls, jumps to its end and shows the footer as if every card
// were there. Drawn whole, every card of the library was made and laid out on each visit to the
// home page, and again after each page of a first sync: work that grows with the library.
// A row's height is measured once it is drawn (its first card, watched by a ResizeObserver: the
// grid stretches a row's cards to one height); rows not drawn yet count as the average of those
// measured at the same width. Heights are kept for the page's life, so Back
// (use-restored-scroll.ts) finds the list as tall as it left it and lands on the same card. The
// list scrolls the page only to keep it at its end when the reader took it there: where a row
// drawn above the screen turns out taller or shorter than counted, the browser's scroll anchoring
// keeps the cards on screen where they were. (@tanstack/react-virtual was tried first: its own
// corrections of the window's scroll position fought the restoring of it on Back.)
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { SearchHits } from '../search/index.ts';
import { ArticleCard } from './ArticleCard.tsx';
import styles from './HomePage.module.css';

/** A list of more cards than this is drawn a window at a time; a shorter one whole (and findable by the browser's find). */
const WINDOW_FROM = 100;

/** A row's height before any is measured at this width: a card of a two-line title and subtitle. */
const FIRST_ESTIMATE_PX = 190;

/** Rows drawn before any scroll position is known (the list's first screen, on a tall window). */
const FIRST_ROWS = 8;

/** Row heights kept at most; past it they are forgotten and measured again. */
const HEIGHTS_KEPT = 20_000;

/** Measured row heights by `<grid shape>|<first article id>`, and their sum and count by shape. */
const rowHeights = new Map<string, number>();
const totals = new Map<string, { sum: number; count: number }>();

/** Keeps a row's measured height; answers whether it changed. */
function noteHeight(shape: string, firstId: string, height: number): boolean {
  const key = `${shape}|${firstId}`;
  if (height <= 0 || Math.abs((rowHeights.get(key) ?? -1) - height) < 0.5) return false;
  if (rowHeights.size >= HEIGHTS_KEPT) {
    rowHeights.clear();
    totals.clear();
  }
  // Read after a clear: the sum and count then start again from this row.
  const known = rowHeights.get(key);
  const total = totals.get(shape) ?? { sum: 0, count: 0 };
  total.sum += height - (known ?? 0);
  if (known === undefined) total.count += 1;
  totals.set(shape, total);
  rowHeights.set(key, height);
  return true;
}

/** Where each row starts in the list, and (at [rows]) the list's whole height. */
function rowStarts(hits: SearchHits, columns: number, rowGap: number, shape: string): Float64Array {
  const rows = Math.ceil(hits.length / columns);
  const total = totals.get(shape);
  const average = total?.count ? total.sum / total.count : FIRST_ESTIMATE_PX;
  const starts = new Float64Array(rows + 1);
  let y = 0;
  for (let row = 0; row < rows; row++) {
    starts[row] = y;
    y += (rowHeights.get(`${shape}|${hits.article(row * columns)._id}`) ?? average) + rowGap;
  }
  starts[rows] = Math.max(0, y - rowGap);
  return starts;
}

interface GridShape {
  columns: number;
  rowGap: number;
  /** The list's width: rows are as tall as their cards' text wraps at it. */
  width: number;
  /** The list's top on the page (not on screen): the rows' offsets count from there. */
  top: number;
}

function shapeOf(list: HTMLElement): GridShape {
  const style = getComputedStyle(list);
  const box = list.getBoundingClientRect();
  return {
    columns: Math.max(1, style.gridTemplateColumns.split(' ').filter(Boolean).length),
    rowGap: Number.parseFloat(style.rowGap) || 0,
    width: Math.round(box.width),
    top: Math.round(box.top + window.scrollY),
  };
}

const sameShape = (a: GridShape, b: GridShape) => a.columns === b.columns && a.rowGap === b.rowGap && a.width === b.width && a.top === b.top;

/**
 * The grid's columns, row gap and width (they follow the window: HomePage.module.css) and its top
 * on the page, which moves when what stands above it grows (today's text, "Continue reading").
 */
function useGridShape(list: RefObject<HTMLUListElement | null>): GridShape {
  const [shape, setShape] = useState<GridShape>({ columns: 1, rowGap: 0, width: 0, top: 0 });
  useLayoutEffect(() => {
    const update = () => {
      if (!list.current) return;
      const next = shapeOf(list.current);
      setShape((last) => (sameShape(last, next) ? last : next));
    };
    update();
    if (typeof ResizeObserver !== 'function') return;
    // The page's body changes size when anything above the list does, and when the window does.
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [list]);
  return shape;
}

/** The row at `offset` into the list (starts ascend; [rows] is the end). */
function rowAt(starts: Float64Array, rows: number, offset: number): number {
  let lo = 0;
  let hi = rows;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid + 1]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, Math.max(0, rows - 1));
}

/** Rows from a screen above the visible ones to a screen below them: [first, end). */
function rowsOnScreen(starts: Float64Array, rows: number, top: number): [number, number] {
  const screen = window.innerHeight || 800;
  const from = window.scrollY - top - screen;
  const to = window.scrollY - top + 2 * screen;
  if (rows === 0 || to < 0) return [0, Math.min(rows, FIRST_ROWS)];
  return [rowAt(starts, rows, Math.max(0, from)), Math.min(rows, rowAt(starts, rows, to) + 1)];
}

/** Whether the page is scrolled to its end. */
const pageEndOnScreen = () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;

/** The cards of the home page without a search: all of them, or past WINDOW_FROM a window at a time. */
export function WindowedCards({ hits, savedIds }: { hits: SearchHits; savedIds: Set<string> }) {
  const listRef = useRef<HTMLUListElement>(null);
  const { columns, rowGap, width, top } = useGridShape(listRef);
  const shape = `${width}:${columns}`;
  const rows = Math.ceil(hits.length / columns);
  // Bumped when a drawn row's height changed: the offsets are counted again.
  const [measured, setMeasured] = useState(0);
  const starts = useMemo(
    () => rowStarts(hits, columns, rowGap, shape),
    // `measured`: the heights rowStarts reads (rowHeights) changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hits, columns, rowGap, shape, measured],
  );

  // Each drawn row's first card, watched for its height (it changes as the card is drawn, and
  // when the text wraps anew).
  const [watcher] = useState(() => {
    if (typeof ResizeObserver !== 'function') return null;
    const rowOf = new WeakMap<Element, { shape: string; firstId: string }>();
    const observer = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const row = rowOf.get(entry.target);
        const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
        if (row && noteHeight(row.shape, row.firstId, height)) changed = true;
      }
      if (changed) setMeasured((n) => n + 1);
    });
    return {
      watch(card: HTMLLIElement, row: { shape: string; firstId: string }) {
        rowOf.set(card, row);
        observer.observe(card);
        return () => observer.unobserve(card);
      },
      stop: () => observer.disconnect(),
    };
  });
  useEffect(() => () => watcher?.stop(), [watcher]);

  const [range, setRange] = useState<[number, number]>(() => [0, Math.min(rows, FIRST_ROWS)]);
  // Whether the reader scrolled to the page's end (End, or a swipe to the footer): it stays there
  // while the last rows, drawn now, turn out taller than counted. Not when the list itself grows
  // (a first sync adds its older articles at the end): nobody is carried along with that.
  const atEnd = useRef(false);
  useLayoutEffect(() => {
    atEnd.current = false;
  }, [rows]);
  useLayoutEffect(() => {
    const follow = () => {
      const next = rowsOnScreen(starts, rows, top);
      setRange((last) => (last[0] === next[0] && last[1] === next[1] ? last : next));
    };
    const scrolled = () => {
      atEnd.current = window.scrollY > 0 && pageEndOnScreen();
      follow();
    };
    follow();
    if (atEnd.current && !pageEndOnScreen()) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    window.addEventListener('scroll', scrolled, { passive: true });
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', scrolled);
      window.removeEventListener('resize', follow);
    };
  }, [starts, rows, top]);

  // A short list is drawn whole, by the same list (a first visit's dozen cards from the server
  // become the device's own hundreds with the same elements, so a tap meanwhile is not lost).
  const windowed = hits.length > WINDOW_FROM;
  const first = windowed ? Math.min(range[0], rows) : 0;
  const end = windowed ? Math.min(range[1], rows) : rows;
  const above = starts[first] ?? 0;
  const below = end < rows ? starts[rows]! - starts[end]! + rowGap : 0;
  const cards = [];
  for (let row = first; row < end; row++) {
    const hitsOfRow = hits.slice(row * columns, (row + 1) * columns);
    for (const [n, hit] of hitsOfRow.entries()) {
      const firstId = hit.article._id;
      cards.push(
        <ArticleCard
          key={firstId}
          hit={hit}
          saved={savedIds.has(firstId)}
          place={windowed ? { position: row * columns + n + 1, of: hits.length } : undefined}
          measureRef={windowed && n === 0 && watcher ? (card) => (card ? watcher.watch(card, { shape, firstId }) : undefined) : undefined}
        />,
      );
    }
  }
  return (
    <ul ref={listRef} className={windowed ? `${styles.grid} ${styles.windowed}` : styles.grid} style={windowed ? { paddingTop: above, paddingBottom: below } : undefined}>
      {cards}
    </ul>
  );
}
