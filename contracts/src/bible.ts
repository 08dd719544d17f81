// The Bible's books and the one way a citation is written down everywhere: an OSIS range from the
// server's reference parser ("John.3.16-John.3.18", "Ps.23"), a link `/bible/<book>/<chapter>#v…`
// in stored text, and the reader's own words for it ("John 3:16-18"). The server finds citations
// (backend/src/modules/scripture/), the PWA only reads these links: it never carries the parser.

export interface BibleBook {
  /** OSIS abbreviation, the parser's name for the book. */
  osis: string;
  name: string;
  /** In links: `/bible/1-corinthians/13`. */
  slug: string;
  chapters: number;
}

// Names, OSIS ids and chapter counts (66 books, Protestant canon, KJV/ASV versification).
const BOOKS: [osis: string, name: string, chapters: number][] = [
  ['Gen', 'Genesis', 50], ['Exod', 'Exodus', 40], ['Lev', 'Leviticus', 27], ['Num', 'Numbers', 36],
  ['Deut', 'Deuteronomy', 34], ['Josh', 'Joshua', 24], ['Judg', 'Judges', 21], ['Ruth', 'Ruth', 4],
  ['1Sam', '1 Samuel', 31], ['2Sam', '2 Samuel', 24], ['1Kgs', '1 Kings', 22], ['2Kgs', '2 Kings', 25],
  ['1Chr', '1 Chronicles', 29], ['2Chr', '2 Chronicles', 36], ['Ezra', 'Ezra', 10],
  ['Neh', 'Nehemiah', 13], ['Esth', 'Esther', 10], ['Job', 'Job', 42], ['Ps', 'Psalms', 150],
  ['Prov', 'Proverbs', 31], ['Eccl', 'Ecclesiastes', 12], ['Song', 'Song of Solomon', 8],
  ['Isa', 'Isaiah', 66], ['Jer', 'Jeremiah', 52], ['Lam', 'Lamentations', 5], ['Ezek', 'Ezekiel', 48],
  ['Dan', 'Daniel', 12], ['Hos', 'Hosea', 14], ['Joel', 'Joel', 3], ['Amos', 'Amos', 9],
  ['Obad', 'Obadiah', 1], ['Jonah', 'Jonah', 4], ['Mic', 'Micah', 7], ['Nah', 'Nahum', 3],
  ['Hab', 'Habakkuk', 3], ['Zeph', 'Zephaniah', 3], ['Hag', 'Haggai', 2], ['Zech', 'Zechariah', 14],
  ['Mal', 'Malachi', 4], ['Matt', 'Matthew', 28], ['Mark', 'Mark', 16], ['Luke', 'Luke', 24],
  ['John', 'John', 21], ['Acts', 'Acts', 28], ['Rom', 'Romans', 16], ['1Cor', '1 Corinthians', 16],
  ['2Cor', '2 Corinthians', 13], ['Gal', 'Galatians', 6], ['Eph', 'Ephesians', 6],
  ['Phil', 'Philippians', 4], ['Col', 'Colossians', 4], ['1Thess', '1 Thessalonians', 5],
  ['2Thess', '2 Thessalonians', 3], ['1Tim', '1 Timothy', 6], ['2Tim', '2 Timothy', 4],
  ['Titus', 'Titus', 3], ['Phlm', 'Philemon', 1], ['Heb', 'Hebrews', 13], ['Jas', 'James', 5],
  ['1Pet', '1 Peter', 5], ['2Pet', '2 Peter', 3], ['1John', '1 John', 5], ['2John', '2 John', 1],
  ['3John', '3 John', 1], ['Jude', 'Jude', 1], ['Rev', 'Revelation', 22],
];

export const BIBLE_BOOKS: readonly BibleBook[] = BOOKS.map(([osis, name, chapters]) => ({
  osis,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  chapters,
}));

const BY_OSIS = new Map(BIBLE_BOOKS.map((book) => [book.osis, book]));
const BY_SLUG = new Map(BIBLE_BOOKS.map((book) => [book.slug, book]));

const bookByOsis = (osis: string) => BY_OSIS.get(osis);
export const bookBySlug = (slug: string) => BY_SLUG.get(slug.toLowerCase());

/** The app's path prefix of the reader (and of every citation link). */
const BIBLE_PATH = '/bible';

/** A passage: a start and an end in one book; no verse means the whole chapter. */
export interface ScriptureRange {
  book: BibleBook;
  chapter: number;
  verse?: number;
  endChapter: number;
  endVerse?: number;
}

