// @vitest-environment node
// Search beyond the articles (device-search.ts through the engine, in-process): a reference query
// answers with its passage from the device and the lessons citing a range around it; a word query
// with the lessons and the Bible verses containing it, a screenful of verses and their count.
import { beforeEach, describe, expect, it } from 'vitest';
import { db, type LocalLesson } from '../../db/db.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { SearchEngine } from './search-engine.ts';

const RUTH_1 = Array.from({ length: 22 }, (_, n) => `Ruth one verse ${n + 1}.`);
RUTH_1[15] = 'And Ruth said, Entreat me not to leave thee, for whither thou goest, I will go.';
const PSALM_36 = Array.from({ length: 12 }, (_, n) => `How precious is thy lovingkindness, O God (${n + 1}).`);

const lesson = (n: number, date: string, fields: Partial<LocalLesson>): LocalLesson => ({
  _id: String(n).padStart(24, '0'),
  date,
  D: date,
  T: `Lesson ${n}`,
  R: '',
  ...fields,
});

beforeEach(async () => {
  await resetDb();
  await db.bibleChapters.bulkPut([
    { id: 'Ruth.1', verses: RUTH_1 },
    { id: 'Ps.36', verses: PSALM_36 },
  ]);
  await db.bibleBooks.bulkPut([
    { osis: 'Ruth', file: 'ruth.json', brBytes: 1 },
    { osis: 'Ps', file: 'psalms.json', brBytes: 1 },
  ]);
  await db.worship.bulkPut([
    lesson(1, '2025-01-03', {
      T: 'Ruth chooses loyal love',
      R: 'Read Ruth 1:8-18. Ruth could have gone home.',
      scripture: { R: [{ at: 5, end: 16, osis: 'Ruth.1.8-Ruth.1.18' }] },
    }),
    lesson(2, '2025-01-10', { T: 'Thankful hearts', R: 'Sing of his lovingkindness together.' }),
    lesson(3, '2025-01-17', {
      T: 'Naomi comes home',
      R: 'Read Ruth 1:19-22 together.',
      scripture: { R: [{ at: 5, end: 17, osis: 'Ruth.1.19-Ruth.1.22' }] },
    }),
  ]);
});

describe('search beyond the articles', () => {
  it('answers a reference with its verses from the device and the lessons citing a range around it', async () => {
    const answer = await new SearchEngine(0, null).searchDevice('ruth 1:16', 20);
    expect(answer.passages).toEqual([
      {
        title: 'Ruth 1:16',
        href: '/bible/ruth/1#v16',
        verses: [{ chapter: 1, verse: 16, text: RUTH_1[15] }],
        complete: true,
      },
    ]);
    expect(answer.lessons.map((l) => [l.T, l.preview?.match])).toEqual([['Ruth chooses loyal love', 'Ruth 1:8-18']]);
    // A reference is answered by its passage, not by verses containing its words.
    expect(answer.verses).toBeNull();
  });

  it('answers words with the lessons and the verses containing them, newest lesson first', async () => {
    const answer = await new SearchEngine(0, null).searchDevice('lovingkindness', 5);
    expect(answer.passages).toBeNull();
    expect(answer.lessons.map((l) => [l.T, l.preview?.match])).toEqual([['Thankful hearts', 'lovingkindness']]);
    expect(answer.verses?.count).toBe(12);
    expect(answer.verses?.books).toBe(2);
    expect(answer.verses?.verses.map((v) => v.title)).toEqual(['Psalm 36:1', 'Psalm 36:2', 'Psalm 36:3', 'Psalm 36:4', 'Psalm 36:5']);
    expect(answer.verses?.verses[0]).toMatchObject({ href: '/bible/psalms/36#v1', preview: { match: 'lovingkindness' } });
  });

  it('finds a lesson by its title, and the verses again once more books are kept', async () => {
    const engine = new SearchEngine(0, null);
    expect((await engine.searchDevice('naomi', 20)).lessons.map((l) => [l.T, l.preview])).toEqual([['Naomi comes home', null]]);
    expect((await engine.searchDevice('entreat me', 20)).verses?.count).toBe(1);
    await db.bibleChapters.put({ id: 'John.3', verses: ['Entreat me once more.'] });
    await db.bibleBooks.put({ osis: 'John', file: 'john.json', brBytes: 1 });
    const again = await engine.searchDevice('entreat me', 20);
    expect(again.verses?.verses.map((v) => v.title)).toEqual(['Ruth 1:16', 'John 3:1']);
  });

  it('says when nothing matches in a group', async () => {
    const answer = await new SearchEngine(0, null).searchDevice('xylophone', 20);
    expect(answer).toEqual({ passages: null, lessons: [], verses: { count: 0, verses: [], more: false, books: 2 } });
  });
});
