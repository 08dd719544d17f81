// Saved articles (bookmarks), kept on this device. A saved article that is no longer on the device
// (unpublished or deleted: the delta feed removed it) is reported as gone, by the title kept when
// it was saved, so the Saved page can say so instead of showing a broken link.
// On the home page's first screen: reads go through db/live.ts (the device database loads after the entry).
import type { ArticleSummary, SavedArticle } from '../../db/db.ts';
import { loadDeviceDb, useDeviceQuery } from '../../db/live.ts';

/** Tombstones and study sync for a bookmark's change, loaded with the first change (not on the first screen). */
const studyChanges = () => import('../../sync/study-space/local-changes.ts');

export interface SavedList {
  /** Saved articles still on the device, most recently saved first. */
  articles: ArticleSummary[];
  /** Saved articles that were unpublished or deleted since. */
  gone: SavedArticle[];
}

/**
 * The saved ids as last read in this visit. A return to the home page (Back) draws its cards from
 * the list the device module keeps in memory (db.ts followStoredArticles), without reading
 * IndexedDB again; the bookmarks drawn with them come from here, or each saved card showed "not
 * saved" until the device's read of its bookmarks answered, frames later.
 */
let idsRead: string[] | undefined;

/**
 * The saved ids, or undefined until the device has answered once in this visit: the article
 * page's Save drawn before that said "Save" on a saved article for a few frames (at 4x CPU).
 */
export function useSavedIdsRead(): Set<string> | undefined {
  const ids = useDeviceQuery(async ({ db }) => {
    idsRead = await db.saved.toCollection().primaryKeys();
    return idsRead;
  }, []);
  const known = ids ?? idsRead;
  return known ? new Set(known) : undefined;
}

/** The saved ids, none while the device has not answered (a card's bookmark shows with its card). */
export function useSavedIds(): Set<string> {
  return useSavedIdsRead() ?? new Set();
}

/**
 * The list as last read in this visit. A return to the Saved page draws it from here in its first
 * render, before the browser puts that entry's scroll back: read from the device, it came a few
 * frames later, after a page too short for the place, and the cards drawn then left the window
 * away from it.
 */
let listRead: SavedList | undefined;

export function useSavedList(): SavedList | undefined {
  const read = useDeviceQuery(async ({ db }) => {
    const saved = await db.saved.orderBy('savedAt').reverse().toArray();
    const found = await db.articles.bulkGet(saved.map((s) => s._id));
    const articles: ArticleSummary[] = [];
    const gone: SavedArticle[] = [];
    saved.forEach((entry, i) => {
      const article = found[i];
      if (article) articles.push(article);
      else gone.push(entry);
    });
    listRead = { articles, gone };
    return listRead;
  }, []);
  return read ?? listRead;
}

/** Saves or unsaves; answers whether the article is saved now. Throws when the device refuses. */
export async function toggleSaved(article: Pick<ArticleSummary, '_id' | 'title'>): Promise<boolean> {
  const [{ db }, { writeStudy }] = await Promise.all([loadDeviceDb(), studyChanges()]);
  return writeStudy([db.saved], async () => {
    const deleted = Boolean(await db.saved.get(article._id));
    if (deleted) await db.saved.delete(article._id);
    else await db.saved.put({ _id: article._id, title: article.title, savedAt: Date.now() });
    return { result: !deleted, changes: [{ kind: 'saved', id: article._id, deleted }] };
  });
}

/** Drops the notes about saved articles that are gone. */
export async function forgetSaved(ids: string[]): Promise<void> {
  const [{ db }, { writeStudy }] = await Promise.all([loadDeviceDb(), studyChanges()]);
  await writeStudy([db.saved], async () => {
    await db.saved.bulkDelete(ids);
    return { result: undefined, changes: ids.map((id) => ({ kind: 'saved' as const, id, deleted: true })) };
  });
}
