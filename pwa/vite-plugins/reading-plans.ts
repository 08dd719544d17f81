// Vite build plugin: the built-in reading plans, made at each build from the Bible's own structure
// (its books, chapters and verse counts, read from the same package as the Bible text:
// bible.ts), so no plan is written out by hand. The app imports them on demand from the module
// `virtual:reading-plans`, which becomes its own small file: the home screen never loads it.
import type { Plugin } from 'vite';
import { BIBLE_BOOKS } from '../../contracts/src/bible.ts';
import { chapterDays, sideBySide, type ChapterWeight, type ReadingPlan } from '../src/features/plans/plan-days.ts';
import { readBooks } from './bible.ts';

const READING_PLANS_MODULE = 'virtual:reading-plans';
const RESOLVED = `\0${READING_PLANS_MODULE}`;
/** The Christian Greek Scriptures start at Matthew. */
const GREEK_SCRIPTURES_FIRST = BIBLE_BOOKS.findIndex((book) => book.osis === 'Matt');

/** Every chapter of the Bible in order, with its verse count. */
async function chapterWeights(): Promise<ChapterWeight[]> {
  const books = await readBooks();
  return books.flatMap((book) => book.chapters.map((verses, i) => ({ osis: book.osis, chapter: i + 1, verses: verses.length })));
}

export async function builtInPlans(): Promise<ReadingPlan[]> {
  const chapters = await chapterWeights();
  const greekStart = chapters.findIndex((c) => c.osis === BIBLE_BOOKS[GREEK_SCRIPTURES_FIRST]!.osis);
  const of = (osis: string) => chapters.filter((c) => c.osis === osis);
  return [
    {
      id: 'bible-year',
      name: 'The whole Bible in a year',
      description: 'Genesis to Revelation in 365 days.',
      days: chapterDays(chapters, 365),
    },
    {
      id: 'greek-scriptures-90',
      name: 'The Christian Greek Scriptures in 90 days',
      description: 'Matthew to Revelation in 90 days.',
      days: chapterDays(chapters.slice(greekStart), 90),
    },
    {
      id: 'psalms-proverbs-month',
      name: 'Psalms and Proverbs in a month',
      description: 'A few psalms and a chapter of Proverbs each day for 31 days.',
      days: sideBySide(chapterDays(of('Ps'), 31), chapterDays(of('Prov'), 31)),
    },
  ];
}

export function readingPlans(): Plugin {
  let made: Promise<ReadingPlan[]> | null = null;
  return {
    name: 'fw-reading-plans',
    resolveId(id) {
      return id === READING_PLANS_MODULE ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      made ??= builtInPlans();
      return `export default ${JSON.stringify(await made)};`;
    },
  };
}
