// Placeholder screens until the admin area lands (issue 5).
export const AdminIndex = () => <p>Dashboard</p>;
export const CreateArticlePage = () => <p>Create</p>;
export const AllArticlesPage = () => <p>All Articles</p>;
export const CommentsPage = () => <p>Comments</p>;
export const UsersPage = () => <p>Users</p>;
