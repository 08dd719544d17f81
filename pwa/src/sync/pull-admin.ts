// The admin's view (all articles with drafts, all comments, users), pulled while a token is held.
// Records with operations still in the outbox keep their optimistic local copy.
import type { AdminComment, Article, User } from '@fw/contracts';
import { api } from '../lib/api.ts';
import { db } from '../db/db.ts';
import type { EntityTable } from '../db/db.ts';

async function pendingRecordIds(): Promise<Set<string>> {
  const entries = await db.outbox.toArray();
  return new Set(entries.map((e) => e.recordId));
}

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

export async function pullAdmin(): Promise<void> {
  const [articles, comments, users] = await Promise.all([
    api<{ articles: Article[] }>('GET', '/api/admin/articles'),
    api<{ comments: AdminComment[] }>('GET', '/api/admin/comments'),
    api<{ users: User[] }>('GET', '/api/admin/users'),
  ]);
  await db.transaction('rw', db.adminArticles, db.adminComments, db.users, db.outbox, async () => {
    const keep = await pendingRecordIds();
    await replaceTable(db.adminArticles, articles.data.articles, keep);
    await replaceTable(db.adminComments, comments.data.comments, keep);
    await replaceTable(db.users, users.data.users, keep);
  });
}

/** Forget the admin's view (on logout): it is not the visitor's to keep. */
export async function clearAdminData(): Promise<void> {
  await db.transaction('rw', db.adminArticles, db.adminComments, db.users, async () => {
    await Promise.all([db.adminArticles.clear(), db.adminComments.clear(), db.users.clear()]);
  });
}
