// A 409 on an edit: the admin's version beside the server's, as plain text, so they can choose.
import { htmlToText } from '@fw/contracts/text';
import { categoryOf } from '@fw/contracts/categories';
import styles from './OutboxPanel.module.css';

/** Enough of the body to tell the two versions apart without rendering either's HTML. */
const EXCERPT_CHARS = 400;

function Version({ heading, article }: { heading: string; article: Record<string, unknown> }) {
  const text = htmlToText(typeof article.content === 'string' ? article.content : '');
  return (
    <div className={styles.version}>
      <h3>{heading}</h3>
      <dl>
        <dt>Title</dt>
        <dd>{String(article.title ?? '')}</dd>
        <dt>Subtitle</dt>
        <dd>{String(article.subtitle ?? '')}</dd>
        <dt>Category</dt>
        <dd>{categoryOf(article.category) || '—'}</dd>
        <dt>Status</dt>
        <dd>{article.isPublished ? 'Published' : 'Draft'}</dd>
        <dt>Text</dt>
        <dd className={styles.excerpt}>{text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text || '—'}</dd>
      </dl>
    </div>
  );
}

export function ConflictVersions({ mine, theirs }: { mine: Record<string, unknown>; theirs: Record<string, unknown> }) {
  return (
    <div className={styles.versions} data-testid="conflict-versions">
      <Version heading="Your version" article={mine} />
      <Version heading="Server version" article={theirs} />
    </div>
  );
}
