// /admin/create: a new article, or, when the dashboard hands over an article through navigation
// state, that article edited in place (same id, sent with the version it was based on). The
// form shows at once; the rich-text editor arrives in its own chunk.
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CATEGORIES } from '@fw/contracts/categories';
import { newObjectId } from '@fw/contracts/object-id';
import { sendWrite } from '../../sync/send-write.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { buttonStyles } from '../../components/ui/IconButton.tsx';
import { discardEntry } from '../../sync/outbox.ts';
import { SUCCESS_FALLBACK } from '../../lib/admin-messages.ts';
import { paths } from '../../lib/paths.ts';
import page from '../../components/ui/AdminPage.module.css';
import { EMPTY_FORM, prefillFromState, toArticleBody, type ArticleFormValues, type Prefill } from './article-form.ts';
import styles from './CreateArticlePage.module.css';
import { PublishAtField } from './PublishAtField.tsx';
import { RevisionsPanel } from './RevisionsPanel.tsx';
import { PreviewActions } from './PreviewActions.tsx';

const RichTextEditor = lazy(async () => ({ default: (await import('./RichTextEditor.tsx')).RichTextEditor }));

export function CreateArticlePage() {
  const location = useLocation();
  // A new navigation (e.g. the menu's Create while editing) starts a fresh form.
  return <ArticleForm key={location.key} prefill={prefillFromState(location.state)} />;
}

function ArticleForm({ prefill }: { prefill: Prefill }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ArticleFormValues>(prefill.values);
  const [sending, setSending] = useState(false);
  const editing = prefill.target;
  const set = <K extends keyof ArticleFormValues>(field: K, value: ArticleFormValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.title.trim() || !values.subtitle.trim()) return;
    setSending(true);
    try {
      const id = editing?._id ?? newObjectId();
      const { entry, report } = await sendWrite(
        {
          kind: 'saveArticle',
          recordId: id,
          body: toArticleBody(values, id, editing),
          label: `${editing ? 'Update' : 'Create'} “${values.title.trim()}”`,
        },
        editing ? SUCCESS_FALLBACK.updated : SUCCESS_FALLBACK.created,
      );
      if (report?.outcome === 'failed') {
        // Refused (e.g. bad input): the text is still in the form to fix and send again, so the
        // refused copy need not wait in the outbox as well.
        await discardEntry(entry.seq!);
        return;
      }
      if (editing) {
        navigate(paths.admin, { replace: true });
      } else {
        setValues(EMPTY_FORM);
      }
    } catch {
      // sendWrite already showed why the device could not store it; the form keeps the text.
    } finally {
      setSending(false);
    }
  }

  const busyLabel = editing ? 'Updating...' : 'Adding...';
  const idleLabel = editing ? 'Update Article' : 'Create Article';
  return (
    <div className={page.page}>
      <h1 className={page.heading}>{editing ? 'Edit Article' : 'Create Article'}</h1>
      {editing ? <p className={page.lead}>Changes are saved to this article; no copy is made.</p> : null}
      <form className={styles.form} onSubmit={submit} aria-label={editing ? 'Edit article' : 'Create article'}>
        <label className={styles.field}>
          <span>Title</span>
          <input name="title" required value={values.title} onChange={(e) => set('title', e.target.value)} />
        </label>
        <label className={styles.field}>
          <span>Subtitle</span>
          <input name="subtitle" required value={values.subtitle} onChange={(e) => set('subtitle', e.target.value)} />
        </label>
        <div className={styles.field}>
          <span id="content-label">Content</span>
          <Suspense
            fallback={
              <div className={styles.editorLoading}>
                <Spinner label="Loading the editor" />
              </div>
            }
          >
            <RichTextEditor
              value={values.content}
              onChange={(html) => set('content', html)}
              labelledBy="content-label"
              describedBy="content-hint"
            />
          </Suspense>
          <span id="content-hint" className={styles.hint}>
            Tab moves on to the next field; indent with the toolbar or Ctrl+] and Ctrl+[.
          </span>
        </div>
        <div className={styles.row}>
          <label className={styles.field}>
            <span>Category</span>
            <select name="category" value={values.category} onChange={(e) => set('category', e.target.value)}>
              <option value="">Select category</option>
              {CATEGORIES.map((c) => (
                <option key={c.category} value={c.category}>
                  {c.category}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="isPublished"
              checked={values.isPublished}
              onChange={(e) => set('isPublished', e.target.checked)}
            />
            <span>Publish Now</span>
          </label>
          {values.isPublished ? null : <PublishAtField value={values.publishAt} onChange={(v) => set('publishAt', v)} />}
        </div>
        <div>
          <button type="submit" className={buttonStyles.primary} disabled={sending}>
            {sending ? busyLabel : idleLabel}
          </button>
        </div>
        {editing ? <PreviewActions articleId={editing._id} /> : null}
      </form>
      {editing?.version !== undefined ? <RevisionsPanel target={{ _id: editing._id, version: editing.version }} current={prefill.values} /> : null}
    </div>
  );
}
