// What search finds besides the articles (search-engine.ts), in the search worker: for a query
// that names a passage, its verses as the device holds them and the lessons citing it; for any
// other query, the lessons and the Bible verses containing it (lesson-search.ts, bible-search.ts).
import { BibleSearch, type VerseAnswer } from './bible-search.ts';
import { searchLessons, type LessonHit } from './lesson-search.ts';
import { passageOf, type PassageAnswer } from './passage-answer.ts';
import { referenceQuery } from './reference-search.ts';

export interface DeviceAnswer {
  /** The passages the query names, or null when it is no reference. */
  passages: PassageAnswer[] | null;
  lessons: LessonHit[];
  /** The verses containing the query; null for a reference (its passage is the answer). */
  verses: VerseAnswer | null;
}

export class DeviceSearch {
  private readonly bible = new BibleSearch();

  /** `needle` is normaliseQuery's output; `verses` how many matching verses to send. */
  async search(needle: string, verses: number): Promise<DeviceAnswer> {
    const ranges = await referenceQuery(needle);
    const [passages, lessons, found] = await Promise.all([
      ranges ? Promise.all(ranges.map(passageOf)) : null,
      searchLessons(needle, ranges),
      ranges ? null : this.bible.find(needle, verses),
    ]);
    return { passages, lessons, verses: found };
  }

  /** Reads the Bible's kept word index while the worker is idle (BibleSearch.warm). */
  warm(): Promise<void> {
    return this.bible.warm();
  }

  /** How many Bible verses contain `needle`, when search() sent a screenful before counting. */
  countVerses(needle: string): Promise<number> {
    return this.bible.count(needle);
  }
}
