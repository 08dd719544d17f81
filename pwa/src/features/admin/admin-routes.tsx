// The admin screens, loaded together in one chunk when /admin is first opened with a token. The
// router takes each screen by name from here. The rich-text editor is not in this chunk: the
// create screen loads it separately.
export { DashboardPage as AdminIndex } from '../admin-dashboard/DashboardPage.tsx';
export { AllArticlesPage } from '../admin-dashboard/AllArticlesPage.tsx';
export { CreateArticlePage } from '../admin-editor/CreateArticlePage.tsx';
export { CommentsPage } from '../admin-moderation/CommentsPage.tsx';
export { UsersPage } from '../admin-users/UsersPage.tsx';
export { WorshipAdminPage } from '../admin-worship/WorshipAdminPage.tsx';
