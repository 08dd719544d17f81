// /admin: the three counts and the newest articles, with the same row actions as All Articles.
import { useAdminSynced, useWalkCounts } from '../../sync/admin-status.ts';
import { ArticlesTable } from './ArticlesTable.tsx';
import { EMPTY_DASHBOARD, useDashboard, withWalkCounts } from './admin-articles.ts';
import page from '../../components/ui/AdminPage.module.css';
import styles from './DashboardPage.module.css';

export function DashboardPage() {
  const synced = useAdminSynced();
  // The dashboard starts at zero with an empty list until the data arrives; while the device's
  // first walk of the admin view is under way, its counts are the server's.
  const data = withWalkCounts(useDashboard() ?? EMPTY_DASHBOARD, useWalkCounts());
  const cards = [
    { label: 'Articles', value: data.totalArticles },
    { label: 'Comments', value: data.totalComments },
    { label: 'Drafts', value: data.totalDrafts },
  ];
  return (
    <div className={page.page}>
      <h1 className={page.heading}>Dashboard</h1>
      <ul className={styles.cards} aria-label="Summary">
        {cards.map((card) => (
          <li key={card.label} className={styles.card} data-testid={`count-${card.label.toLowerCase()}`}>
            <span className={styles.cardValue}>{card.value}</span>
            <span className={styles.cardLabel}>{card.label}</span>
          </li>
        ))}
      </ul>
      <h2 className={page.subheading}>Recent Articles</h2>
      <ArticlesTable
        label="Recent Articles"
        titleColumn="Article Title"
        articles={synced || data.recentArticles.length ? data.recentArticles : undefined}
      />
    </div>
  );
}
