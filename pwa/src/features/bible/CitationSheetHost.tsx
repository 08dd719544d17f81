// Citations open their verses in place: a click on a reader link (`/bible/…`) inside text marked
// `data-citations` (article bodies, lesson texts, the About page) opens the verse sheet instead of
// leaving the page. In every public page, so it stays small: the sheet itself loads on first use
// (and is asked for a while after a page with a citation shows, so the first tap does not wait for
// it). The book table that reads a link (contracts/bible.ts) comes with the sheet, not with every
// page.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ScriptureRange } from '@fw/contracts/bible';

type SheetModule = typeof import('./VerseSheet.tsx');
let sheetModule: Promise<SheetModule> | null = null;
const loadSheet = () => (sheetModule ??= import('./VerseSheet.tsx'));
/**
 * How long after a page shows the sheet's code is asked for, and how often after that a page
 * without citations is looked at again. Only where a citation can be tapped: taking the module in
 * is a long task on a slow phone (31-80 ms at 4x CPU), which on My notes landed in a study sync's
 * link, where no citation could need it.
 */
const PRELOAD_AFTER_MS = 3000;
const CITATION_LINK = '[data-citations] a[href^="/bible/"]';

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
function citationOf(event: MouseEvent): { link: HTMLAnchorElement; href: string } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href^="/bible/"]');
  if (!(link instanceof HTMLAnchorElement) || !link.closest('[data-citations]')) return null;
  return { link, href: link.getAttribute('href')! };
}

export function CitationSheetHost() {
  const [open, setOpen] = useState<Open | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const found = citationOf(event);
      if (!found) return;
      event.preventDefault();
      // The verses are read first, so the sheet opens with them (one render, no "Loading…").
      void loadSheet().then(async ({ VerseSheet, passageFor, rangeFromHref }) => {
        const range = rangeFromHref(found.href);
        // Not a chapter the Bible has: the link goes where it says, as it would without the sheet.
        if (!range) return void navigate(found.href);
        const initial = await passageFor(range);
        setOpen({ range, href: found.href, opener: found.link, Sheet: VerseSheet, initial });
      });
    };
    document.addEventListener('click', onClick);
    const preloadWhereCited = () => {
      if (document.querySelector(CITATION_LINK)) void loadSheet().catch(() => {});
      else preload = setTimeout(preloadWhereCited, PRELOAD_AFTER_MS);
    };
    let preload = setTimeout(preloadWhereCited, PRELOAD_AFTER_MS);
    return () => {
      document.removeEventListener('click', onClick);
      clearTimeout(preload);
    };
  }, [navigate]);
  if (!open) return null;
  const { Sheet } = open;
  return (
    <Sheet key={open.href} range={open.range} href={open.href} opener={open.opener} initial={open.initial} onClose={() => setOpen(null)} />
  );
}
