// The tab title of the public pages as the app moves between them; the server writes the same
// titles (and descriptions) into the HTML it serves (PAGE_META, contracts). An article page sets
// its own title from the article.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PAGE_META, SITE_NAME } from '@fw/contracts/pages';
import { paths } from '../lib/paths.ts';

const TITLES: Record<string, string> = {
  [paths.home]: PAGE_META.home.title,
  [paths.family]: PAGE_META.family.title,
  [paths.about]: PAGE_META.about.title,
  [paths.reminders]: `Reminders · ${SITE_NAME}`,
};

export function useRouteTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = TITLES[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname];
    if (title) document.title = title;
  }, [pathname]);
}
