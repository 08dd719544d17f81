// An article's state in the admin tables: Published, Draft, or "Scheduled for …" (the draft's
// publication time in the admin's time zone, lib/schedule-time.ts).
import { scheduledLabel } from '../../lib/schedule-time.ts';
import type { LocalAdminArticle } from '../../db/db.ts';
import styles from './ArticlesTable.module.css';

export function ArticleStatus({ article }: { article: LocalAdminArticle }) {
  if (article.isPublished) return <span className={styles.published}>Published</span>;
  if (article.publishAt) {
    return (
      <time className={styles.scheduled} dateTime={article.publishAt} data-testid="scheduled-status">
        {scheduledLabel(article.publishAt)}
      </time>
    );
  }
  return <span className={styles.draft}>Draft</span>;
}
