// @vitest-environment node
// The Bible text as the build takes it from its package (vite-plugins/bible.ts): where the
// package's words differ from the printed 1901 edition, the book carries the edition's.
import { describe, expect, it } from 'vitest';
import { ERRATA, readBooks } from '../../../vite-plugins/bible.ts';

const books = await readBooks();

describe('the Bible text of the build', () => {
  it('reads Psalm 23:4 as the 1901 edition prints it', () => {
    expect(books[18]!.chapters[22]![3]).toMatch(/^Yea, though I walk through the valley of the shadow of death/);
  });

  it('carries every correction and none of the words it replaces', () => {
    expect(ERRATA.length).toBeGreaterThan(0);
    for (const { book, chapter, verse, wrong, right } of ERRATA) {
      const text = books[book - 1]!.chapters[chapter - 1]![verse - 1]!;
      expect(text).toContain(right);
      expect(text).not.toContain(wrong);
    }
  });
});
