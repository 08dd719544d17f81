// Study sync spaces in the database: what the server keeps of a family's sealed study records, and
// nothing it could read (contracts/src/study-space.ts). Two collections, every operation by `_id`
// (FerretDB 1.24 answers nothing else from an index, docs/architecture.md):
// - `study_spaces` `{ _id: space, credential, head, usedAt, removed? }`: the SHA-256 of the write
//   credential (the credential itself is 256 bits derived from the key, so a fast hash is enough),
//   and `head`, the highest change number known written (raised with `$max`, which FerretDB may
//   lose under concurrency: readers also probe past it).
// - `study_changes` `{ _id: '<space>#<n>', packed, bytes, total }`: the space's writes, numbered
//   1, 2, 3…, one document each, however many records it names (a link sends thousands: one insert
//   a write, one read a write back, where a document per record cost two database calls a record
//   each way). `packed` is the write's items, `[{ rid, data } | { rid, deleted }]`, as JSON text:
//   one string is what FerretDB stores and reads fastest (a write of 500 records, 222 KB, took
//   13.6-24.1 ms to insert and 27-50 ms to read as an array of items, 7.5-9.6 and 8.7-11.5 ms as
//   text, 2026-11-29); the server never looks inside a record anyway. Inserting `<space>#<n>` is how a write takes its
//   number (one insert wins, db/claims/claim.ts), so numbers have no holes but those compaction
//   leaves. A deleted record keeps its item as a tombstone (no data), so no device brings it back.
// Usage: `total` on each write is the space's usage after it, the previous write's plus this one's
// records, which counts a record written again twice. That bound is all a write checks while it
// stays under the quota; one that would pass it first compacts the space (compact below): every
// item a later write of the same record replaced is dropped, which gives the exact usage, and
// only then is the write refused or taken. A page of the feed also leaves out the items a later
// write in the same page replaces. Documents of the earlier layouts read as they were written:
// `items` as an array, or one change per record (`{ rid, data? | deleted }`, a write of one record).
import crypto from 'node:crypto';
import type mongoose from 'mongoose';
import { STUDY_LIMITS, type SealedRecord, type SpaceChange, type SpaceUsage } from '@fw/contracts';
import { isDuplicateKey } from '../../db/duplicate-key.ts';
import { HttpError } from '../../errors.ts';

interface SpaceDoc {
  _id: string;
  credential: string;
  head: number;
  createdAt: Date;
  usedAt: Date;
  removed?: Date;
  /** When the space was last compacted (one compaction a space a COMPACT_EVERY_MS). */
  compactedAt?: Date;
}

interface Usage {
  bytes: number;
  records: number;
}

type Item = SealedRecord;

interface ChangeDoc {
  _id: string;
  /** The items as JSON text. */
  packed?: string;
  /** The earlier layout: the items as an array. */
  items?: Item[];
  /** The earlier layout: one record a change. */
  rid?: string;
  data?: string;
  deleted?: true;
  bytes: number;
  total: Usage;
}

const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

export const SPACE_MESSAGES = {
  LOCKED: 'These sync words do not open a sync space. Check them against a linked device.',
  REMOVED: 'This sync space was removed from every device, so these words no longer work. Link this device with the new words.',
  FULL: (usage: Usage, quota: SpaceQuota) =>
    `Your sync space is full: it holds ${usage.records.toLocaleString('en-US')} of ${quota.records.toLocaleString('en-US')} records and ${megabytes(usage.bytes)} of ${megabytes(quota.bytes)}. Nothing of this change was sent, and this device keeps everything. Delete notes or highlights you no longer need to make room.`,
  BUSY: 'Other devices are writing to this sync space right now. Your changes are kept and will be sent again.',
  TIDYING: 'Your sync space is nearly full and was tidied a moment ago. Your changes are kept and will be sent again in a minute.',
} as const;

