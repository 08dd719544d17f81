// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, prefillFromState, tidyEditorHtml, toArticleBody } from './article-form.ts';

const ID = '65a1b2c3d4e5f60718293a4b';
const article = {
  _id: ID,
  title: 'Walking with God',
  subtitle: 'Daily steps',
  content: '<p>Hello</p>',
  category: 'Life',
  isPublished: false,
  version: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('prefillFromState', () => {
  it('starts empty without state', () => {
    expect(prefillFromState(null)).toEqual({ values: EMPTY_FORM, target: null });
    expect(prefillFromState(undefined)).toEqual({ values: EMPTY_FORM, target: null });
    expect(prefillFromState('nonsense')).toEqual({ values: EMPTY_FORM, target: null });
  });

  it('reads { article } and keeps the id and the version the edit is based on', () => {
    expect(prefillFromState({ article })).toEqual({
      values: { title: 'Walking with God', subtitle: 'Daily steps', content: '<p>Hello</p>', category: 'Life', isPublished: false, publishAt: '' },
      target: { _id: ID, version: 3 },
    });
  });

  it('accepts the article itself as the state', () => {
    expect(prefillFromState(article).target).toEqual({ _id: ID, version: 3 });
  });

  it('takes the category as a string or as an object with a category field', () => {
    expect(prefillFromState({ article: { ...article, category: { category: 'Hope', heading: 'Hope' } } }).values.category).toBe('Hope');
    expect(prefillFromState({ article: { ...article, category: 'Truth' } }).values.category).toBe('Truth');
  });

  it('falls back to the blank option for unknown or missing categories', () => {
    expect(prefillFromState({ article: { ...article, category: 'Sports' } }).values.category).toBe('');
    expect(prefillFromState({ article: { ...article, category: { nope: 1 } } }).values.category).toBe('');
    expect(prefillFromState({ article: { ...article, category: undefined } }).values.category).toBe('');
  });

  it('reads the published flag strictly and tolerates missing text fields', () => {
    const { values } = prefillFromState({ article: { _id: ID, isPublished: 'yes' } });
    expect(values).toEqual({ ...EMPTY_FORM });
    expect(prefillFromState({ article: { ...article, isPublished: true } }).values.isPublished).toBe(true);
  });

  it('edits nothing when the id is not an ObjectId (it would make a copy)', () => {
    expect(prefillFromState({ article: { ...article, _id: 'abc' } }).target).toBeNull();
    expect(prefillFromState({ article: { ...article, version: 'x' } }).target).toEqual({ _id: ID, version: undefined });
  });
});

describe('tidyEditorHtml', () => {
  it('turns Quill’s &nbsp; spaces into ordinary ones', () => {
    expect(tidyEditorHtml('<p>the&nbsp;quick&nbsp;brown</p>')).toBe('<p>the quick brown</p>');
    expect(tidyEditorHtml('<p>a\u00a0b</p>')).toBe('<p>a b</p>');
  });

  it('treats an empty editor as no content', () => {
    expect(tidyEditorHtml('<p><br></p>')).toBe('');
    expect(tidyEditorHtml('<p></p>')).toBe('');
    expect(tidyEditorHtml('')).toBe('');
    expect(tidyEditorHtml('<p><br></p><p>x</p>')).toBe('<p><br></p><p>x</p>');
  });
});

describe('toArticleBody', () => {
  const values = { title: '  A title ', subtitle: ' Sub ', content: '<p>x&nbsp;y</p>', category: 'Proof', isPublished: true, publishAt: '' };

  it('makes a create body without a version', () => {
    expect(toArticleBody(values, ID, null)).toEqual({
      _id: ID,
      title: 'A title',
      subtitle: 'Sub',
      content: '<p>x y</p>',
      category: 'Proof',
      isPublished: true,
    });
  });

  it('makes an edit body carrying the base version', () => {
    expect(toArticleBody(values, ID, { _id: ID, version: 7 })).toMatchObject({ _id: ID, version: 7 });
  });

  it('sends a draft’s “Publish at” as an absolute time, read in the device’s time zone', () => {
    const draft = { ...values, isPublished: false, publishAt: '2026-12-01T09:30' };
    const body = toArticleBody(draft, ID, null);
    // new Date('YYYY-MM-DDTHH:mm') is local time too: the same instant, whatever the zone.
    expect(body.publishAt).toBe(new Date('2026-12-01T09:30').toISOString());
  });

  it('drops the time when publishing now, and clears it on an edit without one', () => {
    expect(toArticleBody({ ...values, publishAt: '2026-12-01T09:30' }, ID, null)).not.toHaveProperty('publishAt');
    expect(toArticleBody({ ...values, isPublished: false }, ID, { _id: ID, version: 2 }).publishAt).toBeNull();
  });
});

describe('a scheduled article in the form', () => {
  it('shows its time in the device’s time zone, and none once published', () => {
    const iso = new Date('2026-12-01T09:30').toISOString();
    expect(prefillFromState({ article: { ...article, publishAt: iso } }).values.publishAt).toBe('2026-12-01T09:30');
    expect(prefillFromState({ article: { ...article, isPublished: true, publishAt: iso } }).values.publishAt).toBe('');
  });
});
