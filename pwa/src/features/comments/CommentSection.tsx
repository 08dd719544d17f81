// An article's comments: the form, and the list of approved comments plus this device's own
// comments waiting for approval (or waiting to be sent). A comment just posted is brought into
// view, clear of the toast that answers it (CommentSection.module.css).
import { useEffect, useRef, useState } from 'react';
import { ClockIcon } from '../../components/ui/icons.tsx';
import { RelativeTime } from '../../components/ui/RelativeTime.tsx';
import { CommentForm } from './CommentForm.tsx';
import styles from './CommentSection.module.css';
import { useComments } from './use-comments.ts';

export function CommentSection({ articleId }: { articleId: string }) {
  const comments = useComments(articleId);
  const approved = comments?.filter((c) => c.isApproved).length ?? 0;
  const listRef = useRef<HTMLUListElement>(null);
  const [posted, setPosted] = useState<string | null>(null);
  useEffect(() => {
    const item = posted ? listRef.current?.querySelector(`[data-comment-id="${posted}"]`) : null;
    if (!item) return;
    item.scrollIntoView({ block: 'nearest' });
    setPosted(null);
  }, [posted, comments]);
  return (
    <section className={styles.section} aria-labelledby="comments-heading">
      <h2 id="comments-heading">
        Comments <span className={styles.count} data-testid="comment-count">({approved})</span>
      </h2>
      <CommentForm articleId={articleId} onPosted={setPosted} />
      {comments && comments.length === 0 ? (
        <p className={styles.empty}>No comments yet. Be the first to share a thought.</p>
      ) : null}
      <ul className={styles.list} ref={listRef}>
        {comments?.map((c) => (
          <li key={c._id} className={styles.comment} data-testid="comment" data-comment-id={c._id}>
            <div className={styles.meta}>
              <strong>{c.name}</strong>
              <RelativeTime at={c.createdAt} />
            </div>
            <p className={styles.text}>{c.content}</p>
            {!c.isApproved ? (
              <p className={styles.waiting} data-testid="comment-waiting">
                <ClockIcon /> {c.pending ? 'Waiting to be sent' : 'Waiting for approval: only you can see this'}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
