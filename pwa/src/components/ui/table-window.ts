// What an admin table shows of a long list: the rows matching its filter text, a page of them at a
// time. The filter is copied to the address (?q=), so Back from a row's editor finds it again; the
// rows shown grow by a page at each "Show more", and start again at one page when the filter or
// the list (e.g. the comments' status) changes. At the size the product is tested at (10,000
// articles, 100,000 comments) a table drawing every row took seconds to open.
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Rows a table shows at first, and adds at each "Show more". */
export const TABLE_PAGE_ROWS = 50;
/** The filter waits this long after the last key before it reads again. */
const FILTER_SETTLE_MS = 200;
const FILTER_PARAM = 'q';

/** What a table's query answers: a page of the matching rows, and whether more match. */
export interface TableSlice<T> {
  rows: T[];
  more: boolean;
  /** How many match in all, when it is known without reading them all. */
  total?: number;
  /** The filter these rows were read with (the box may hold a newer one). */
  q: string;
}

/**
 * `slice` with the whole list's count, when no filter is on. Counted by a query of its own: a count
 * walks every entry of its index (33,000 waiting comments made Comments open in 300 ms where
 * its rows alone took 100), so the rows show first and the count follows.
 */
export function withTotal<T>(slice: TableSlice<T> | undefined, total: number | undefined): TableSlice<T> | undefined {
  return slice && !slice.q && total !== undefined ? { ...slice, total } : slice;
}

/** Whether any of `texts` contains `q` (already trimmed), letter case aside. */
export function textMatches(q: string, ...texts: string[]): boolean {
  const needle = q.toLowerCase();
  return texts.some((text) => text.toLowerCase().includes(needle));
}

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface TableWindow {
  /** The filter as typed. */
  typed: string;
  setTyped: (text: string) => void;
  /** The filter the rows are read with (trimmed, settled). */
  q: string;
  shown: number;
  showMore: () => void;
  /** The filter box's id (FilterBox), for what moves the keyboard back to it. */
  boxId: string;
}

/** `list`: which list the table shows (a change starts again at one page). */
export function useTableWindow(list = ''): TableWindow {
  const [params, setParams] = useSearchParams();
  // The box holds its own text: read back from the address, which changes a moment after each
  // key, a fast typist's letters were lost and the caret jumped to the end.
  const [typed, setTyped] = useState(() => params.get(FILTER_PARAM) ?? '');
  const q = useSettled(typed.trim(), FILTER_SETTLE_MS);
  const inAddress = params.get(FILTER_PARAM) ?? '';
  useEffect(() => {
    if (inAddress === q) return;
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (q) next.set(FILTER_PARAM, q);
        else next.delete(FILTER_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [q, inAddress, setParams]);
  const key = `${list}\n${q}`;
  const [grown, setGrown] = useState({ key, shown: TABLE_PAGE_ROWS });
  // Another filter or list starts again at one page, and stays there if the first comes back.
  if (grown.key !== key) setGrown({ key, shown: TABLE_PAGE_ROWS });
  const shown = grown.key === key ? grown.shown : TABLE_PAGE_ROWS;
  const boxId = useId();
  return { typed, setTyped, q, shown, showMore: () => setGrown({ key, shown: shown + TABLE_PAGE_ROWS }), boxId };
}
