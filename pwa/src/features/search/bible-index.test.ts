// @vitest-environment node
// The Bible's word index (bible-index.ts) against the rule it stands for: the verses containing a
// query (a case-insensitive substring, contracts/src/text.ts) are always among its candidates, and
// for a query of one word-run every candidate is such a verse.
import { describe, expect, it } from 'vitest';
import { foldForSearch, normaliseQuery } from '@fw/contracts/text';
import { BibleIndex, type IndexedChapter } from './bible-index.ts';

const CHAPTERS: IndexedChapter[] = [
  { id: 'Ruth.1', verses: ['And Ruth said, Entreat me not to leave thee.', 'Whither thou goest, I will go.'] },
  { id: 'Ps.36', verses: ['Thy lovingkindness, O Jehovah, is in the heavens.', 'How precious is thy lovingkindness, O God!', 'Mankind and beast.'] },
  { id: 'John.3', verses: ['For God so loved the world, that he gave his only begotten Son.'] },
];
const ALL_VERSES = CHAPTERS.flatMap((c) => c.verses);

/** The slots of the verses that hold `query`, by the rule itself. */
const byRule = (query: string) =>
  ALL_VERSES.flatMap((text, slot) => (foldForSearch(text).includes(normaliseQuery(query)) ? [slot] : []));

describe('the Bible word index', () => {
  const index = BibleIndex.build('Ps:a,Ruth:b,John:c', CHAPTERS);

  it('numbers the verses in the order of the chapters given and finds each one’s place', () => {
    expect(index.verseCount).toBe(6);
    expect(index.place(0)).toEqual({ chapter: 0, verse: 1 });
    expect(index.place(3)).toEqual({ chapter: 1, verse: 2 });
    expect(index.place(5)).toEqual({ chapter: 2, verse: 1 });
  });

  it('answers a query of one word-run from its lists alone: every candidate holds it', () => {
    for (const query of ['lovingkindness', 'Kind', 'go', 'the', 'zebra']) {
      const found = index.candidates(normaliseQuery(query))!;
      expect(found.exact, query).toBe(true);
      expect(Array.from(found.slots), query).toEqual(byRule(query));
    }
  });

  it('keeps every verse holding a longer query among the candidates, in Bible order', () => {
    for (const query of ['so loved the', 'od so lov', 'thy lovingkindness, o', 'ruth said', 'is in the heavens.', 'O God!']) {
      const found = index.candidates(normaliseQuery(query))!;
      expect(found.exact, query).toBe(false);
      const slots = Array.from(found.slots);
      expect(slots, query).toEqual([...slots].sort((a, b) => a - b));
      for (const slot of byRule(query)) expect(slots, query).toContain(slot);
    }
    // Words in the right places only: "so" must end a word and "lov" start one.
    expect(Array.from(index.candidates('od so lov')!.slots)).toEqual([5]);
  });

  it('has no candidates to offer for a query without letters or digits', () => {
    expect(index.candidates(', ')).toBeNull();
  });

  it('answers the same after a round trip through its flat form', () => {
    const restored = BibleIndex.restore(structuredClone(index.snapshot()));
    expect(restored.stamp).toBe('Ps:a,Ruth:b,John:c');
    for (const query of ['kind', 'thy lovingkindness', 'whither']) {
      expect(restored.candidates(query)).toEqual(index.candidates(query));
    }
  });
});
