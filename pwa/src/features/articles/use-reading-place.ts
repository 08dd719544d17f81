// Where the reader left each article: the scroll position within the article's text (a share of
// its height, so a different text size or window keeps the place) and how far they have read.
import { db, useLiveQuery, type ArticleSummary, type ReadingPlace } from '../../db/db.ts';

/** An article counts as finished once this share of its text has been on screen. */
export const READ_FINISHED_SHARE = 0.9;

export function getReadingPlace(id: string): Promise<ReadingPlace | undefined> {
  return db.reading.get(id);
}

export async function saveReadingPlace(place: Omit<ReadingPlace, 'updatedAt'>): Promise<void> {
  await db.reading.put({ ...place, updatedAt: Date.now() });
}

export interface ContinueReading {
  article: ArticleSummary;
  place: ReadingPlace;
}

/** The article read most recently and not finished, if it is still on the device; null if none. */
export function useContinueReading(): ContinueReading | null | undefined {
  return useLiveQuery(async () => {
    const places = await db.reading.orderBy('updatedAt').reverse().toArray();
    for (const place of places) {
      if (place.progress >= READ_FINISHED_SHARE) continue;
      const article = await db.articles.get(place._id);
      if (article) return { article, place };
    }
    return null;
  }, []);
}
