// /admin/allArticles: every article, drafts included, newest first.
import { useAdminSynced } from '../../sync/admin-status.ts';
import { ArticlesTable } from './ArticlesTable.tsx';
import { useAdminArticles } from './admin-articles.ts';
import styles from '../../components/ui/AdminPage.module.css';

export function AllArticlesPage() {
  const synced = useAdminSynced();
  const articles = useAdminArticles();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>All Articles</h1>
      <ArticlesTable label="All Articles" titleColumn="Title" articles={synced || articles?.length ? articles : undefined} />
    </div>
  );
}
