// Citations open their verses in place: a click on a reader link (`/bible/…`) inside text marked
// `data-citations` (article bodies, lesson texts, the About page) opens the verse sheet instead of
// leaving the page. In every public page, so it stays small: the sheet itself loads on first use
// (and is asked for once the page is idle, so the first tap does not wait for it).
import { useEffect, useState } from 'react';
import { rangeFromHref, type ScriptureRange } from '@fw/contracts/bible';

type SheetModule = typeof import('./VerseSheet.tsx');
let sheetModule: Promise<SheetModule> | null = null;
const loadSheet = () => (sheetModule ??= import('./VerseSheet.tsx'));
const PRELOAD_AFTER_MS = 3000;

interface Open {
  range: ScriptureRange;
  href: string;
  opener: HTMLElement;
  /** The sheet's component, once its module is here. Not React.lazy: a Suspense boundary holds
   * back revealing what it waited for by up to 300 ms (React 19), far over a tap's budget. */
  Sheet: SheetModule['VerseSheet'];
  initial: Awaited<ReturnType<SheetModule['passageFor']>>;
}

/** The citation link a click landed on, if it is one the sheet should answer. */
function citationOf(event: MouseEvent): { link: HTMLAnchorElement; range: ScriptureRange; href: string } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href^="/bible/"]');
  if (!(link instanceof HTMLAnchorElement) || !link.closest('[data-citations]')) return null;
  const href = link.getAttribute('href')!;
  const range = rangeFromHref(href);
  return range ? { link, range, href } : null;
}

export function CitationSheetHost() {
  const [open, setOpen] = useState<Open | null>(null);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const found = citationOf(event);
      if (!found) return;
      event.preventDefault();
      // The verses are read first, so the sheet opens with them (one render, no "Loading…").
      void loadSheet().then(async ({ VerseSheet, passageFor }) => {
        const initial = await passageFor(found.range);
        setOpen({ range: found.range, href: found.href, opener: found.link, Sheet: VerseSheet, initial });
      });
    };
    document.addEventListener('click', onClick);
    const preload = setTimeout(() => void loadSheet().catch(() => {}), PRELOAD_AFTER_MS);
    return () => {
      document.removeEventListener('click', onClick);
      clearTimeout(preload);
    };
  }, []);
  if (!open) return null;
  const { Sheet } = open;
  return (
    <Sheet key={open.href} range={open.range} href={open.href} opener={open.opener} initial={open.initial} onClose={() => setOpen(null)} />
  );
}