/** Reads in flight at once for one request. */
const READ_CONCURRENCY = 16;
/** Probes past a space's `head` for changes whose raise of it was lost. */
const HEAD_PROBES = 32;
/** Tries of a write whose numbers other writes took first, a few random milliseconds apart. */
const WRITE_ATTEMPTS = 24;
const RETRY_SPREAD_MS = 20;
/**
 * A space is compacted at most this often: a compaction reads every write the space holds, and a
 * device writing to a space at its quota must not make the server do that for each write. A
 * write that would need one sooner is answered "try again" (503 with Retry-After), which the
 * device's outbox does.
 */
const COMPACT_EVERY_MS = 60_000;

const hashOf = (credential: string) => crypto.createHash('sha256').update(credential).digest();

async function inPieces<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += READ_CONCURRENCY) out.push(...(await Promise.all(items.slice(i, i + READ_CONCURRENCY).map(work))));
  return out;
}

/** A change's records, in either layout. */
function itemsOf(doc: ChangeDoc): Item[] {
  if (doc.packed !== undefined) return JSON.parse(doc.packed) as Item[];
  if (doc.items) return doc.items;
  return doc.deleted || doc.data === undefined ? [{ rid: doc.rid!, deleted: true }] : [{ rid: doc.rid!, data: doc.data }];
}

const charsOf = (items: Item[]) => items.reduce((chars, item) => chars + ('data' in item ? item.data.length : 0), 0);
const liveOf = (items: Item[]) => items.reduce((count, item) => count + ('data' in item ? 1 : 0), 0);

/** Each record's last item only, in the order of those last items (the last named wins). */
function latestOnly<T extends { item: Item }>(list: T[]): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const entry = list[i]!;
    if (seen.has(entry.item.rid)) continue;
    seen.add(entry.item.rid);
    kept.push(entry);
  }
  return kept.reverse();
}

/** What one space may hold: STUDY_LIMITS unless the configuration says otherwise. */
export interface SpaceQuota {
  bytes: number;
  records: number;
}

const DEFAULT_QUOTA: SpaceQuota = { bytes: STUDY_LIMITS.QUOTA_BYTES, records: STUDY_LIMITS.QUOTA_RECORDS };

