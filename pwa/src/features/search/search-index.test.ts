// @vitest-environment node
import { describe, expect, it } from 'vitest';

/** Generous: the random-query tests do thousands of checks, and the machine may be busy. */
const HEAVY = { timeout: 60_000 };
import { normaliseQuery } from '@fw/contracts/text';
import { SearchIndex } from './search-index.ts';
import { makeDoc, naive, random, randomQuery, type Doc } from './random-docs.test-util.ts';

function indexed(index: SearchIndex, needle: string, docs: Doc[]) {
  return index.search(needle, docs).map((hit) => ({ id: hit.article._id, preview: hit.preview }));
}

describe('SearchIndex', () => {
  it('answers exactly as the rule does (hits, order and previews) on random queries', HEAVY, () => {
    const rng = random(7);
    const docs = Array.from({ length: 150 }, (_, n) => makeDoc(rng, n));
    const index = new SearchIndex();
    for (const doc of docs) index.upsert(doc);
    let nonEmpty = 0;
    for (let q = 0; q < 1500; q++) {
      const needle = normaliseQuery(randomQuery(rng, docs));
      if (!needle) continue;
      const expected = naive(needle, docs);
      if (expected.length) nonEmpty += 1;
      expect(indexed(index, needle, docs), `query ${JSON.stringify(needle)}`).toEqual(expected);
    }
    expect(nonEmpty).toBeGreaterThan(500);
  });

  it('finds text around characters past U+00FF and a NUL, set aside in the compact form', () => {
    const texts = [
      'He said \u201cOut\u201d \u2014 and left. \u201cOut\u201d again.',
      'A NUL \u0000 here, and \u201cquotes\u201d too.',
      '\u0394\u039f\u039e\u0391 \u03c4\u1ff7 \u03b8\u03b5\u1ff7 \u201cglory\u201d',
    ];
    const docs = texts.map((text, n) => ({
      _id: `d${n}`,
      id: `d${n}`,
      stamp: '1',
      title: '',
      category: '',
      text,
      textLower: text.toLowerCase(),
    }));
    const index = new SearchIndex();
    for (const doc of docs) index.upsert(doc);
    const find = (query: string) =>
      index.search(normaliseQuery(query), docs).map((h) => [h.article._id, h.preview]);
    expect(find('\u201cout\u201d again')).toEqual([
      [
        'd0',
        {
          before: 'He said \u201cOut\u201d \u2014 and left. ',
          match: '\u201cOut\u201d again',
          after: '.',
        },
      ],
    ]);
    expect(find('d \u201cq')).toEqual([
      ['d1', { before: 'A NUL \u0000 here, an', match: 'd \u201cq', after: 'uotes\u201d too.' }],
    ]);
    expect(find('\u0000')).toEqual([
      ['d1', { before: 'A NUL ', match: '\u0000', after: ' here, and \u201cquotes\u201d too.' }],
    ]);
    expect(find('\u03b4\u03bf')).toEqual([
      [
        'd2',
        {
          before: '',
          match: '\u0394\u039f',
          after: '\u039e\u0391 \u03c4\u1ff7 \u03b8\u03b5\u1ff7 \u201cglory\u201d',
        },
      ],
    ]);
    // The quote is set aside in d0's compact form: a NUL in the query must not match it.
    expect(find('\u0000out')).toEqual([]);
    expect(find('\u201d \u2014 a')).toEqual([
      [
        'd0',
        {
          before: 'He said \u201cOut',
          match: '\u201d \u2014 a',
          after: 'nd left. \u201cOut\u201d again.',
        },
      ],
    ]);
  });

  it('cuts previews from the original text, capitals and long texts included', () => {
    const text = `${'Word '.repeat(40)}The Needle In The Middle${' Tail'.repeat(40)}`;
    const doc = {
      _id: 'a',
      id: 'a',
      stamp: '1',
      title: 'T',
      category: 'Life',
      text,
      textLower: text.toLowerCase(),
    };
    const index = new SearchIndex();
    index.upsert(doc);
    for (const needle of ['needle in', 'word the', 'tail', 'the needle in the middle tail']) {
      expect(indexed(index, needle, [doc])).toEqual(naive(needle, [doc]));
    }
  });

  it('finds every word a run starts or ends, neighbours in the word list included', () => {
    const doc = (id: string, text: string) => ({
      _id: id,
      id,
      stamp: '1',
      title: 'T',
      category: '',
      text,
      textLower: text,
    });
    const docs = [
      doc('a', 'a gracea x'),
      doc('b', 'a graceb x'),
      doc('c', 'a gracec x'),
      doc('d', 'zgrace. x'),
      doc('e', 'ygrace. x'),
    ];
    const index = new SearchIndex();
    for (const d of docs) index.upsert(d);
    expect(indexed(index, 'a grac', docs).map((h) => h.id)).toEqual(['a', 'b', 'c']);
    expect(indexed(index, 'grace.', docs).map((h) => h.id)).toEqual(['d', 'e']);
  });

  it('checks every place a run sits in a word, not only its first', () => {
    const text = 'so teatea. then';
    const doc = { _id: 'a', id: 'a', stamp: '1', title: 'T', category: '', text, textLower: text };
    const index = new SearchIndex();
    index.upsert(doc);
    expect(indexed(index, 'ea. t', [doc])).toEqual(naive('ea. t', [doc]));
    expect(indexed(index, 'ea. t', [doc])[0]!.preview!.before).toBe('so teat');
  });

  it('follows upserts, changes and removals', () => {
    const rng = random(11);
    const docs = Array.from({ length: 40 }, (_, n) => makeDoc(rng, n));
    const index = new SearchIndex();
    for (const doc of docs) index.upsert(doc);

    // A changed article: its old words stop matching, its new ones match.
    const changed = {
      ...docs[3]!,
      stamp: '2',
      title: 'Zephyr Lantern',
      text: 'A quiet lamp.',
      textLower: 'a quiet lamp.',
    };
    index.upsert(changed);
    docs[3] = changed;
    expect(index.stampOf(changed._id)).toBe('2');
    expect(indexed(index, 'zephyr', docs).map((h) => h.id)).toEqual([changed._id]);
    expect(indexed(index, 'quiet lamp', docs).map((h) => h.id)).toEqual([changed._id]);

    // Removed articles disappear, even when the caller still lists them.
    index.remove(changed._id);
    expect(index.size).toBe(39);
    expect(indexed(index, 'quiet lamp', docs)).toEqual([]);
    index.retain(new Set(docs.slice(0, 10).map((d) => d._id)));
    expect(index.size).toBe(9);

    // Added back: found again.
    index.upsert(changed);
    expect(indexed(index, 'zephyr', docs).map((h) => h.id)).toEqual([changed._id]);
  });

  it('stays exact after many removals rebuild its word lists', HEAVY, () => {
    const rng = random(23);
    let docs = Array.from({ length: 900 }, (_, n) => makeDoc(rng, n));
    const index = new SearchIndex();
    for (const doc of docs) index.upsert(doc);
    const kept = docs.filter((_, i) => i % 5 === 0);
    index.retain(new Set(kept.map((d) => d._id)));
    for (let n = 0; n < 100; n++) {
      const fresh = makeDoc(rng, 1000 + n);
      index.upsert(fresh);
      kept.push(fresh);
    }
    docs = kept;
    expect(index.size).toBe(docs.length);
    for (let q = 0; q < 300; q++) {
      const needle = normaliseQuery(randomQuery(rng, docs));
      if (needle) expect(indexed(index, needle, docs), needle).toEqual(naive(needle, docs));
    }
  });
});

