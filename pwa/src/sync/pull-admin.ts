// The admin's view (all articles with drafts, all comments, users), pulled while a token is held.
// Records with operations still in the outbox keep their optimistic local copy.
import type { AdminComment, Article, User } from '@fw/contracts';
import { settledCount } from './outbox.ts';
import { ApiError, api } from '../lib/api.ts';
import { getToken, signOutWithNotice } from '../lib/auth.ts';
import { db } from '../db/db.ts';
import type { EntityTable } from '../db/db.ts';
import { API_PATHS } from '@fw/contracts/paths';
import { ADMIN_SYNCED_AT } from './meta-keys.ts';
import { heldRecordIds } from './write-kinds/registry.ts';

async function replaceTable<T extends { _id: string }>(
  table: EntityTable<T, '_id'>,
  items: T[],
  keep: Set<string>,
): Promise<void> {
  const incoming = items.filter((item) => !keep.has(item._id));
  const incomingIds = new Set(items.map((item) => item._id));
  const stale = ((await table.toCollection().primaryKeys()) as string[]).filter((id) => !incomingIds.has(id) && !keep.has(id));
  await table.bulkDelete(stale as never[]);
  await table.bulkPut(incoming);
}

/**
 * Replaces the admin's view with the server's lists. Answers false, applying nothing, when a write
 * was confirmed while the lists were on their way: they may predate it, and the next round pulls
 * again.
 */
export async function pullAdmin(): Promise<boolean> {
  const settledBefore = await settledCount();
  let lists;
  try {
    lists = await Promise.all([
      api<{ articles: Article[] }>('GET', API_PATHS.articles),
      api<{ comments: AdminComment[] }>('GET', API_PATHS.comments),
      api<{ users: User[] }>('GET', API_PATHS.users),
    ]);
  } catch (error) {
    // An expired token or a lost admin role found by the pull (not only by a write) also sends
    // the admin to the login screen with the server's reason, instead of a stale admin area.
    if (error instanceof ApiError && error.kind === 'sign-in') {
      signOutWithNotice(error.message);
      return true;
    }
    throw error;
  }
  // A logout during the requests already cleared the admin's view; don't put it back.
  if (!getToken()) return true;
  const [articles, comments, users] = lists;
  return db.transaction('rw', [db.adminArticles, db.adminComments, db.users, db.outbox, db.meta], async () => {
    if ((await settledCount()) !== settledBefore) return false;
    const keep = await heldRecordIds();
    await replaceTable(db.adminArticles, articles.data.articles, keep);
    await replaceTable(db.adminComments, comments.data.comments, keep);
    await replaceTable(db.users, users.data.users, keep);
    await db.meta.put({ key: ADMIN_SYNCED_AT, value: Date.now() });
    return true;
  });
}

/** Forget the admin's view (on logout): it is not the visitor's to keep. */
export async function clearAdminData(): Promise<void> {
  await db.transaction('rw', [db.adminArticles, db.adminComments, db.users, db.meta], async () => {
    await Promise.all([db.adminArticles.clear(), db.adminComments.clear(), db.users.clear(), db.meta.delete(ADMIN_SYNCED_AT)]);
  });
}
