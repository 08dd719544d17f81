// The admin's view (all articles with drafts, all comments, users), kept by change while a token is
// held: the admin change feed (contracts/src/admin-changes.ts) from the device's cursor, a page at
// a time, each page applied in one transaction together with the cursor it reached. A round with
// nothing new is one small answer. A device that holds nothing walks the whole view newest change
// first, so its screens fill from the newest comments and articles down (at 10,000 articles and
// 100,000 comments the walk is hundreds of pages), and goes on by cursor from where the walk began.
// Records with operations still in the outbox keep their optimistic local copy; a change to one of
// them that a page brought meanwhile is not lost: the cursor from before that page is kept aside
// (the start, for a page of the first walk), and once the outbox holds nothing the feed is read
// again from there (applying a change twice leaves the same record).
import type { AdminChanges } from '@fw/contracts';
import { ADMIN_CHANGES_MAX_ITEMS } from '@fw/contracts/limits';
import { settledCount } from './outbox.ts';
import { ApiError, api } from '../lib/api.ts';
import { getToken, signOutWithNotice } from '../lib/auth.ts';
import { db, getMeta, statusOf } from '../db/db.ts';
import { adminArticleRow } from './article-store.ts';
import type { EntityTable } from '../db/db.ts';
import { API_PATHS } from '@fw/contracts/paths';
import { ADMIN_CURSOR, ADMIN_REPLAY_FROM, ADMIN_SYNCED_AT, ADMIN_WALK, ADMIN_WALK_COUNTS } from '../db/meta-keys.ts';
import { heldRecordIds } from './write-kinds/registry.ts';
import { setAdminPullProgress } from './admin-progress.ts';

const FROM_THE_START = '0';
/** The first page of a walk newest change first. */
const LATEST = 'latest';

/** Puts `items` and deletes `removed`, leaving alone what the outbox still holds. */
async function applyChanges<T extends { _id: string }>(
  table: EntityTable<T, '_id'>,
  items: T[],
  removed: string[],
  keep: Set<string>,
): Promise<void> {
  await table.bulkDelete(removed.filter((id) => !keep.has(id)) as never[]);
  await table.bulkPut(items.filter((item) => !keep.has(item._id)));
}

/** Empties `table` but for what the outbox still holds: a walk from the start follows. */
async function clearBut<T extends { _id: string }>(table: EntityTable<T, '_id'>, keep: Set<string>): Promise<void> {
  const ids = (await table.toCollection().primaryKeys()) as string[];
  await table.bulkDelete(ids.filter((id) => !keep.has(id)) as never[]);
}

/** Whether the page names a record the outbox holds (whose change was then left unapplied). */
function touchesHeld(page: AdminChanges, keep: Set<string>): boolean {
  if (keep.size === 0) return false;
  const { removed } = page;
  return [page.articles, page.comments, page.users].some((items) => items.some((item) => keep.has(item._id))) ||
    [removed.articles, removed.comments, removed.users].some((ids) => ids.some((id) => keep.has(id)));
}

/** Once a pull begins: back to a page that held back a change, when the outbox holds nothing now. */
async function replayHeldBack(): Promise<void> {
  await db.transaction('rw', [db.outbox, db.meta], async () => {
    const replay = await getMeta<string>(ADMIN_REPLAY_FROM);
    if (replay === undefined || (await heldRecordIds()).size > 0) return;
    await db.meta.put({ key: ADMIN_CURSOR, value: replay });
    await db.meta.bulkDelete([ADMIN_REPLAY_FROM, ADMIN_WALK, ADMIN_WALK_COUNTS]);
  });
}

/**
 * Where the next page is asked from: after the device's cursor, or, with none, its place in the
 * first walk (the feed's query, without its limit).
 */
async function placeNow(): Promise<string> {
  const cursor = await getMeta<string>(ADMIN_CURSOR);
  if (cursor !== undefined) return `since=${encodeURIComponent(cursor)}`;
  return `before=${encodeURIComponent((await getMeta<string>(ADMIN_WALK)) ?? LATEST)}`;
}

const walking = (place: string) => place.startsWith('before=');

/** The place after `page`, asked from `place`. */
function placeAfter(place: string, page: AdminChanges): string {
  if (!walking(place)) return `since=${encodeURIComponent(page.cursor)}`;
  if (page.before === undefined) throw new Error('The server did not say where the admin view goes on.');
  return `before=${encodeURIComponent(page.before)}`;
}

/** One page of the feed from `place`, as large as the feed gives; null when the admin was signed out by the answer. */
async function fetchPage(place: string): Promise<AdminChanges | null> {
  try {
    return (await api<AdminChanges>('GET', `${API_PATHS.adminChanges}?${place}&limit=${ADMIN_CHANGES_MAX_ITEMS}`)).data;
  } catch (error) {
    // An expired token or a lost admin role found by the pull (not only by a write) also sends
    // the admin to the login screen with the server's reason, instead of a stale admin area.
    if (error instanceof ApiError && error.kind === 'sign-in') {
      signOutWithNotice(error.message);
      return null;
    }
    throw error;
  }
}

