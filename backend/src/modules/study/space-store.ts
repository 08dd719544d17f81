// Study sync spaces in the database: what the server keeps of a family's sealed study records, and
// nothing it could read (contracts/src/study-space.ts). Three collections, every operation by `_id`
// (FerretDB 1.24 answers nothing else from an index, docs/architecture.md):
// - `study_spaces` `{ _id: space, credential, head, usedAt, removed? }`: the SHA-256 of the write
//   credential (the credential itself is 256 bits derived from the key, so a fast hash is enough),
//   and `head`, the highest change number known written (raised with `$max`, which FerretDB may
//   lose under concurrency: readers also probe past it).
// - `study_changes` `{ _id: '<space>#<n>', rid, data? | deleted, bytes, total }`: the space's
//   changes, numbered 1, 2, 3…; inserting `<space>#<n>` is how a change takes its number (one
//   insert wins, db/claims/claim.ts), so numbers have no holes but those left on purpose: a change
//   replaced by a later change of the same record is deleted. `total` is the space's usage after
//   this change (the previous change's plus this one's difference), so the newest change always
//   knows the usage without counting anything.
// - `study_records` `{ _id: '<space>|<rid>', seq, bytes, deleted? }`: where each record's latest
//   change is, so a rewrite knows its size difference and which change it replaces.
// A deleted record keeps its change as a tombstone (no data), so no device brings it back.
// Two devices writing one record in the same instant may leave the usage off by that record's
// size; it is a quota, not a bill.
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
}

interface Usage {
  bytes: number;
  records: number;
}

interface ChangeDoc {
  _id: string;
  rid: string;
  data?: string;
  deleted?: true;
  bytes: number;
  total: Usage;
}

interface RecordDoc {
  _id: string;
  seq: number;
  bytes: number;
  deleted?: true;
}

const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

export const SPACE_MESSAGES = {
  LOCKED: 'These sync words do not open a sync space. Check them against a linked device.',
  REMOVED: 'This sync space was removed from every device, so these words no longer work. Link this device with the new words.',
  FULL: (usage: Usage, quota: SpaceQuota) =>
    `Your sync space is full: it holds ${usage.records.toLocaleString('en-US')} of ${quota.records.toLocaleString('en-US')} records and ${megabytes(usage.bytes)} of ${megabytes(quota.bytes)}. Nothing of this change was sent, and this device keeps everything. Delete notes or highlights you no longer need to make room.`,
  BUSY: 'Other devices are writing to this sync space right now. Your changes are kept and will be sent again.',
} as const;

/** Reads in flight at once for one request. */
const READ_CONCURRENCY = 16;
/** Probes past a space's `head` for changes whose raise of it was lost. */
const HEAD_PROBES = 32;
/** Tries of a write whose numbers other writes took first, a few random milliseconds apart. */
const WRITE_ATTEMPTS = 24;
const RETRY_SPREAD_MS = 20;

const hashOf = (credential: string) => crypto.createHash('sha256').update(credential).digest();

async function inPieces<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += READ_CONCURRENCY) out.push(...(await Promise.all(items.slice(i, i + READ_CONCURRENCY).map(work))));
  return out;
}

/** What one space may hold: STUDY_LIMITS unless the configuration says otherwise. */
export interface SpaceQuota {
  bytes: number;
  records: number;
}

const DEFAULT_QUOTA: SpaceQuota = { bytes: STUDY_LIMITS.QUOTA_BYTES, records: STUDY_LIMITS.QUOTA_RECORDS };

