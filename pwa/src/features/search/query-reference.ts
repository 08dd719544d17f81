// A search query read as Bible references without the full reference parser: the book names of
// contracts/src/bible.ts, a few usual abbreviations and any unambiguous start of a name, then a
// chapter, or chapter and verses. It answers the forms people type into a search box ("John 3:16",
// "Jn 3 16", "1 Cor 13:4-7", "Psalm 23", "Gen 1:1-2:3", "John 3:16; Rom 5:8") at once and
// offline, on a device that never fetched the full parser (reference-search.ts falls back to it
// for anything else).
import { BIBLE_BOOKS, type BibleBook, type ScriptureRange } from '@fw/contracts/bible';

/** Usual short names that are no start of the book's own name (a name's start is read anyway). */
const ABBREVIATIONS: Record<string, string> = {
  gn: 'Gen', ex: 'Exod', lv: 'Lev', nm: 'Num', dt: 'Deut', jsh: 'Josh', jdg: 'Judg', jg: 'Judg',
  rth: 'Ruth', ps: 'Ps', psalm: 'Ps', pss: 'Ps', psm: 'Ps', pr: 'Prov', prv: 'Prov', ec: 'Eccl',
  qoh: 'Eccl', sos: 'Song', sng: 'Song', canticles: 'Song', jr: 'Jer', ezk: 'Ezek', dn: 'Dan',
  hs: 'Hos', jl: 'Joel', am: 'Amos', ob: 'Obad', jnh: 'Jonah', mc: 'Mic', zp: 'Zeph', hg: 'Hag',
  zc: 'Zech', ml: 'Mal', mt: 'Matt', mk: 'Mark', mr: 'Mark', mrk: 'Mark', lk: 'Luke', jn: 'John',
  jhn: 'John', rm: 'Rom', php: 'Phil', phil: 'Phil', phm: 'Phlm', phlm: 'Phlm', jas: 'Jas',
  jm: 'Jas', rv: 'Rev', revelations: 'Rev', '1sm': '1Sam', '2sm': '2Sam', '1kgs': '1Kgs',
  '2kgs': '2Kgs', '1jn': '1John', '2jn': '2John', '3jn': '3John', '1pt': '1Pet', '2pt': '2Pet',
  '1th': '1Thess', '2th': '2Thess', '1tm': '1Tim', '2tm': '2Tim',
};

/** A name's shortest start that still names one book (shorter ones are ambiguous: "jo", "ph"). */
const MIN_PREFIX = 2;

const keyOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/^(i{1,3})\s+(?=[a-z])/, (_, roman: string) => String(roman.length))
    .replace(/^(first|second|third)\s+/, (_, word: string) => String(['first', 'second', 'third'].indexOf(word) + 1))
    .replace(/[\s.]/g, '');

const BOOK_KEYS = BIBLE_BOOKS.map((book) => ({ book, key: keyOf(book.name), osis: book.osis.toLowerCase() }));
const BY_OSIS = new Map(BIBLE_BOOKS.map((book) => [book.osis, book]));

/** The book a typed name means, or undefined when it names none or several. */
export function bookOf(typed: string): BibleBook | undefined {
  const key = keyOf(typed);
  if (key.length < MIN_PREFIX) return undefined;
  const exact = BOOK_KEYS.find((b) => b.key === key || b.osis === key);
  if (exact) return exact.book;
  const abbreviated = ABBREVIATIONS[key];
  if (abbreviated) return BY_OSIS.get(abbreviated);
  // Letters are needed beyond a leading number: "1c" is no book.
  if (!/[a-z]{2}/.test(key)) return undefined;
  const starts = BOOK_KEYS.filter((b) => b.key.startsWith(key));
  return starts.length === 1 ? starts[0]!.book : undefined;
}

// book, chapter, then optionally ":verse" (or " verse"), then "-end" (a verse, or chapter:verse).
const ONE_REFERENCE =
  /^((?:[1-3]|i{1,3}|first|second|third)?\s*[a-z][a-z. ]*?)\.?\s*(\d{1,3})(?:\s*(?::|\.|\s)\s*(\d{1,3}))?(?:\s*[-–—]\s*(\d{1,3})(?:\s*:\s*(\d{1,3}))?)?$/;

function oneReference(text: string): ScriptureRange | null {
  const match = ONE_REFERENCE.exec(text.trim());
  if (!match) return null;
  const book = bookOf(match[1]!.trim());
  if (!book) return null;
  const chapter = Number(match[2]);
  const verse = match[3] === undefined ? undefined : Number(match[3]);
  let endChapter = chapter;
  let endVerse = verse;
  if (match[5] !== undefined) {
    // "3:16-4:2": the end names its own chapter (a bare chapter start cannot end at a verse).
    if (verse === undefined) return null;
    endChapter = Number(match[4]);
    endVerse = Number(match[5]);
  } else if (match[4] !== undefined) {
    // "13:4-7" ends at a verse; "23-24" (no verse) ends at a chapter.
    if (verse === undefined) endChapter = Number(match[4]);
    else endVerse = Number(match[4]);
  }
  if (chapter < 1 || endChapter < chapter || endChapter > book.chapters) return null;
  if (verse !== undefined && (verse < 1 || endVerse! < 1)) return null;
  if (endChapter === chapter && verse !== undefined && endVerse! < verse) return null;
  const range: ScriptureRange = { book, chapter, endChapter };
  if (verse !== undefined) {
    range.verse = verse;
    range.endVerse = endVerse;
  }
  return range;
}

/**
 * The passages a query names when the whole query is references (`;` between them), else null.
 * `needle` is the query as normaliseQuery leaves it (lower case, single spaces).
 */
export function readReferences(needle: string): ScriptureRange[] | null {
  if (!/\d/.test(needle)) return null;
  const parts = needle.split(';').map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0) return null;
  const ranges = parts.map(oneReference);
  return ranges.every((r) => r !== null) ? (ranges as ScriptureRange[]) : null;
}
