// The data the server wrote into the page for its first screen (backend/src/modules/pages): the
// article a shared link points to, or the newest article summaries for the home cards. Read
// once, and only for the address the visit started on: later screens use the device's data.
import { FIRST_PAINT_ELEMENT_ID, type FirstPaintData } from '@fw/contracts/pages';

let read = false;
/**
 * Whether the page the server drew is on screen: true from the start of a visit the server
 * answered until the app's first screen replaces it; false when the service worker answered with
 * the app's empty shell, and after the first screen.
 */
let serverScreen = typeof document !== 'undefined' && Boolean(document.getElementById('root')?.firstElementChild);
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

/** Whether the server's own drawing of the page is what the reader sees now (see `serverScreen`). */
export const serverScreenShown = () => serverScreen;

/** Called once the app's first screen has replaced the server's. */
export function serverScreenReplaced(): void {
  serverScreen = false;
}
