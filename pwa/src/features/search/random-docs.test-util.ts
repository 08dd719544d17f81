// Random articles and queries for the search index's tests (seeded, so a failure replays).
import { matchArticle } from '@fw/contracts/text';
import type { IndexInput } from './search-index.ts';

/** A small seeded generator, so a failure can be replayed. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

// Few distinct words and characters, so random queries often match; some whose lower-casing is
// special (İ grows, Σ depends on its place, ß stays) and some that are not letters at all.
const WORDS = [
  'Grace',
  'grace',
  'HOPE',
  'faith',
  'Faithful',
  'home',
  'Ábel',
  'İstanbul',
  'ΟΔΟΣ',
  'straße',
  'x1',
  '2025',
  'a',
  'Tea',
  'team',
  'cafe\u0301',
  '𝔘nity',
  'aa𝔘',
];
const GAPS = [' ', ' ', ' ', ', ', '. ', '! ', ' — ', ' (', ') ', "'", '-', ' 🙂 '];

export interface Doc extends IndexInput {
  _id: string;
}

export function makeDoc(rng: ReturnType<typeof random>, n: number, version = 1): Doc {
  const sentence = (words: number) => {
    let out = '';
    for (let i = 0; i < words; i++) out += rng.pick(WORDS) + (i < words - 1 ? rng.pick(GAPS) : '');
    return out;
  };
  const text = sentence(5 + rng.int(60));
  const id = String(n).padStart(24, '0');
  return {
    _id: id,
    id,
    stamp: String(version),
    title: sentence(1 + rng.int(4)),
    category: rng.pick(['Life', 'Spirit', 'Truth', 'Proof', 'Hope', '']),
    text,
    textLower: text.toLowerCase(),
  };
}

export function randomQuery(rng: ReturnType<typeof random>, docs: Doc[]): string {
  const doc = rng.pick(docs);
  switch (rng.int(6)) {
    case 0: {
      // A piece of a body, cut anywhere, case changed.
      const from = rng.int(doc.text.length);
      const piece = doc.text.slice(from, from + 1 + rng.int(18));
      return rng.int(2) ? piece.toUpperCase() : piece;
    }
    case 1:
      return doc.title.slice(rng.int(doc.title.length));
    case 2:
      return `${rng.pick(WORDS)} ${rng.pick(WORDS)}`;
    case 3:
      return rng.pick(WORDS).slice(0, 1 + rng.int(4));
    case 4:
      return rng.pick([
        ',',
        '—',
        '🙂',
        ') (',
        "'",
        'zz',
        'qqq faith',
        '  hope   ',
        '\udd18nity',
        'aa\ud835',
        'e\u0301',
        'a grace',
        'grace.',
      ]);
    default:
      return `  ${rng.pick(['life', 'SPIRIT', 'rut', 'pe', 'i̇st', 'σ', 'ς'])} `;
  }
}

export function naive(needle: string, docs: Doc[]) {
  return docs.flatMap((doc) => {
    const result = matchArticle(doc, needle);
    return result === false ? [] : [{ id: doc._id, preview: result }];
  });
}
