// @vitest-environment node
// Verse anchors: a verse highlight is found by its reference, checked as a backup's record is,
// and drawn verse by verse with the newest edited highlight on top.
import { describe, expect, it } from 'vitest';
import type { VerseHighlight } from '../../db/db.ts';
import { isVersePassage, passageHref, passageTitle, selectionPassage, verseChapterId, verseMarks } from './verse-anchor.ts';

const mark = (id: string, verse: number, endVerse: number, updatedAt: number, note = ''): VerseHighlight => ({
  _id: id,
  chapterId: 'John.3',
  passage: { osis: 'John', chapter: 3, verse, endVerse },
  text: 'words',
  color: id === 'a' ? 'yellow' : 'blue',
  note,
  createdAt: updatedAt,
  updatedAt,
});

describe('verse anchors', () => {
  it('names, links and indexes a passage by its reference', () => {
    const passage = { osis: 'John', chapter: 3, verse: 16, endVerse: 18 };
    expect(passageTitle(passage)).toBe('John 3:16-18');
    expect(passageHref(passage)).toBe('/bible/john/3#v16-18');
    expect(verseChapterId(passage)).toBe('John.3');
    expect(passageTitle({ osis: 'Ps', chapter: 23, verse: 1, endVerse: 1 })).toBe('Psalm 23:1');
    expect(passageHref({ osis: '1Cor', chapter: 13, verse: 4, endVerse: 4 })).toBe('/bible/1-corinthians/13#v4');
  });

  it('spans the selected verses from first to last', () => {
    expect(selectionPassage('John', 3, new Set([18, 16]))).toEqual({ osis: 'John', chapter: 3, verse: 16, endVerse: 18 });
    expect(selectionPassage('John', 3, [])).toBeNull();
  });

  it('accepts only a real book and chapter with an ordered verse range', () => {
    expect(isVersePassage({ osis: 'John', chapter: 3, verse: 16, endVerse: 16 })).toBe(true);
    expect(isVersePassage({ osis: 'John', chapter: 22, verse: 1, endVerse: 1 })).toBe(false);
    expect(isVersePassage({ osis: 'Jn', chapter: 3, verse: 1, endVerse: 1 })).toBe(false);
    expect(isVersePassage({ osis: 'John', chapter: 3, verse: 18, endVerse: 16 })).toBe(false);
    expect(isVersePassage({ osis: 'John', chapter: 3, verse: 0, endVerse: 1 })).toBe(false);
    expect(isVersePassage({ osis: 'John', chapter: '3', verse: 1, endVerse: 1 })).toBe(false);
    expect(isVersePassage(null)).toBe(false);
  });

  it('draws each verse with the newest edited highlight covering it', () => {
    const marks = verseMarks([mark('a', 1, 3, 10, 'a note'), mark('b', 3, 4, 20)]);
    expect([...marks.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(marks.get(1)).toEqual({ id: 'a', color: 'yellow', noted: true });
    expect(marks.get(3)).toEqual({ id: 'b', color: 'blue', noted: false });
    expect(verseMarks([mark('b', 3, 4, 20), mark('a', 1, 3, 10)]).get(3)?.id).toBe('b');
  });
});
