// The admin screens, loaded together in one chunk when /admin is first opened with a token. The
// router takes each screen by name from here. The rich-text editor is not in this chunk: the
// create screen loads it separately.
export { DashboardPage as AdminIndex } from '../features/admin-dashboard/DashboardPage.tsx';
export { AllArticlesPage } from '../features/admin-dashboard/AllArticlesPage.tsx';
export { CreateArticlePage } from '../features/admin-editor/CreateArticlePage.tsx';
export { CommentsPage } from '../features/admin-moderation/CommentsPage.tsx';
export { UsersPage } from '../features/admin-users/UsersPage.tsx';
export { WorshipAdminPage } from '../features/admin-worship/WorshipAdminPage.tsx';
export { DailyAdminPage } from '../features/admin-daily/DailyAdminPage.tsx';