/** A page asked for: from where, the outbox's settled count before it was asked, and the answer to come. */
interface Asked {
  place: string;
  settledBefore: number;
  page: Promise<AdminChanges | null>;
}

async function ask(place: string): Promise<Asked> {
  const settledBefore = await settledCount();
  const page = fetchPage(place);
  // A page asked ahead may go unused (the round ends, or another tab moved the cursor): its
  // failure then belongs to nobody. One that is used is awaited, and fails there.
  page.catch(() => undefined);
  return { place, settledBefore, page };
}

/** The changes a page holds, removals included. */
const changesIn = (page: AdminChanges) =>
  page.articles.length + page.comments.length + page.users.length +
  page.removed.articles.length + page.removed.comments.length + page.removed.users.length;

/**
 * Brings the admin's view up to the server's, page by page. Answers false, applying nothing more,
 * when a write was confirmed while a page was on its way: the page may predate it, and the next
 * round asks again from the cursor reached so far.
 */
export async function pullAdmin(): Promise<boolean> {
  try {
    return await walkChanges();
  } finally {
    setAdminPullProgress(null);
  }
}

async function walkChanges(): Promise<boolean> {
  await replayHeldBack();
  let ahead: Asked | null = null;
  let done = 0;
  for (;;) {
    const place = await placeNow();
    const { settledBefore, page: answer } = ahead?.place === place ? ahead : await ask(place);
    ahead = null;
    const page = await answer;
    // A logout during the request already cleared the admin's view; don't put it back.
    if (!page || !getToken()) return true;
    // The next page is on its way while this one is written: a first pull at 10,000 articles is
    // a thousand pages, each a request and then a transaction, and both wait on something else.
    if (page.hasMore) ahead = await ask(placeAfter(place, page));
    const outcome = await db.transaction('rw', [db.adminArticles, db.adminComments, db.users, db.outbox, db.meta], async () => {
      if ((await settledCount()) !== settledBefore) return 'stale';
      // Another tab applied a page meanwhile: ask again from where it got to.
      if ((await placeNow()) !== place) return 'moved';
      const keep = await heldRecordIds();
      // From the start (a first walk, or a cursor of another database): what the device held
      // before is replaced, so nothing the walk does not bring stays behind.
      if (place === `since=${FROM_THE_START}` || place === `before=${LATEST}` || page.reset) {
        await Promise.all([clearBut(db.adminArticles, keep), clearBut(db.adminComments, keep), clearBut(db.users, keep)]);
      }
      await applyChanges(db.adminArticles, page.articles.map((a) => adminArticleRow(a)), page.removed.articles, keep);
      await applyChanges(db.adminComments, page.comments.map((c) => ({ ...c, status: statusOf(c) })), page.removed.comments, keep);
      await applyChanges(db.users, page.users, page.removed.users, keep);
      if (touchesHeld(page, keep) && (await getMeta(ADMIN_REPLAY_FROM)) === undefined) {
        // A page of the first walk holds changes of every age: only a walk from the start has them all again.
        const cursor = await getMeta<string>(ADMIN_CURSOR);
        await db.meta.put({ key: ADMIN_REPLAY_FROM, value: walking(place) ? FROM_THE_START : (cursor ?? FROM_THE_START) });
      }
      if (walking(place) && page.hasMore) {
        await db.meta.put({ key: ADMIN_WALK, value: page.before });
        // Until the walk ends the device holds part of the view: its screens count with the server.
        if (page.counts) await db.meta.put({ key: ADMIN_WALK_COUNTS, value: page.counts });
      } else {
        await db.meta.put({ key: ADMIN_CURSOR, value: page.cursor });
        await db.meta.bulkDelete([ADMIN_WALK, ADMIN_WALK_COUNTS]);
      }
      await db.meta.put({ key: ADMIN_SYNCED_AT, value: Date.now() });
      return 'applied';
    });
    if (outcome === 'stale') return false;
    if (outcome === 'applied' && !page.hasMore) return true;
    if (outcome === 'applied') {
      done += changesIn(page);
      // Older servers do not say what is left: the refresh line then just says it is busy.
      setAdminPullProgress(page.left === undefined ? null : { done, total: done + page.left });
    }
  }
}

/** Whether the device has walked the admin's view to its end once (it then goes on by cursor). */
export async function adminViewWalked(): Promise<boolean> {
  return (await getMeta<string>(ADMIN_CURSOR)) !== undefined;
}

/** Forget the admin's view (on logout): it is not the visitor's to keep. */
export async function clearAdminData(): Promise<void> {
  await db.transaction('rw', [db.adminArticles, db.adminComments, db.users, db.meta], async () => {
    await Promise.all([
      db.adminArticles.clear(),
      db.adminComments.clear(),
      db.users.clear(),
      db.meta.bulkDelete([ADMIN_SYNCED_AT, ADMIN_CURSOR, ADMIN_REPLAY_FROM, ADMIN_WALK, ADMIN_WALK_COUNTS]),
    ]);
  });
}