export function spaceStore(connection: mongoose.Connection, quota: SpaceQuota = DEFAULT_QUOTA) {
  const usageOf = (total: Usage): SpaceUsage => ({ ...total, quotaBytes: quota.bytes, quotaRecords: quota.records });
  const over = (total: Usage) => total.bytes > quota.bytes || total.records > quota.records;
  const spaces = connection.collection<SpaceDoc>('study_spaces');
  const changes = connection.collection<ChangeDoc>('study_changes');
  const changeId = (space: string, seq: number) => `${space}#${seq}`;
  const readChange = (space: string, seq: number) => changes.findOne({ _id: changeId(space, seq) });
  /** A change's usage after it, without its records. */
  const readTotal = (space: string, seq: number) => changes.findOne({ _id: changeId(space, seq) }, { projection: { total: 1 } });
  const numbers = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

  /** The space, if `credential` opens it; the same refusal whether it exists or not. */
  async function open(space: string, credential: string): Promise<SpaceDoc> {
    const doc = await spaces.findOne({ _id: space });
    const held = doc ? Buffer.from(doc.credential, 'hex') : crypto.randomBytes(32);
    const matches = crypto.timingSafeEqual(held, hashOf(credential));
    if (!doc || !matches) throw new HttpError('SPACE_LOCKED', SPACE_MESSAGES.LOCKED);
    if (doc.removed) throw new HttpError('SPACE_REMOVED', SPACE_MESSAGES.REMOVED);
    return doc;
  }

  /** The newest change (its number and the usage it left), from `head` and a few probes past it. */
  async function newest(space: string, head: number): Promise<{ seq: number; total: Usage }> {
    let seq = head;
    let doc = head > 0 ? await readTotal(space, head) : null;
    for (let probe = 0; probe < HEAD_PROBES; probe++) {
      const next = await readTotal(space, seq + 1);
      if (!next) break;
      seq += 1;
      doc = next;
    }
    return { seq, total: doc?.total ?? { bytes: 0, records: 0 } };
  }

  /**
   * Drops from the changes up to `top` every item a later one of the same record replaced (a
   * change left with none goes), and answers the exact usage; the newest change keeps it. A
   * compaction beside a write or another compaction may keep an item it could have dropped, never
   * one that is a record's latest.
   */
  async function compact(space: string, top: number): Promise<Usage> {
    const docs = await inPieces(numbers(1, top), (seq) => readChange(space, seq));
    const seen = new Set<string>();
    const exact: Usage = { bytes: 0, records: 0 };
    const rewrites: { seq: number; items: Item[] }[] = [];
    for (let seq = top; seq >= 1; seq--) {
      const doc = docs[seq - 1];
      if (!doc) continue;
      const items = itemsOf(doc);
      const kept = items.filter((item) => !seen.has(item.rid));
      for (const item of kept) {
        seen.add(item.rid);
        if ('data' in item) {
          exact.bytes += item.data.length;
          exact.records += 1;
        }
      }
      if (kept.length < items.length) rewrites.push({ seq, items: kept });
    }
    for (let i = 0; i < rewrites.length; i += READ_CONCURRENCY) {
      await Promise.all(
        rewrites.slice(i, i + READ_CONCURRENCY).map(({ seq, items }) => {
          const _id = changeId(space, seq);
          if (items.length === 0 && seq !== top) return changes.deleteOne({ _id });
          return changes.updateOne({ _id }, { $set: { packed: JSON.stringify(items), bytes: charsOf(items) }, $unset: { items: '', rid: '', data: '', deleted: '' } });
        }),
      );
    }
    if (top > 0) await changes.updateOne({ _id: changeId(space, top) }, { $set: { total: exact } });
    return exact;
  }

  return {
    open,

    /** Makes the space, or answers its usage when this credential made it already (a retry, a relink). */
    async create(space: string, credential: string): Promise<SpaceUsage> {
      const at = new Date();
      try {
        await spaces.insertOne({ _id: space, credential: hashOf(credential).toString('hex'), head: 0, createdAt: at, usedAt: at });
        return usageOf({ bytes: 0, records: 0 });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const doc = await open(space, credential);
      return usageOf((await newest(space, doc.head)).total);
    },

    /**
     * Writes `list` as the space's next change (a record named twice: the last wins). Refused
     * whole (SPACE_FULL) when the usage after it would pass a quota even once the space is
     * compacted; a write that only deletes is never refused.
     */
    async write(doc: SpaceDoc, list: SealedRecord[]): Promise<{ cursor: number; usage: SpaceUsage }> {
      const space = doc._id;
      const items = latestOnly(list.map((item) => ({ item }))).map(({ item }) => item);
      const adds = { bytes: charsOf(items), records: liveOf(items) };
      let top = await newest(space, doc.head);
      for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
        let total = { bytes: top.total.bytes + adds.bytes, records: top.total.records + adds.records };
        if (adds.records > 0 && over(total)) {
          const since = Date.now() - (doc.compactedAt?.getTime() ?? 0);
          if (since < COMPACT_EVERY_MS) {
            throw new HttpError('BUSY', SPACE_MESSAGES.TIDYING, {}, { 'Retry-After': String(Math.ceil((COMPACT_EVERY_MS - since) / 1000)) });
          }
          doc.compactedAt = new Date();
          await spaces.updateOne({ _id: space }, { $set: { compactedAt: doc.compactedAt } });
          const exact = await compact(space, top.seq);
          total = { bytes: exact.bytes + adds.bytes, records: exact.records + adds.records };
          if (over(total)) throw new HttpError('SPACE_FULL', SPACE_MESSAGES.FULL(exact, quota));
        }
        const seq = top.seq + 1;
        try {
          await changes.insertOne({ _id: changeId(space, seq), packed: JSON.stringify(items), bytes: adds.bytes, total });
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
          // Writers that met on one number spread out before they look again.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_SPREAD_MS));
          top = await newest(space, top.seq);
          continue;
        }
        await spaces.updateOne({ _id: space }, { $max: { head: seq }, $set: { usedAt: new Date() } });
        return { cursor: seq, usage: usageOf(total) };
      }
      throw new HttpError('BUSY', SPACE_MESSAGES.BUSY);
    },

    /**
     * The changes after `after`, whole writes, until the page holds `limit` records or
     * STUDY_LIMITS.PAGE_MAX_CHARS of sealed text (and at least one write); an item a later write
     * in the page replaces is left out. Answers the cursor to ask from next.
     */
    async changesAfter(doc: SpaceDoc, after: number, limit: number): Promise<{ changes: SpaceChange[]; cursor: number; hasMore: boolean }> {
      const space = doc._id;
      const top = (await newest(space, Math.max(doc.head, after))).seq;
      const page: { seq: number; item: Item }[] = [];
      let chars = 0;
      let cursor = after;
      reading: while (cursor < top) {
        const next = numbers(cursor + 1, Math.min(top, cursor + READ_CONCURRENCY));
        const found = await inPieces(next, (seq) => readChange(space, seq));
        for (let i = 0; i < next.length; i++) {
          const change = found[i];
          const items = change ? itemsOf(change) : [];
          const full = page.length + items.length > limit || chars + charsOf(items) > STUDY_LIMITS.PAGE_MAX_CHARS;
          if (page.length > 0 && full) break reading;
          for (const item of items) page.push({ seq: next[i]!, item });
          chars += charsOf(items);
          cursor = next[i]!;
        }
      }
      const list = latestOnly(page).map(({ seq, item }): SpaceChange =>
        'data' in item ? { seq, rid: item.rid, data: item.data } : { seq, rid: item.rid, deleted: true },
      );
      return { changes: list, cursor, hasMore: cursor < top };
    },

    /**
     * Marks the space removed (its devices are told so from now on) and then deletes its changes
     * and records, by `_id`, in the background: `purge` finishes one an instance left half-way.
     */
    async remove(doc: Pick<SpaceDoc, '_id'>): Promise<void> {
      await spaces.updateOne({ _id: doc._id }, { $set: { removed: new Date() } });
    },

    /**
     * Deletes a removed space's changes, newest first. The space's own document stays, holding
     * only its credential's hash and the mark, so a device that comes back later is still told
     * the space was removed (410), not that its words open nothing.
     */
    async purge(space: string): Promise<void> {
      const doc = await spaces.findOne({ _id: space });
      if (!doc?.removed) return;
      const top = (await newest(space, doc.head)).seq;
      for (let end = top; end > 0; end -= READ_CONCURRENCY * 8) {
        const seqs = numbers(Math.max(1, end - READ_CONCURRENCY * 8 + 1), end).reverse();
        await changes.bulkWrite(seqs.map((seq) => ({ deleteOne: { filter: { _id: changeId(space, seq) } } })));
      }
      // Nothing left to delete: a purge run again reads nothing.
      await spaces.updateOne({ _id: space }, { $set: { head: 0 } });
    },

    /**
     * The spaces not written to since `before` and not removed yet, oldest use first: for the
     * operator's command (backend/src/study-spaces.ts), which reads the whole collection (no request
     * does).
     */
    async unusedSince(before: Date): Promise<{ space: string; usedAt: Date; createdAt: Date; writes: number }[]> {
      const all = await spaces.find({}).toArray();
      return all
        .filter((doc) => !doc.removed && doc.usedAt < before)
        .sort((a, b) => a.usedAt.getTime() - b.usedAt.getTime())
        .map((doc) => ({ space: doc._id, usedAt: doc.usedAt, createdAt: doc.createdAt, writes: doc.head }));
    },

    spaces,
  };
}
