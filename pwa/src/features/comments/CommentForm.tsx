import { useState, type FormEvent } from 'react';
import { LIMITS } from '@fw/contracts/limits';
import { newObjectId } from '@fw/contracts/object-id';
import { enqueue, waitForReport } from '../../sync/outbox.ts';
import { notifyError, notifySuccess } from '../../components/ui/toast.tsx';
import { keepDraft, readDraft } from './comment-draft.ts';
import styles from './CommentSection.module.css';

/** How long the form waits to show the server's own answer before saying it will be sent later. */
const SEND_WAIT_MS = 8_000;
const COMMENT_QUEUED_MESSAGE = 'You are offline. Your comment is saved and will be sent when the connection returns.';

/** `onPosted` hears the new comment's id once it is on the device (and in the list). */
export function CommentForm({ articleId, onPosted }: { articleId: string; onPosted: (id: string) => void }) {
  // What was typed and not sent comes back with the article's page (comment-draft.ts says where it is kept).
  const [draft, setDraft] = useState(() => readDraft(articleId));
  const { name, content } = draft;
  const edit = (change: Partial<typeof draft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    keepDraft(articleId, next);
  };
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending || !name.trim() || !content.trim()) return;
    setSending(true);
    try {
      const id = newObjectId();
      const entry = await enqueue({
        kind: 'addComment',
        recordId: id,
        body: { _id: id, article: articleId, name: name.trim(), content: content.trim() },
        label: `Comment by ${name.trim()}`,
      });
      edit({ name: '', content: '' });
      onPosted(id);
      const report = navigator.onLine ? await waitForReport(entry.key, SEND_WAIT_MS) : null;
      if (!report) notifySuccess(COMMENT_QUEUED_MESSAGE);
      else if (report.outcome === 'done') notifySuccess(report.message || 'Thank you for your comment!');
      else notifyError(report.message);
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Leave a comment">
      <label>
        <span>Name</span>
        <input
          name="name"
          required
          maxLength={LIMITS.COMMENT_NAME_MAX_CHARS}
          autoComplete="given-name"
          value={name}
          onChange={(e) => edit({ name: e.target.value })}
        />
      </label>
      <label>
        <span>Comment</span>
        <textarea
          name="content"
          required
          rows={4}
          maxLength={LIMITS.COMMENT_TEXT_MAX_CHARS}
          value={content}
          onChange={(e) => edit({ content: e.target.value })}
        />
      </label>
      {/* Not disabled while sending: a disabled button drops the keyboard to the page's top, and
          the next Tab went on to the footer, past the comment just posted. */}
      <button type="submit" aria-disabled={sending}>
        {sending ? 'Sending…' : 'Post Comment'}
      </button>
    </form>
  );
}
