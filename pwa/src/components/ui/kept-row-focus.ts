// An admin table whose row goes (deleted, or approved out of the Not Approved list) or whose
// button goes (a user approved has no Approve any more) would drop the keyboard to the page's
// start. The focus goes instead to the same action of the row now in its place, else of the
// nearest row before or after it, else to any button or link of the nearest row, else to the
// empty state (its link or button, else its text) or, with rows but nothing to press, the table.
// Row buttons name their action in `data-action` so "the same action" can be found.
import { useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react';

/** The attribute a row's button carries to say which action it is ("approve", "delete", …). */
const ROW_ACTION = 'data-action';
/** DataTable's mark on the body's one row that stands for no rows (loading, empty). */
const PLACEHOLDER_ROW = 'data-placeholder';

const PRESSABLE = 'button:not([disabled]), a[href]';

interface FocusPlace {
  element: HTMLElement;
  /** The row's place among the body's rows when it took the focus. */
  index: number;
  action: string | null;
}

/** Row indexes from `index` outwards, the row before preferred to the row after. */
function nearestFirst(index: number, count: number): number[] {
  const order: number[] = [];
  for (let step = 0; order.length < count && step <= index + count; step++) {
    for (const at of step === 0 ? [index] : [index - step, index + step]) {
      if (at >= 0 && at < count) order.push(at);
    }
  }
  return order;
}

/** Focuses an element that is not focusable by itself (a cell, the table), without putting it in the Tab order. */
function focusText(element: HTMLElement | null | undefined): void {
  if (!element) return;
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

function placeFocus(body: HTMLTableSectionElement, was: FocusPlace): void {
  const rows = [...body.rows];
  const placeholder = rows.find((row) => row.hasAttribute(PLACEHOLDER_ROW));
  if (placeholder) {
    const pressable = placeholder.querySelector<HTMLElement>(PRESSABLE);
    if (pressable) pressable.focus();
    else focusText(placeholder.cells[0]);
    return;
  }
  const order = nearestFirst(Math.min(was.index, rows.length - 1), rows.length).map((at) => rows[at]!);
  const same = was.action ? `[${ROW_ACTION}="${CSS.escape(was.action)}"]:not([disabled])` : null;
  const target =
    (same ? order.map((row) => row.querySelector<HTMLElement>(same)).find(Boolean) : null) ??
    order.map((row) => row.querySelector<HTMLElement>(PRESSABLE)).find(Boolean);
  if (target) target.focus();
  else focusText(body.closest('table'));
}

/** Give the returned ref and onFocus to the table's <tbody>. */
export function useKeptRowFocus(): {
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  onFocus: (event: FocusEvent<HTMLTableSectionElement>) => void;
} {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const place = useRef<FocusPlace | null>(null);
  // After every render: the rows are the page's, and any render may have taken the focused one.
  useLayoutEffect(() => {
    const was = place.current;
    if (!was || was.element.isConnected) return;
    place.current = null;
    const body = bodyRef.current;
    // Only a focus that fell to the page is moved: one the person took elsewhere stays there.
    const active = document.activeElement;
    if (body && (!active || active === document.body)) placeFocus(body, was);
  });
  const onFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const element = event.target as HTMLElement;
    const row = element.closest('tr');
    if (!row || row.parentElement !== event.currentTarget || row.hasAttribute(PLACEHOLDER_ROW)) {
      place.current = null;
      return;
    }
    place.current = { element, index: row.sectionRowIndex, action: element.getAttribute(ROW_ACTION) };
  };
  return { bodyRef, onFocus };
}
