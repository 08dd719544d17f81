// /admin/allArticles: every article, drafts included, newest first, a page at a time, with a
// filter by title (components/ui/table-window.ts).
import { useAdminSynced, useWalkPause } from '../../sync/admin-status.ts';
import { useTableWindow } from '../../components/ui/table-window.ts';
import { FilterBox, MoreRows, NoMatch, searching } from '../../components/ui/TableWindow.tsx';
import { ArticlesTable } from './ArticlesTable.tsx';
import { useAdminArticles } from './admin-articles.ts';
import styles from '../../components/ui/AdminPage.module.css';

export function AllArticlesPage() {
  const synced = useAdminSynced();
  const table = useTableWindow();
  const slice = useAdminArticles(table.q, table.shown);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>All Articles</h1>
      <FilterBox table={table} label="Filter by title" />
      <ArticlesTable
        label="All Articles"
        titleColumn="Title"
        articles={synced || slice?.rows.length ? slice?.rows : undefined}
        stale={searching(slice, table)}
        empty={slice?.q ? <NoMatch table={table} q={slice.q} what="articles" /> : undefined}
      />
      <MoreRows slice={slice} table={table} noun="articles" pause={useWalkPause()} />
    </div>
  );
}
