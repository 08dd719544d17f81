// Where the reader left each article: the scroll position within the article's text (a share of
// its height, so a different text size or window keeps the place) and how far they have read.
// On the home page's first screen (Continue reading): through db/live.ts, which loads the device
// database after the entry.
import type { ArticleSummary, ReadingPlace } from '../../db/db.ts';
import { loadDeviceDb, useDeviceQuery } from '../../db/live.ts';

/** An article counts as finished once this share of its text has been on screen. */
const READ_FINISHED_SHARE = 0.9;

export async function getReadingPlace(id: string): Promise<ReadingPlace | undefined> {
  const { db } = await loadDeviceDb();
  return db.reading.get(id);
}

export async function saveReadingPlace(place: Omit<ReadingPlace, 'updatedAt'>): Promise<void> {
  const [{ db }, { writeStudy }] = await Promise.all([loadDeviceDb(), import('../../sync/study-space/local-changes.ts')]);
  await writeStudy([db.reading], async () => {
    await db.reading.put({ ...place, updatedAt: Date.now() });
    return { result: undefined, changes: [{ kind: 'reading', id: place._id }] };
  });
}

export interface ContinueReading {
  article: ArticleSummary;
  place: ReadingPlace;
}

/** The article read most recently and not finished, if it is still on the device; null if none. */
export function useContinueReading(): ContinueReading | null | undefined {
  return useDeviceQuery(async ({ db }) => {
    const places = await db.reading.orderBy('updatedAt').reverse().toArray();
    for (const place of places) {
      if (place.progress >= READ_FINISHED_SHARE) continue;
      const article = await db.articles.get(place._id);
      if (article) return { article, place };
    }
    return null;
  }, []);
}
