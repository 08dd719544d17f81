// The data the server wrote into the page for its first screen (backend/src/modules/pages): the
// article a shared link points to, or the newest article summaries for the home cards. Read
// once, and only for the address the visit started on: later screens use the device's data.
import { FIRST_PAINT_ELEMENT_ID, type FirstPaintData } from '@fw/contracts/pages';

let read = false;
let data: FirstPaintData | null = null;
const startPath = typeof location === 'undefined' ? '' : location.pathname;

function load(): FirstPaintData | null {
  if (read) return data;
  read = true;
  const text =
    typeof document === 'undefined'
      ? null
      : document.getElementById(FIRST_PAINT_ELEMENT_ID)?.textContent;
  try {
    const parsed = text ? (JSON.parse(text) as FirstPaintData) : null;
    data = parsed && typeof parsed === 'object' && 'page' in parsed ? parsed : null;
  } catch {
    data = null; // a broken element only costs the head start
  }
  return data;
}

/** The server's data for the page at `pathname`, if the visit started there. */
export function firstPaintFor(pathname: string): FirstPaintData | null {
  return pathname.replace(/\/+$/, '') === startPath.replace(/\/+$/, '') ? load() : null;
}
