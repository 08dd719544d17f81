// Every kind of write the device can queue, by name: the outbox, the pulls and the outbox panel
// read them from here. A family of kinds is one file in this folder, listed once below.
import { db, type OutboxEntry } from '../../db/db.ts';
import { ARTICLE_KINDS } from './articles.ts';
import { COMMENT_KINDS } from './comments.ts';
import { DAILY_KINDS } from './daily.ts';
import { LESSON_KINDS } from './lessons.ts';
import { STUDY_KINDS } from './study.ts';
import { USER_KINDS } from './users.ts';
import type { WriteKind } from './kind.ts';

export const WRITE_KINDS = { ...COMMENT_KINDS, ...ARTICLE_KINDS, ...USER_KINDS, ...LESSON_KINDS, ...DAILY_KINDS, ...STUDY_KINDS };

export type OutboxKind = keyof typeof WRITE_KINDS;

/**
 * The declaration of a stored entry's kind, or undefined for a name this build does not know (an
 * entry written by another version of the app): the outbox shows it as refused instead of failing.
 */
export function kindOf(entry: Pick<OutboxEntry, 'kind'>): WriteKind | undefined {
  return Object.hasOwn(WRITE_KINDS, entry.kind) ? WRITE_KINDS[entry.kind as OutboxKind] : undefined;
}

/** Every table any kind touches: the scope of the outbox's transactions. */
export function writeTables() {
  return [...new Set(Object.values(WRITE_KINDS).flatMap((kind) => kind.tables()))];
}

/**
 * The records a pull must not overwrite yet: those of every write still in the outbox (waiting,
 * refused or in conflict). Runs inside the pull's transaction, which includes the outbox.
 */
export async function heldRecordIds(): Promise<Set<string>> {
  const held = new Set<string>();
  for (const entry of await db.outbox.toArray()) {
    const ids = kindOf(entry)?.heldIds?.(entry.recordId, entry.body) ?? [entry.recordId];
    for (const id of ids) held.add(id);
  }
  return held;
}
