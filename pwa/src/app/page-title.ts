// The tab title of the pages as the app moves between them; the server writes the same titles (and
// descriptions) into the HTML it serves for the public ones (PAGE_META, contracts). An article page
// and the editor set their own titles.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PAGE_META, SITE_NAME } from '@fw/contracts/pages';
import { paths } from '../lib/paths.ts';

const TITLES: Record<string, string> = {
  [paths.home]: PAGE_META.home.title,
  [paths.family]: PAGE_META.family.title,
  [paths.about]: PAGE_META.about.title,
  [paths.reminders]: `Reminders · ${SITE_NAME}`,
  [paths.register]: `Register · ${SITE_NAME}`,
};

/** Sets the tab title of the page at the address from `titles` (the public pages' by default). */
export function useRouteTitle(titles: Record<string, string> = TITLES): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = titles[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
    if (title) document.title = title;
  }, [pathname, titles]);
}