export function spaceStore(connection: mongoose.Connection, quota: SpaceQuota = DEFAULT_QUOTA) {
  const usageOf = (total: Usage): SpaceUsage => ({ ...total, quotaBytes: quota.bytes, quotaRecords: quota.records });
  const spaces = connection.collection<SpaceDoc>('study_spaces');
  const changes = connection.collection<ChangeDoc>('study_changes');
  const records = connection.collection<RecordDoc>('study_records');
  const changeId = (space: string, seq: number) => `${space}#${seq}`;
  const readChange = (space: string, seq: number) => changes.findOne({ _id: changeId(space, seq) });

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
    let doc = head > 0 ? await readChange(space, head) : null;
    for (let probe = 0; probe < HEAD_PROBES; probe++) {
      const next = await readChange(space, seq + 1);
      if (!next) break;
      seq += 1;
      doc = next;
    }
    return { seq, total: doc?.total ?? { bytes: 0, records: 0 } };
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
     * Writes `list` as the space's next changes, in order (a record named twice: the last wins).
     * Refused whole (SPACE_FULL) when the usage after it would pass a quota; a write that only
     * deletes is never refused.
     */
    async write(doc: SpaceDoc, list: SealedRecord[]): Promise<{ cursor: number; usage: SpaceUsage }> {
      const space = doc._id;
      let pending = [...new Map(list.map((r) => [r.rid, r])).values()];
      let top = await newest(space, doc.head);
      for (let attempt = 0; attempt < WRITE_ATTEMPTS && pending.length > 0; attempt++) {
        const before = await inPieces(pending, (r) => records.findOne({ _id: `${space}|${r.rid}` }));
        const planned: ChangeDoc[] = [];
        let total = top.total;
        pending.forEach((record, i) => {
          const old = before[i];
          const bytes = 'data' in record ? record.data.length : 0;
          const live = 'data' in record ? 1 : 0;
          const wasLive = old && !old.deleted ? 1 : 0;
          total = { bytes: total.bytes + bytes - (wasLive ? old!.bytes : 0), records: total.records + live - wasLive };
          const seq = top.seq + i + 1;
          planned.push({ _id: changeId(space, seq), rid: record.rid, bytes, total, ...('data' in record ? { data: record.data } : { deleted: true as const }) });
        });
        const grows = planned.some((c) => c.data !== undefined);
        if (grows && (total.bytes > quota.bytes || total.records > quota.records)) {
          throw new HttpError('SPACE_FULL', SPACE_MESSAGES.FULL(top.total, quota));
        }
        let written = planned.length;
        try {
          await changes.insertMany(planned, { ordered: true });
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
          // Ordered: the changes before the taken number are in; the rest go after the newcomer.
          written = (error as { insertedCount?: number; result?: { insertedCount?: number } }).result?.insertedCount ??
            (error as { insertedCount?: number }).insertedCount ?? 0;
        }
        const done = pending.slice(0, written);
        await settle(space, done, before.slice(0, written), top.seq);
        if (written > 0) top = { seq: top.seq + written, total: planned[written - 1]!.total };
        pending = pending.slice(written);
        if (pending.length > 0) {
          // Writers that met on one number spread out before they look again.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_SPREAD_MS));
          top = await newest(space, top.seq);
        }
      }
      if (pending.length > 0) throw new HttpError('BUSY', SPACE_MESSAGES.BUSY);
      await spaces.updateOne({ _id: space }, { $max: { head: top.seq }, $set: { usedAt: new Date() } });
      return { cursor: top.seq, usage: usageOf(top.total) };
    },

    /** Up to `limit` changes after `after`, and the cursor to ask from next. */
    async changesAfter(doc: SpaceDoc, after: number, limit: number): Promise<{ changes: SpaceChange[]; cursor: number; hasMore: boolean }> {
      const space = doc._id;
      const top = (await newest(space, Math.max(doc.head, after))).seq;
      const end = Math.min(top, after + limit);
      const numbers = Array.from({ length: Math.max(0, end - after) }, (_, i) => after + i + 1);
      const found = await inPieces(numbers, (seq) => readChange(space, seq));
      const list: SpaceChange[] = [];
      found.forEach((change, i) => {
        if (!change) return;
        list.push(change.deleted ? { seq: numbers[i]!, rid: change.rid, deleted: true } : { seq: numbers[i]!, rid: change.rid, data: change.data! });
      });
      return { changes: list, cursor: Math.max(end, after), hasMore: end < top };
    },

    /**
     * Marks the space removed (its devices are told so from now on) and then deletes its changes
     * and records, by `_id`, in the background: `purge` finishes one an instance left half-way.
     */
    async remove(doc: SpaceDoc): Promise<void> {
      await spaces.updateOne({ _id: doc._id }, { $set: { removed: new Date() } });
    },

    /**
     * Deletes a removed space's changes and records, newest first. The space's own document stays,
     * holding only its credential's hash and the mark, so a device that comes back later is still
     * told the space was removed (410), not that its words open nothing.
     */
    async purge(space: string): Promise<void> {
      const doc = await spaces.findOne({ _id: space });
      if (!doc?.removed) return;
      const top = (await newest(space, doc.head)).seq;
      for (let end = top; end > 0; end -= READ_CONCURRENCY * 8) {
        const numbers = Array.from({ length: Math.min(end, READ_CONCURRENCY * 8) }, (_, i) => end - i);
        const found = await inPieces(numbers, (seq) => readChange(space, seq));
        const rids = found.flatMap((c) => (c ? [c.rid] : []));
        if (rids.length) await records.bulkWrite(rids.map((rid) => ({ deleteOne: { filter: { _id: `${space}|${rid}` } } })));
        await changes.bulkWrite(numbers.map((seq) => ({ deleteOne: { filter: { _id: changeId(space, seq) } } })));
      }
      // Nothing left to delete: a purge run again reads nothing.
      await spaces.updateOne({ _id: space }, { $set: { head: 0 } });
    },

    spaces,
  };

  /** After `done` took the numbers from `from + 1`: point each record at its change, drop the ones replaced. */
  async function settle(space: string, done: SealedRecord[], before: (RecordDoc | null)[], from: number): Promise<void> {
    if (done.length === 0) return;
    await records.bulkWrite(
      done.map((record, i) => ({
        replaceOne: {
          filter: { _id: `${space}|${record.rid}` },
          replacement: { seq: from + i + 1, bytes: 'data' in record ? record.data.length : 0, ...('data' in record ? {} : { deleted: true as const }) },
          upsert: true,
        },
      })),
      { ordered: false },
    ).catch((error: unknown) => {
      // Two first writes of one record at once: both changes are in, either pointer will do.
      if (!isDuplicateKey(error)) throw error;
    });
    const replaced = before.flatMap((old) => (old && old.seq <= from ? [old.seq] : []));
    if (replaced.length) await changes.bulkWrite(replaced.map((seq) => ({ deleteOne: { filter: { _id: changeId(space, seq) } } })));
  }
}

