// The editor's "Earlier versions": the article's kept revisions, newest first. One opens read-only
// with the paragraphs that differ from the current text marked (revision-diff.ts); "Restore this
// version" saves it as the article's new version through the outbox, an ordinary edit based on
// the version the editor holds, so a conflict with someone else's save is handled as any other.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Revision } from '@fw/contracts';
import { RelativeTime } from '../../components/ui/RelativeTime.tsx';
import { buttonStyles } from '../../components/ui/IconButton.tsx';
import { useConfirm } from '../../components/ui/useConfirm.tsx';
import { sendWrite } from '../../sync/send-write.ts';
import { discardEntry } from '../../sync/outbox.ts';
import { SUCCESS_FALLBACK } from '../../lib/admin-messages.ts';
import { paths } from '../../lib/paths.ts';
import { toArticleBody, type ArticleFormValues, type EditTarget } from './article-form.ts';
import { outcomeOf, savedState } from './after-save.ts';
import { markChanges } from './revision-diff.ts';
import { fetchRevision, useRevisions } from './use-revisions.ts';
import styles from './RevisionsPanel.module.css';

const RESTORE_QUESTION = {
  title: 'Restore this version?',
  text: 'It becomes the article’s new version. The current text is kept among the earlier versions.',
};

interface RevisionsPanelProps {
  target: EditTarget & { version: number };
  /** The article as saved (the version the editor opened): what revisions are compared with. */
  current: ArticleFormValues;
}

export function RevisionsPanel({ target, current }: RevisionsPanelProps) {
  const { state, retry } = useRevisions(target._id, target.version);
  const [open, setOpen] = useState<Revision | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function show(n: number) {
    setProblem(null);
    try {
      setOpen(await fetchRevision(target._id, n));
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="revisions-heading">
      <h2 id="revisions-heading" className={styles.heading}>
        Earlier versions
      </h2>
      {state.status === 'loading' ? <p className={styles.note}>Loading earlier versions…</p> : null}
      {state.status === 'failed' ? (
        <p className={styles.note} role="status">
          {state.message}{' '}
          <button type="button" className={buttonStyles.small} onClick={retry}>
            Retry
          </button>
        </p>
      ) : null}
      {state.status === 'ready' && state.revisions.length === 0 ? (
        <p className={styles.note}>None yet: each save keeps the version it replaces (the last 50).</p>
      ) : null}
      {state.status === 'ready' && state.revisions.length > 0 ? (
        <ol className={styles.list} aria-label="Earlier versions">
          {state.revisions.map((revision) => (
            <li key={revision.n} className={styles.item} data-testid="revision-row">
              <span className={styles.itemText}>
                <strong>{revision.title}</strong>
                <span className={styles.meta}>
                  Version {revision.version}
                  {revision.by ? ` · ${revision.by}` : ''} · <RelativeTime at={revision.at} />
                </span>
              </span>
              <button
                type="button"
                className={buttonStyles.small}
                onClick={() => void show(revision.n)}
                aria-label={`Open version ${revision.version}`}
              >
                Open
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {problem ? (
        <p className={styles.note} role="alert">
          {problem}
        </p>
      ) : null}
      {open ? <RevisionView revision={open} target={target} current={current} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

interface RevisionViewProps {
  revision: Revision;
  target: EditTarget & { version: number };
  current: ArticleFormValues;
  onClose: () => void;
}

const CHANGE_LABEL = { changed: 'Differs from the current text', removed: 'Only in the current text' } as const;

function RevisionView({ revision, target, current, onClose }: RevisionViewProps) {
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const [sending, setSending] = useState(false);
  const blocks = markChanges(current.content, revision.content);
  const changedFields = (['title', 'subtitle', 'category'] as const).filter((field) => revision[field] !== current[field]);

  async function restore() {
    if (!(await confirm(RESTORE_QUESTION))) return;
    setSending(true);
    try {
      // The revision's text with the article's present publication state: a restore changes words.
      const values: ArticleFormValues = { ...current, ...pick(revision) };
      const { entry, report } = await sendWrite(
        {
          kind: 'saveArticle',
          recordId: target._id,
          body: toArticleBody(values, target._id, target),
          label: `Restore “${revision.title}” (version ${revision.version})`,
        },
        SUCCESS_FALLBACK.updated,
      );
      if (report?.outcome === 'failed') {
        await discardEntry(entry.seq!);
        return;
      }
      navigate(paths.adminCreate, {
        replace: true,
        state: savedState({
          id: target._id,
          title: values.title.trim(),
          isPublished: values.isPublished,
          action: 'restored',
          outcome: outcomeOf(report),
        }),
      });
    } catch {
      // sendWrite already said why the device could not store it.
    } finally {
      setSending(false);
    }
  }

  return (
    <article className={styles.view} aria-label={`Version ${revision.version}, read-only`} data-testid="revision-view">
      <header className={styles.viewHeader}>
        <h3 className={styles.heading}>
          Version {revision.version} <span className={styles.meta}>(read-only)</span>
        </h3>
        <div className={styles.actions}>
          <button type="button" className={buttonStyles.primary} onClick={() => void restore()} disabled={sending}>
            {sending ? 'Restoring...' : 'Restore this version'}
          </button>
          <button type="button" className={buttonStyles.small} onClick={onClose}>
            Close
          </button>
        </div>
      </header>
      <dl className={styles.fields}>
        {(['title', 'subtitle', 'category'] as const).map((field) => (
          <div key={field} data-change={changedFields.includes(field) ? 'changed' : 'same'}>
            <dt>{field[0]!.toUpperCase() + field.slice(1)}</dt>
            <dd>{revision[field] || '—'}</dd>
          </div>
        ))}
      </dl>
      <div className={`${styles.content} article-content`}>
        {blocks.map((block, i) => (
          <div
            key={i}
            className={styles[block.change]}
            data-change={block.change}
            title={block.change === 'same' ? undefined : CHANGE_LABEL[block.change]}
          >
            {block.change === 'same' ? null : <span className={styles.srOnly}>{CHANGE_LABEL[block.change]}: </span>}
            {/* Stored article HTML, sanitised by the server with its allow-list when it was saved. */}
            <div dangerouslySetInnerHTML={{ __html: block.html }} />
          </div>
        ))}
      </div>
      {dialog}
    </article>
  );
}

function pick(revision: Revision): Pick<ArticleFormValues, 'title' | 'subtitle' | 'category' | 'content'> {
  return { title: revision.title, subtitle: revision.subtitle, category: revision.category, content: revision.content };
}
