// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

// An article's link keeps any text inside /article/ (the pages that make links check ids first:
// features/study/NotesPage.tsx, features/study/backup.ts).
describe('paths.article', () => {
  it('is /article/<id> for a real id', () => {
    expect(paths.article('64f0000000000000000000a1')).toBe('/article/64f0000000000000000000a1');
  });

  it.each(['../../admin', '..', '.', 'a/b', '?x=1', '#top', '//evil.example'])('keeps %j one segment under /article/', (id) => {
    const url = new URL(paths.article(id), 'https://family.example.org/notes');
    expect(url.origin).toBe('https://family.example.org');
    // Under /article/ and one segment at most ("." and ".." name no article: an empty one).
    expect(url.pathname).toMatch(/^\/article\/[^/]*$/);
    expect(url.search + url.hash).toBe('');
    const segment = decodeURIComponent(url.pathname.slice('/article/'.length));
    expect(segment).toBe(id === '.' || id === '..' ? '' : id);
  });
});