describe('SearchIndex kept up to date edit by edit', () => {
  /** Every query's answer from `index` equals a fresh index's over the same articles, and the rule's. */
  function expectSameAsRebuilt(
    index: SearchIndex,
    docs: Doc[],
    rng: ReturnType<typeof random>,
    step: string,
  ) {
    const rebuilt = new SearchIndex();
    for (const doc of docs) rebuilt.upsert(doc);
    expect(index.size, step).toBe(docs.length);
    for (let q = 0; q < 25; q++) {
      const needle = normaliseQuery(randomQuery(rng, docs));
      if (!needle) continue;
      const answer = indexed(index, needle, docs);
      expect(answer, `${step}, query ${JSON.stringify(needle)}`).toEqual(
        indexed(rebuilt, needle, docs),
      );
      expect(answer, `${step}, query ${JSON.stringify(needle)} (rule)`).toEqual(
        naive(needle, docs),
      );
    }
  }

  for (const seed of [101, 202, 303]) {
    it(
      `answers as a full rebuild after random adds, changes, removals, packs and reloads (seed ${seed})`,
      HEAVY,
      () => {
        const rng = random(seed);
        let nextId = 0;
        const docs: Doc[] = Array.from({ length: 60 }, () => makeDoc(rng, nextId++));
        let index = new SearchIndex();
        for (const doc of docs) index.upsert(doc);
        const counts = { add: 0, change: 0, remove: 0, trim: 0, reload: 0 };
        for (let step = 0; step < 160; step++) {
          const roll = rng.int(20);
          if (roll < 6 || docs.length < 5) {
            const doc = makeDoc(rng, nextId++);
            docs.splice(rng.int(docs.length + 1), 0, doc);
            index.upsert(doc);
            counts.add += 1;
          } else if (roll < 12) {
            const at = rng.int(docs.length);
            const changed = { ...makeDoc(rng, Number(docs[at]!.id), Number(docs[at]!.stamp) + 1) };
            docs[at] = changed;
            index.upsert(changed);
            counts.change += 1;
          } else if (roll < 18) {
            const [gone] = docs.splice(rng.int(docs.length), 1);
            index.remove(gone!.id);
            counts.remove += 1;
          } else if (roll === 18) {
            index.trim();
            counts.trim += 1;
          } else {
            // As after a reload: the saved copy, through a structured clone like IndexedDB's.
            index = SearchIndex.restore(structuredClone(index.snapshot()));
            counts.reload += 1;
          }
          if (step % 8 === 7) expectSameAsRebuilt(index, docs, rng, `step ${step}`);
        }
        expectSameAsRebuilt(index, docs, rng, 'end');
        for (const count of Object.values(counts)) expect(count).toBeGreaterThan(0);
      },
    );
  }

  it('keeps exact answers across a removal-heavy sequence that compacts its lists', HEAVY, () => {
    const rng = random(404);
    let docs = Array.from({ length: 700 }, (_, n) => makeDoc(rng, n));
    let index = new SearchIndex();
    for (const doc of docs) index.upsert(doc);
    index = SearchIndex.restore(structuredClone(index.snapshot()));
    const gone = new Set(docs.filter((_, n) => n % 4 !== 0).map((d) => d.id));
    for (const id of gone) index.remove(id);
    docs = docs.filter((d) => !gone.has(d.id));
    for (let n = 0; n < 30; n++) {
      const doc = makeDoc(rng, 5000 + n);
      docs.push(doc);
      index.upsert(doc);
    }
    expectSameAsRebuilt(index, docs, rng, 'after compaction');
  });
});
