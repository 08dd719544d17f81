// The route table of the app's screens. Home is in the main bundle; every other screen is a route module
// loaded on demand (`lazy`), so public pages never download the editor, the admin screens or
// moment until they are needed. The router loads a route's module before showing the route, so
// the first render of a page the server already drew (an article link) is the page itself, not a
// spinner, and a module that cannot be fetched lands in RouteError, never the router's own screen.
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { HomePage } from '../features/articles/HomePage.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RouteError } from './RouteError.tsx';
import { paths } from '../lib/paths.ts';
import { loadArticleScreen } from './prefetch.ts';

/** A route whose component is the export `name` of a module loaded on first visit. */
const screen =
  <K extends string>(
    load: () => Promise<Record<K, React.ComponentType>>,
    name: K,
  ): RouteObject['lazy'] =>
  async () => ({ Component: (await load())[name] });

const adminScreen = (
  name:
    | 'AdminIndex'
    | 'CreateArticlePage'
    | 'AllArticlesPage'
    | 'CommentsPage'
    | 'UsersPage'
    | 'WorshipAdminPage'
    | 'DailyAdminPage',
) => screen(() => import('./admin-routes.tsx'), name);

const planScreen = (name: 'PlansPage' | 'PlanPage') => screen(() => import('./plan-routes.tsx'), name);

const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      {
        // Errors show inside the public header and footer.
        errorElement: <RouteError />,
        children: [
          { path: paths.home, element: <HomePage /> },
          { path: paths.articlePattern, lazy: screen(loadArticleScreen, 'ArticlePage') },
          {
            path: paths.family,
            lazy: screen(
              () => import('../features/family-worship/FamilyWorshipPage.tsx'),
              'FamilyWorshipPage',
            ),
          },
          {
            path: paths.daily,
            lazy: screen(() => import('../features/daily/DailyPage.tsx'), 'DailyPage'),
          },
          {
            path: paths.about,
            lazy: screen(() => import('../features/about/AboutPage.tsx'), 'AboutPage'),
          },
          {
            path: paths.chapterPattern,
            lazy: screen(() => import('../features/bible/ChapterPage.tsx'), 'ChapterPage'),
          },
          {
            path: paths.saved,
            lazy: screen(() => import('../features/articles/SavedPage.tsx'), 'SavedPage'),
          },
          {
            path: paths.notes,
            lazy: screen(() => import('../features/study/NotesPage.tsx'), 'NotesPage'),
          },
          { path: paths.plans, lazy: planScreen('PlansPage') },
          { path: paths.planPattern, lazy: planScreen('PlanPage') },
          {
            path: paths.reminders,
            lazy: screen(() => import('../features/reminders/RemindersPage.tsx'), 'RemindersPage'),
          },
          {
            path: paths.register,
            lazy: screen(() => import('../features/auth/RegisterPage.tsx'), 'RegisterPage'),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
  {
    path: paths.admin,
    lazy: screen(() => import('./AdminGate.tsx'), 'AdminGate'),
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: adminScreen('AdminIndex') },
          { path: 'create', lazy: adminScreen('CreateArticlePage') },
          { path: 'allArticles', lazy: adminScreen('AllArticlesPage') },
          { path: 'comments', lazy: adminScreen('CommentsPage') },
          { path: 'users', lazy: adminScreen('UsersPage') },
          { path: 'worship', lazy: adminScreen('WorshipAdminPage') },
          { path: 'daily', lazy: adminScreen('DailyAdminPage') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

/** Resolves once the first route's modules have loaded (or failed into RouteError). */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
