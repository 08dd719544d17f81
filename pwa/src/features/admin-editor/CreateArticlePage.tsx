// /admin/create: a new article, or, when the dashboard hands over an article through navigation
// state, that article edited in place (same id, sent with the version it was based on). The
// form shows at once; the rich-text editor arrives in its own chunk (ArticleFields.tsx). After a
// save the same address shows what was saved (SavedPanel.tsx).
import { useEffect, type ChangeEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { SITE_NAME } from '@fw/contracts/pages';
import { buttonStyles } from '../../components/ui/IconButton.tsx';
import page from '../../components/ui/AdminPage.module.css';
import { prefillFromState, type Prefill } from './article-form.ts';
import { ContentField, PublishingRow } from './ArticleFields.tsx';
import { useArticleSave } from './use-article-save.ts';
import styles from './CreateArticlePage.module.css';
import { RevisionsPanel } from './RevisionsPanel.tsx';
import { PreviewActions } from './PreviewActions.tsx';
import { isEditState, savedFromState } from './after-save.ts';
import { SavedPanel } from './SavedPanel.tsx';

export function CreateArticlePage() {
  const location = useLocation();
  const heading = isEditState(location.state) ? 'Edit Article' : 'Create Article';
  useEffect(() => {
    // The other admin screens keep the tab's title, so leaving the editor gives it back.
    const before = document.title;
    document.title = `${heading} · ${SITE_NAME}`;
    return () => {
      document.title = before;
    };
  }, [heading]);
  const saved = savedFromState(location.state);
  if (saved) {
    return (
      <div className={page.page}>
        <h1 className={page.heading}>{heading}</h1>
        <SavedPanel key={location.key} note={saved} />
      </div>
    );
  }
  // A new navigation (e.g. the menu's Create while editing) starts a fresh form.
  return <ArticleForm key={location.key} prefill={prefillFromState(location.state)} />;
}

function ArticleForm({ prefill }: { prefill: Prefill }) {
  const { values, set, sending, submit, dialog } = useArticleSave(prefill);
  const editing = prefill.target;
  const busyLabel = editing ? 'Updating...' : 'Adding...';
  const idleLabel = editing ? 'Update Article' : 'Create Article';
  // A change clears what the save said of the field (a title of only spaces: use-article-save.ts).
  const typed = (field: 'title' | 'subtitle') => (event: ChangeEvent<HTMLInputElement>) => {
    event.target.setCustomValidity('');
    set(field, event.target.value);
  };
  return (
    <div className={page.page}>
      <h1 className={page.heading}>{editing ? 'Edit Article' : 'Create Article'}</h1>
      {editing ? <p className={page.lead}>Changes are saved to this article; no copy is made.</p> : null}
      <form className={styles.form} onSubmit={submit} aria-label={editing ? 'Edit article' : 'Create article'}>
        <label className={styles.field}>
          <span>Title</span>
          <input name="title" required value={values.title} onChange={typed('title')} />
        </label>
        <label className={styles.field}>
          <span>Subtitle</span>
          <input name="subtitle" required value={values.subtitle} onChange={typed('subtitle')} />
        </label>
        <ContentField value={values.content} set={set} />
        <PublishingRow values={values} set={set} />
        <div>
          <button type="submit" className={buttonStyles.primary} disabled={sending}>
            {sending ? busyLabel : idleLabel}
          </button>
        </div>
        {editing ? <PreviewActions articleId={editing._id} /> : null}
      </form>
      {editing?.version !== undefined ? <RevisionsPanel target={{ _id: editing._id, version: editing.version }} current={prefill.values} /> : null}
      {dialog}
    </div>
  );
}
