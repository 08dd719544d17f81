// Text for reading aloud: the reading text cut into sentences (each spoken as one utterance, so
// the page can show which one is being read and resume there), and scripture citations turned
// into words a voice reads well: "John 3:16" → "John chapter 3, verse 16", "1 Cor. 13:4-7" →
// "1 Corinthians chapter 13, verses 4 to 7". Pure functions, shared by articles and lessons.

export interface SentenceSpan {
  start: number;
  end: number;
}

// Book names as written in articles, with common short forms; the spoken name is the first.
const BOOKS: string[][] = [
  ['Genesis', 'Gen'], ['Exodus', 'Ex', 'Exod'], ['Leviticus', 'Lev'], ['Numbers', 'Num'], ['Deuteronomy', 'Deut'],
  ['Joshua', 'Josh'], ['Judges', 'Judg'], ['Ruth'], ['Samuel', 'Sam'], ['Kings', 'Kgs'], ['Chronicles', 'Chron'],
  ['Ezra'], ['Nehemiah', 'Neh'], ['Esther', 'Esth'], ['Job'], ['Psalm', 'Psalms', 'Ps', 'Psa'], ['Proverbs', 'Prov'],
  ['Ecclesiastes', 'Eccl', 'Eccles'], ['Song of Solomon', 'Song of Songs'], ['Isaiah', 'Isa'], ['Jeremiah', 'Jer'],
  ['Lamentations', 'Lam'], ['Ezekiel', 'Ezek'], ['Daniel', 'Dan'], ['Hosea', 'Hos'], ['Joel'], ['Amos'],
  ['Obadiah', 'Obad'], ['Jonah'], ['Micah', 'Mic'], ['Nahum', 'Nah'], ['Habakkuk', 'Hab'], ['Zephaniah', 'Zeph'],
  ['Haggai', 'Hag'], ['Zechariah', 'Zech'], ['Malachi', 'Mal'], ['Matthew', 'Matt', 'Mt'], ['Mark', 'Mk'],
  ['Luke', 'Lk'], ['John', 'Jn'], ['Acts'], ['Romans', 'Rom'], ['Corinthians', 'Cor'], ['Galatians', 'Gal'],
  ['Ephesians', 'Eph'], ['Philippians', 'Phil'], ['Colossians', 'Col'], ['Thessalonians', 'Thess'],
  ['Timothy', 'Tim'], ['Titus'], ['Philemon', 'Philem'], ['Hebrews', 'Heb'], ['James', 'Jas'], ['Peter', 'Pet'],
  ['Jude'], ['Revelation', 'Rev'],
];

const SPOKEN = new Map<string, string>();
for (const [name, ...short] of BOOKS) for (const form of [name!, ...short]) SPOKEN.set(form.toLowerCase(), name!);

const bookPattern = [...SPOKEN.keys()].sort((a, b) => b.length - a.length).map((b) => b.replace(/ /g, '\\s+')).join('|');
// [1-3] before the name for numbered books; chapter:verse, then a range (3:16-18) or a list (3:16, 17).
const CITATION = new RegExp(
  `\\b([1-3]\\s?)?(${bookPattern})\\.?\\s+(\\d{1,3}):(\\d{1,3})(?:\\s?[-–]\\s?(\\d{1,3})(?!:))?((?:,\\s?\\d{1,3}(?![\\d:]))*)`,
  'gi',
);

function versesWords(first: string, last: string | undefined, more: string): string {
  if (last) return `verses ${first} to ${last}`;
  const list = more.split(',').map((v) => v.trim()).filter(Boolean);
  if (!list.length) return `verse ${first}`;
  const all = [first, ...list];
  return `verses ${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}

/** The sentence as a voice should read it: citations as words. */
export function spokenText(text: string): string {
  return text.replace(CITATION, (whole, number: string | undefined, book: string, chapter: string, verse: string, last: string | undefined, more: string) => {
    // A book name must be written as a name (capitalised): "job 3:16" is not a citation.
    if (!/^[A-Z]/.test(book)) return whole;
    const name = SPOKEN.get(book.toLowerCase().replace(/\s+/g, ' ')) ?? book;
    return `${number ? `${number.trim()} ` : ''}${name} chapter ${chapter}, ${versesWords(verse, last, more)}`;
  });
}

const ABBREVIATIONS = new Set(['e.g', 'i.e', 'mr', 'mrs', 'ms', 'dr', 'st', 'vs', 'cf', 'ch', 'v', 'vv', 'etc', 'no']);

/**
 * The sentences of a reading text: a sentence ends at . ! ? or … (with any closing quote or
 * bracket) before a space, unless a digit follows ("Matt. 5:3") or the word is a known
 * abbreviation; a block break (`breaks`: positions where a paragraph or heading starts) always ends one.
 */
export function splitSentences(text: string, breaks: readonly number[] = []): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const push = (start: number, end: number) => {
    while (start < end && text[start] === ' ') start += 1;
    while (end > start && text[end - 1] === ' ') end -= 1;
    if (end > start) spans.push({ start, end });
  };
  const breakSet = new Set(breaks);
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (breakSet.has(i) && i > start) {
      push(start, i);
      start = i;
      continue;
    }
    const char = text[i]!;
    if (!'.!?…'.includes(char)) continue;
    let end = i + 1;
    while (end < text.length && `"'”’)]`.includes(text[end]!)) end += 1;
    if (end < text.length && text[end] !== ' ') continue;
    const next = text[end + 1];
    if (next !== undefined && /\d/.test(next)) continue;
    if (char === '.') {
      const word = /([\p{L}.]+)$/u.exec(text.slice(Math.max(start, i - 6), i))?.[1]?.toLowerCase();
      if (word && (ABBREVIATIONS.has(word) || SPOKEN.has(word))) continue;
    }
    push(start, end);
    start = end;
  }
  push(start, text.length);
  return spans;
}
