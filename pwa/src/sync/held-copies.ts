// A pull never overwrites a record that has a write waiting in the outbox (the registry of writes
// says which: write-kinds/registry.ts heldRecordIds). The delta feeds move their cursor on regardless,
// so what a feed page brought for such a record is set aside here, and handed to the device's
// tables once the last write for the record leaves the outbox without the server's copy of it
// (given up, or confirmed by an answer that carries no record). A confirmation that carries the
// stored record (an article save or toggle) is newer than what the feed brought before it, so the
// set-aside copy is dropped then.
import type { Article, Comment } from '@fw/contracts';
import { db } from '../db/db.ts';
import { removePublicArticle, storePublicArticle } from './article-store.ts';

type Held = { table: 'articles'; value: Article | null } | { table: 'comments'; value: Comment | null };

const PREFIX = 'heldFeedCopy:';
const keyOf = (table: Held['table'], id: string) => `${PREFIX}${table}:${id}`;

/** Sets a feed page's copy aside (null: the feed removed the record). Runs in the pull's transaction. */
export async function holdFeedCopy(id: string, held: Held): Promise<void> {
  await db.meta.put({ key: keyOf(held.table, id), value: held });
}

async function applyHeld(id: string, held: Held): Promise<void> {
  if (held.table === 'articles') {
    // A copy taken meanwhile (the server's, in a conflict) may be newer than the feed's.
    const shown = await db.articles.get(id);
    if (held.value && (shown?.version ?? -1) <= held.value.version) await storePublicArticle(held.value);
    else if (!held.value) await removePublicArticle(id);
  } else if (held.value) await db.comments.put(held.value);
  else await db.comments.delete(id);
}

/**
 * After a write for `id` left the outbox: drops (`answered`: the server's answer carried the
 * record) or applies what the feeds set aside, once no other write for the record waits. Runs in
 * the outbox's transaction (outbox, meta and the feeds' tables).
 */
export async function releaseFeedCopies(id: string, answered: boolean): Promise<void> {
  const waiting = (await db.outbox.where('recordId').equals(id).count()) > 0;
  for (const table of ['articles', 'comments'] as const) {
    const entry = await db.meta.get(keyOf(table, id));
    if (!entry) continue;
    if (answered) await db.meta.delete(keyOf(table, id));
    else if (!waiting) {
      await db.meta.delete(keyOf(table, id));
      await applyHeld(id, entry.value as Held);
    }
  }
}
