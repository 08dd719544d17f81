// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normaliseQuery } from '@fw/contracts/text';
import { SearchIndex, type Listed, type PartialSnapshot } from './search-index.ts';
import { makeDoc, naive, random, randomQuery, type Doc } from './random-docs.test-util.ts';

/** Generous: thousands of checks, and the machine may be busy. */
const HEAVY = { timeout: 60_000 };
const SHOWN = 3;

/**
 * `full`'s snapshot with every text and word list left out (as openIndex gives it when all are in
 * the file), and what was left out.
 */
function withoutTexts(full: SearchIndex): { partial: PartialSnapshot; bases: string[]; postings: Int32Array } {
  const snap = full.snapshot();
  return {
    partial: { ...snap, bases: snap.bases.map(() => null), postings: null },
    bases: snap.bases,
    postings: snap.postings,
  };
}

/** Gives `index` the word lists a query needs, from `postings`; returns how many were read. */
function giveLists(index: SearchIndex, postings: Int32Array, needle: string): number {
  const words = index.listsToRead(needle);
  for (const id of words) index.setList(id, postings.slice(...index.listRange(id)));
  return words.length;
}

/**
 * What the engine does with texts unread: reads the ones the query needs (all if it says so),
 * matches, then reads the shown hits' for their previews. Returns the answer and the texts read.
 */
function answer(
  index: SearchIndex,
  { bases, postings }: { bases: string[]; postings: Int32Array },
  needle: string,
  docs: readonly Listed[],
) {
  giveLists(index, postings, needle);
  const read = new Set<number>();
  const give = (slots: number[]) =>
    slots.forEach((slot) => {
      read.add(slot);
      index.setText(slot, bases[slot]!);
    });
  const needed = index.textsToVerify(needle, docs);
  give(needed ?? index.somePending(Infinity));
  const hits = index.matching(needle, docs);
  give(index.pendingSlots(hits.slice(0, SHOWN)));
  const previews = hits.slice(0, SHOWN).map((hit) => index.preview(needle, hit));
  return { ids: hits.map((hit) => hit._id), previews, read, needed };
}

function fullAnswer(needle: string, docs: Doc[]) {
  const expected = naive(needle, docs);
  return {
    ids: expected.map((e) => e.id),
    previews: expected.slice(0, SHOWN).map((e) => e.preview),
  };
}

describe('an index restored without its texts', () => {
  it('answers a one-word query from its word lists, reading only the shown hits’ texts', () => {
    const docs: Doc[] = [
      ['Morning', 'Life', 'Grace at breakfast.'],
      ['Noon', 'Hope', 'Nothing to see.'],
      ['Evening', 'Life', 'Amazing grace, how sweet.'],
      ['Graceful', 'Truth', 'A title match only.'],
      ['Night', 'Proof', 'Disgraceful acts and grace again.'],
    ].map(([title, category, text], n) => ({
      _id: `d${n}`,
      id: `d${n}`,
      stamp: '1',
      title: title!,
      category: category!,
      text: text!,
      textLower: text!.toLowerCase(),
    }));
    const full = new SearchIndex();
    for (const doc of docs) full.upsert(doc);
    const { partial, ...left } = withoutTexts(full);

    const index = SearchIndex.restore(partial);
    expect(index.textsPending).toBe(5);
    const words = index.listsPending;
    // Its own words' lists only: "grace", "graceful", "disgraceful" (of ~20 words).
    expect(index.listsToRead('grace')).toHaveLength(3);
    expect(words).toBeGreaterThan(15);
    const graces = answer(index, left, 'grace', docs);
    expect(graces.needed).toEqual([]);
    expect(graces.ids).toEqual(['d0', 'd2', 'd3', 'd4']);
    expect(graces.previews).toEqual([
      { before: '', match: 'Grace', after: ' at breakfast.' },
      { before: 'Amazing ', match: 'grace', after: ', how sweet.' },
      { before: '', match: 'Grace', after: 'ful' },
    ]);
    // The shown three's texts only (d3's too: a title's preview is cut after the body is checked).
    expect([...graces.read].sort()).toEqual([0, 2, 3]);
    expect(index.textsPending).toBe(2);
    expect(index.listsPending).toBe(words - 3);

    // Two words: the candidates' texts decide (the words' lists hold both, the text not in order).
    const fresh = SearchIndex.restore(withoutTexts(full).partial);
    const phrase = answer(fresh, left, 'grace again', docs);
    expect(phrase.needed).toEqual([4]);
    expect(phrase.ids).toEqual(['d4']);
    expect(phrase.previews).toEqual([
      { before: 'Disgraceful acts and ', match: 'grace again', after: '.' },
    ]);
  });

  it('answers exactly as a full load does on random data, whatever it read before', HEAVY, () => {
    for (const seed of [11, 22, 33]) {
      const rng = random(seed);
      const docs = Array.from({ length: 120 }, (_, n) => makeDoc(rng, n));
      const full = new SearchIndex();
      for (const doc of docs) full.upsert(doc);
      const { partial, ...left } = withoutTexts(full);
      let index = SearchIndex.restore(partial);
      let answeredFromLists = 0;
      for (let q = 0; q < 400; q++) {
        // Now and then a freshly restored one, so queries meet indexes at every stage of reading.
        if (q % 4 === 0) index = SearchIndex.restore(withoutTexts(full).partial);
        const needle = normaliseQuery(randomQuery(rng, docs));
        if (!needle) continue;
        const pending = index.textsPending;
        const got = answer(index, left, needle, docs);
        if (pending > 0 && got.needed?.length === 0) answeredFromLists += 1;
        const where = `seed ${seed}, query ${JSON.stringify(needle)}`;
        expect({ ids: got.ids, previews: got.previews }, where).toEqual(fullAnswer(needle, docs));
      }
      expect(answeredFromLists).toBeGreaterThan(15);
    }
  });

  it('refuses to change, or to check an article, before the texts it needs are read', () => {
    const rng = random(5);
    const docs = Array.from({ length: 10 }, (_, n) => makeDoc(rng, n));
    const full = new SearchIndex();
    for (const doc of docs) full.upsert(doc);
    const index = SearchIndex.restore(withoutTexts(full).partial);
    expect(() => index.snapshot()).toThrow(/before every text was read/);
    expect(() => index.matching(',', docs)).toThrow(/before its text was read/);
    expect(() => index.preview('grace', docs[0]!)).toThrow(/before its text was read/);
    // A word's list is read before a query uses it.
    const word = docs[0]!.textLower.split(' ')[0]!;
    expect(() => index.matching(word, docs)).toThrow(/word list was used before it was read/);

    // A change: removals past the point where remove() compacts (search-index.ts COMPACT_MIN_DEAD)
    // would rebuild every word list from texts it does not have.
    const many = Array.from({ length: 600 }, (_, n) => makeDoc(rng, n));
    const fullMany = new SearchIndex();
    for (const doc of many) fullMany.upsert(doc);
    const partialMany = SearchIndex.restore(withoutTexts(fullMany).partial);
    expect(() => {
      for (const doc of many.slice(0, 500)) partialMany.remove(doc.id);
    }).toThrow(/before every text was read/);
  });
});
