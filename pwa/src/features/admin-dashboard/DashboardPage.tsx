// /admin: the three counts and the newest articles, with the same row actions as All Articles.
import { DASHBOARD_RECENT_ARTICLES } from '@fw/contracts/limits';
import { useAdminSynced, useWalkCounts, useWalkPause } from '../../sync/admin-status.ts';
import { WalkPauseLine } from '../../components/ui/TableWindow.tsx';
import { ArticlesTable } from './ArticlesTable.tsx';
import { EMPTY_DASHBOARD, useDashboard, withWalkCounts } from './admin-articles.ts';
import page from '../../components/ui/AdminPage.module.css';
import styles from './DashboardPage.module.css';

export function DashboardPage() {
  const synced = useAdminSynced();
  // The dashboard starts at zero with an empty list until the data arrives; while the device's
  // first walk of the admin view is under way, its counts are the server's, and the list waits
  // ("Loading…") until the device holds as many articles as it shows. A walk stopped short
  // (offline, a failed round) would leave it loading until it goes on: the list then shows what
  // the device holds, and says more comes.
  const walk = useWalkCounts();
  const pause = useWalkPause();
  const data = withWalkCounts(useDashboard() ?? EMPTY_DASHBOARD, walk);
  const short = !!walk && data.recentArticles.length < Math.min(DASHBOARD_RECENT_ARTICLES, walk.articles);
  const listed = !short || pause !== undefined;
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
        articles={listed && (synced || data.recentArticles.length) ? data.recentArticles : undefined}
        // "No articles yet" would be untrue: the server has some, the device none of them yet.
        empty={short ? 'No articles on this device yet.' : undefined}
      />
      {short && pause ? <WalkPauseLine pause={pause} /> : null}
    </div>
  );
}
