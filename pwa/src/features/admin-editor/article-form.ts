// The create/edit form's data: reading an article handed over by navigation (the edit flow),
// turning the form into the article input the outbox sends, and tidying the editor's HTML.
import { CATEGORY_NAMES, categoryOf } from '@fw/contracts/categories';
import { OBJECT_ID_PATTERN } from '@fw/contracts/limits';
import { ordinarySpaces } from '@fw/contracts/spaces';
import { fromLocalInput, toLocalInput } from '../../lib/schedule-time.ts';

export interface ArticleFormValues {
  title: string;
  subtitle: string;
  content: string;
  /** '' is the blank "Select category" option. */
  category: string;
  isPublished: boolean;
  /** "Publish at" as the datetime-local field holds it (the admin's time zone); '' for none. */
  publishAt: string;
}

export const EMPTY_FORM: ArticleFormValues = {
  title: '',
  subtitle: '',
  content: '',
  category: '',
  isPublished: false,
  publishAt: '',
};

/** The article being edited: which record to save in place and the version the edit is based on. */
export interface EditTarget {
  _id: string;
  version?: number;
}

export interface Prefill {
  values: ArticleFormValues;
  target: EditTarget | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Navigation state is whatever the previous screen (or history, after a reload) put there, so it
 * is read defensively: `{ article }` or the article itself; category as a name or `{ category }`;
 * unknown categories fall back to the blank option rather than a value the dropdown lacks.
 */
export function prefillFromState(state: unknown): Prefill {
  const source = state && typeof state === 'object' && 'article' in state ? (state as { article: unknown }).article : state;
  if (!source || typeof source !== 'object') return { values: EMPTY_FORM, target: null };
  const article = source as Record<string, unknown>;
  const category = categoryOf(article.category).trim();
  const values: ArticleFormValues = {
    title: text(article.title),
    subtitle: text(article.subtitle),
    content: text(article.content),
    category: (CATEGORY_NAMES as readonly string[]).includes(category) ? category : '',
    isPublished: article.isPublished === true,
    publishAt: article.isPublished === true ? '' : toLocalInput(text(article.publishAt)),
  };
  const id = text(article._id);
  if (!OBJECT_ID_PATTERN.test(id)) return { values, target: null };
  const version = typeof article.version === 'number' && Number.isInteger(article.version) ? article.version : undefined;
  return { values, target: { _id: id, version } };
}

/**
 * Quill 2's semantic HTML writes every space as &nbsp; (contracts/src/spaces.ts), and an empty
 * editor still holds an empty paragraph. The server normalises too; doing it here keeps the
 * device's optimistic copy the same as what the server will store.
 */
export function tidyEditorHtml(html: string): string {
  const spaced = ordinarySpaces(html);
  return /^(?:<p>(?:<br\s*\/?>|\s)*<\/p>)*$/i.test(spaced.trim()) ? '' : spaced;
}

/** The article input the outbox sends (its saveArticle body): an edit carries its base version. */
export function toArticleBody(values: ArticleFormValues, id: string, target: EditTarget | null): Record<string, unknown> {
  const body: Record<string, unknown> = {
    _id: id,
    title: values.title.trim(),
    subtitle: values.subtitle.trim(),
    content: tidyEditorHtml(values.content),
    category: values.category,
    isPublished: values.isPublished,
  };
  // A schedule belongs to a draft; an edit sends null to clear one it may have had.
  const publishAt = values.isPublished ? null : fromLocalInput(values.publishAt);
  if (publishAt !== null || target) body.publishAt = publishAt;
  if (target && target.version !== undefined) body.version = target.version;
  return body;
}