const OSIS_POINT = /^([1-3]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?$/;

/** "John.3.16-John.3.18", "Ps.23", "Matt.24.14-Matt.25.2" as a range; null for anything else. */
export function parseOsis(osis: string): ScriptureRange | null {
  const [from, to = from] = osis.split('-');
  const start = OSIS_POINT.exec(from ?? '');
  const end = OSIS_POINT.exec(to ?? '');
  if (!start || !end || start[1] !== end[1]) return null;
  const book = bookByOsis(start[1]!);
  if (!book) return null;
  const range: ScriptureRange = { book, chapter: Number(start[2]), endChapter: Number(end[2]) };
  if (start[3]) range.verse = Number(start[3]);
  if (end[3]) range.endVerse = Number(end[3]);
  if (range.verse !== undefined && range.endVerse === undefined) range.endVerse = 999;
  return range;
}

/**
 * The link of a citation: `/bible/john/3#v16`, `#v16-18` for verses of one chapter, `#v14-25:2`
 * when the passage runs into a later chapter; a chapter alone has no fragment.
 */
export function scriptureHref(range: ScriptureRange): string {
  const path = `${BIBLE_PATH}/${range.book.slug}/${range.chapter}`;
  if (range.verse === undefined) return path;
  const endVerse = range.endVerse ?? range.verse;
  if (range.endChapter !== range.chapter) return `${path}#v${range.verse}-${range.endChapter}:${endVerse}`;
  return endVerse === range.verse ? `${path}#v${range.verse}` : `${path}#v${range.verse}-${endVerse}`;
}

const HREF = /^\/bible\/([a-z0-9-]+)\/(\d+)(?:#v(\d+)(?:-(?:(\d+):)?(\d+))?)?$/;

/** A citation link (path and fragment) as a range; null when it names no real chapter. */
export function rangeFromHref(href: string): ScriptureRange | null {
  const match = HREF.exec(href);
  if (!match) return null;
  const book = bookBySlug(match[1]!);
  const chapter = Number(match[2]);
  if (!book || chapter < 1 || chapter > book.chapters) return null;
  if (match[3] === undefined) return { book, chapter, endChapter: chapter };
  const verse = Number(match[3]);
  const endChapter = match[4] ? Number(match[4]) : chapter;
  const endVerse = match[5] ? Number(match[5]) : verse;
  return { book, chapter, verse, endChapter, endVerse };
}

/** A chapter's path: `/bible/psalms/23`. */
export const chapterPath = (book: BibleBook, chapter: number) => `${BIBLE_PATH}/${book.slug}/${chapter}`;

/** "Psalm 23:1" but "Psalms" for the book: a single psalm is named in the singular. */
const bookWord = (book: BibleBook, oneChapter: boolean) =>
  book.osis === 'Ps' && oneChapter ? 'Psalm' : book.name;

/** The reader's words for a range: "John 3:16-18", "Psalm 23", "Matthew 24:14-25:2". */
export function formatRange(range: ScriptureRange): string {
  const oneChapter = range.endChapter === range.chapter;
  const name = bookWord(range.book, oneChapter);
  if (range.verse === undefined) {
    return oneChapter ? `${name} ${range.chapter}` : `${name} ${range.chapter}-${range.endChapter}`;
  }
  const end = range.endVerse ?? range.verse;
  if (!oneChapter) return `${name} ${range.chapter}:${range.verse}-${range.endChapter}:${end}`;
  if (end === range.verse || end === 999) return `${name} ${range.chapter}:${range.verse}`;
  return `${name} ${range.chapter}:${range.verse}-${end}`;
}

/** A verse's place in the Bible as one comparable number (book index, chapter, verse). */
function place(book: BibleBook, chapter: number, verse: number): number {
  return (BIBLE_BOOKS.indexOf(book) * 1000 + chapter) * 1000 + verse;
}

/** True when two ranges share at least one verse (a chapter alone is all its verses). */
export function rangesOverlap(a: ScriptureRange, b: ScriptureRange): boolean {
  const aStart = place(a.book, a.chapter, a.verse ?? 0);
  const aEnd = place(a.book, a.endChapter, a.endVerse ?? 999);
  const bStart = place(b.book, b.chapter, b.verse ?? 0);
  const bEnd = place(b.book, b.endChapter, b.endVerse ?? 999);
  return aStart <= bEnd && bStart <= aEnd;
}

/** A lesson text's citations: where each is in the text and which passage it names. */
export interface TextCitation {
  /** Offsets in the text, end exclusive (UTF-16 units, as JavaScript strings count). */
  at: number;
  end: number;
  osis: string;
}

/** One book as the build writes it (`assets/bible/<slug>-<hash>.json`). */
export interface BibleBookFile {
  osis: string;
  /** chapters[c - 1][v - 1] is the text of verse c:v. */
  chapters: string[][];
  /** A psalm's heading ("A Psalm of David."), by chapter number. */
  headings?: Record<string, string>;
}

/** What the build says about its Bible files (the app's and the server's list of them). */
export interface BibleManifest {
  translation: { code: string; name: string };
  books: Record<string, { file: string; bytes: number; brBytes: number }>;
}
