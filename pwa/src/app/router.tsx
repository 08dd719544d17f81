// The route table of the spec. Home is in the main bundle; everything else loads on demand, so
// public pages never download the editor, the admin screens or moment until they are needed.
import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { HomePage } from '../features/articles/HomePage.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { paths } from './paths.ts';

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const ArticlePage = named(() => import('../features/articles/ArticlePage.tsx'), 'ArticlePage');
const FamilyWorshipPage = named(() => import('../features/family-worship/FamilyWorshipPage.tsx'), 'FamilyWorshipPage');
const AboutPage = named(() => import('../features/about/AboutPage.tsx'), 'AboutPage');
const RegisterPage = named(() => import('../features/auth/RegisterPage.tsx'), 'RegisterPage');
const AdminGate = named(() => import('./AdminGate.tsx'), 'AdminGate');
const AdminRoutes = named(() => import('../features/admin/admin-routes.tsx'), 'AdminIndex');
const CreateArticlePage = named(() => import('../features/admin/admin-routes.tsx'), 'CreateArticlePage');
const AllArticlesPage = named(() => import('../features/admin/admin-routes.tsx'), 'AllArticlesPage');
const CommentsPage = named(() => import('../features/admin/admin-routes.tsx'), 'CommentsPage');
const UsersPage = named(() => import('../features/admin/admin-routes.tsx'), 'UsersPage');

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.articlePattern, element: <ArticlePage /> },
      { path: paths.family, element: <FamilyWorshipPage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: paths.admin,
    element: <AdminGate />,
    children: [
      { index: true, element: <AdminRoutes /> },
      { path: 'create', element: <CreateArticlePage /> },
      { path: 'allArticles', element: <AllArticlesPage /> },
      { path: 'comments', element: <CommentsPage /> },
      { path: 'users', element: <UsersPage /> },
    ],
  },
]);
