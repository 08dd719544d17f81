// The article form's fields past title and subtitle: the content (the rich-text editor, which
// arrives in its own chunk) and the publishing row (category, publish now or at a time).
import { lazy, Suspense } from 'react';
import { CATEGORIES } from '@fw/contracts/categories';
import { Spinner } from '../../components/ui/Spinner.tsx';
import type { ArticleFormValues } from './article-form.ts';
import type { SetField } from './use-article-save.ts';
import styles from './CreateArticlePage.module.css';
import { PublishAtField } from './PublishAtField.tsx';

const RichTextEditor = lazy(async () => ({ default: (await import('./RichTextEditor.tsx')).RichTextEditor }));

export function ContentField({ value, set }: { value: string; set: SetField }) {
  return (
    <div className={styles.field}>
      <span id="content-label">Content</span>
      <Suspense
        fallback={
          <div className={styles.editorLoading}>
            <Spinner label="Loading the editor" />
          </div>
        }
      >
        <RichTextEditor value={value} onChange={(html, byUser) => set('content', html, byUser)} labelledBy="content-label" describedBy="content-hint" />
      </Suspense>
      <span id="content-hint" className={styles.hint}>
        Tab moves on to the next field; indent with the toolbar or Ctrl+] and Ctrl+[.
      </span>
    </div>
  );
}

export function PublishingRow({ values, set }: { values: ArticleFormValues; set: SetField }) {
  return (
    <div className={styles.publishing} data-testid="publishing-row">
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
        <input type="checkbox" name="isPublished" checked={values.isPublished} onChange={(e) => set('isPublished', e.target.checked)} />
        <span>Publish Now</span>
      </label>
      {values.isPublished ? null : <PublishAtField value={values.publishAt} onChange={(v) => set('publishAt', v)} />}
    </div>
  );
}
