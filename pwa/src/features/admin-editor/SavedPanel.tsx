// The editor's screen after a save: what was saved and how far it got, with the next steps —
// "View article" for a published one the server has, "Preview" for a draft (PreviewActions.tsx),
// and "Keep editing", which opens the saved article in the editor (as the dashboard does), so the
// text is all there. A save still in the outbox says it will be sent.
import { Link, useNavigate } from 'react-router-dom';
import { buttonStyles } from '../../components/ui/IconButton.tsx';
import { db } from '../../db/db.ts';
import { CONFLICT_SENTENCE } from '../../lib/admin-messages.ts';
import { paths } from '../../lib/paths.ts';
import { useOnline } from '../../sync/status.ts';
import type { SavedNote } from './after-save.ts';
import { PreviewActions } from './PreviewActions.tsx';
import styles from './SavedPanel.module.css';

function headline({ action, outcome, isPublished }: SavedNote): string {
  if (outcome === 'queued') return 'Saved on this device';
  if (outcome === 'conflict') return 'Not saved yet: edits crossed';
  if (action === 'restored') return 'Version restored';
  if (action === 'updated') return 'Article updated';
  return isPublished ? 'Article created and published' : 'Draft created';
}

function detail(note: SavedNote, online: boolean): string {
  if (note.outcome === 'queued') {
    return online ? 'It will be sent shortly.' : 'It will be sent when the connection returns.';
  }
  if (note.outcome === 'conflict') return `${CONFLICT_SENTENCE} The choice is at the top of this screen.`;
  return note.isPublished ? 'It is public now.' : 'It is a draft: only admins can see it.';
}

export function SavedPanel({ note }: { note: SavedNote }) {
  const navigate = useNavigate();
  const online = useOnline();
  const sent = note.outcome === 'sent';

  async function keepEditing() {
    // The device's copy has the saved text and the version the next save builds on.
    const article = await db.adminArticles.get(note.id);
    navigate(paths.adminCreate, { replace: true, state: article ? { article } : undefined });
  }

  return (
    <section className={styles.panel} aria-labelledby="saved-heading" data-testid="saved-panel" data-outcome={note.outcome}>
      <h2 id="saved-heading" className={styles.heading}>
        {headline(note)}
      </h2>
      <p className={styles.text}>
        “{note.title}”. {detail(note, online)}
      </p>
      <div className={styles.actions}>
        {sent && note.isPublished ? (
          <Link to={paths.article(note.id)} className={buttonStyles.primary}>
            View article
          </Link>
        ) : null}
        <button type="button" className={sent && note.isPublished ? buttonStyles.secondary : buttonStyles.primary} onClick={() => void keepEditing()}>
          Keep editing
        </button>
        <Link to={paths.adminCreate} className={buttonStyles.secondary}>
          New article
        </Link>
      </div>
      {sent && !note.isPublished ? <PreviewActions articleId={note.id} /> : null}
    </section>
  );
}
