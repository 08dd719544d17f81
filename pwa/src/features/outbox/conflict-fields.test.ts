// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CONTEXT_CHARS, differingFields, markDifference } from './conflict-fields.ts';

const article = (extra: Record<string, unknown> = {}) => ({
  title: 'Hope at home',
  subtitle: 'Small steps',
  category: 'Hope',
  isPublished: false,
  content: '<p>The same long opening paragraph that both versions share word for word.</p>',
  ...extra,
});

describe('differingFields', () => {
  it('lists only the fields that differ, in form order', () => {
    const fields = differingFields(article({ subtitle: 'Mine' }), article({ subtitle: 'Theirs', isPublished: true }));
    expect(fields.map((f) => f.label)).toEqual(['Subtitle', 'Status']);
  });

  it('marks the changed words and keeps a little unchanged text around them', () => {
    const shared = 'x'.repeat(200);
    const { mine, theirs } = markDifference(`${shared} my words ${shared}`, `${shared} their words ${shared}`);
    expect(mine.changed).toBe('my');
    expect(theirs.changed).toBe('their');
    expect(mine.before).toBe(`…${'x'.repeat(CONTEXT_CHARS - 1)} `);
    expect(mine.after.startsWith(' words ')).toBe(true);
    expect(mine.after.endsWith('…')).toBe(true);
  });

  it('shows an insertion as nothing on the side without it', () => {
    const { mine, theirs } = markDifference('Read Psalm 23.', 'Read Psalm 23 together.');
    expect(mine.changed).toBe('');
    expect(theirs.changed).toBe(' together');
  });

  it('compares a lesson write (form fields) with the server’s stored lesson', () => {
    const mine = { date: '2026-01-02', title: 'Kindness', text: 'Read Micah 6:8.', broadcast: false, extras: [] };
    const theirs = { _id: 'x', date: '2026-01-02', D: 'January 2, 2026', T: 'Kindness', R: 'Read Micah 6:8 together.' };
    expect(differingFields(mine, theirs).map((f) => f.label)).toEqual(['Text']);
  });
});
