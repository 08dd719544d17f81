// Worship lessons in the database, and the writes every lesson change is made of. Each is a fixed
// number of `_id` operations (docs/architecture.md, "What each request costs"):
// - `lessons`: one document per lesson, `_id` a (client-made) ObjectId. A deleted lesson stays as
//   `{ deleted: true }`, so its id is never used again and an offline edit of it gets a 404.
// - `lesson_dates`: `{ _id: 'YYYY-MM-DD', lesson }`, one per date. Inserting it is how a lesson takes
//   its date: FerretDB 1.24 has no unique secondary index we could trust under concurrency, but a
//   duplicate `_id` insert fails atomically on both servers (db/claims/claim.ts).
// - `lesson_versions`: the edit-version claims articles use too (db/claims/version-claims.ts), made by
//   db/write-change.ts before an edit is written.
// - `meta` `{ _id: 'lessons', stamp }`: a new random stamp after every change, so GET /api/schedule
//   answers from memory after one `_id` read and re-reads the lessons only when they changed.
import mongoose from 'mongoose';
import { lessonFromFields, type Lesson, type LessonFields, type LessonScripture } from '@fw/contracts';
import { stampOf } from '../../db/stamp.ts';
import { insertClaim, isStale, versionClaims, winTakeOver } from '../../db/claims/index.ts';
import { writeChange } from '../../db/write-change.ts';

export interface LessonDoc extends LessonFields {
  _id: mongoose.Types.ObjectId;
  version: number;
  deleted?: boolean;
  /** Citations in the texts, found before every save (scripture/lesson-scripture.ts). */
  scripture?: LessonScripture;
  createdAt: Date;
  updatedAt: Date;
}

interface DateClaimDoc {
  _id: string;
  lesson: string;
  at: Date;
}

export function toLessonDto(doc: LessonDoc): Lesson {
  const lesson = lessonFromFields(doc, { _id: String(doc._id), version: doc.version });
  return doc.scripture && Object.keys(doc.scripture).length ? { ...lesson, scripture: doc.scripture } : lesson;
}

export function lessonFields(doc: LessonFields): LessonFields {
  return {
    date: doc.date,
    broadcast: doc.broadcast,
    title: doc.broadcast ? '' : doc.title,
    text: doc.broadcast ? '' : doc.text,
    extras: doc.broadcast ? [] : doc.extras.map((e) => ({ title: e.title, text: e.text })),
  };
}

export function sameLessonFields(a: LessonFields, b: LessonFields): boolean {
  return JSON.stringify(lessonFields(a)) === JSON.stringify(lessonFields(b));
}

/**
 * `claimed`: this call inserted the claim, so a caller that then fails gives it back; `held`: the
 * lesson already held the date (a retry, or the date an unchanged lesson keeps), which a failing
 * caller must leave alone; otherwise the lesson that holds it.
 */
export type DateClaim = 'claimed' | 'held' | { heldBy: string };

export function lessonStore(connection: mongoose.Connection) {
  const lessons = connection.collection<LessonDoc>('lessons');
  const dates = connection.collection<DateClaimDoc>('lesson_dates');
  const { stamp, touch } = stampOf(connection, 'lessons');
  const versions = versionClaims(connection, 'lesson_versions');

  const oid = (id: string) => new mongoose.Types.ObjectId(id);
  const find = (id: string) => lessons.findOne({ _id: oid(id) }) as Promise<LessonDoc | null>;

  /**
   * Who holds a date, if anyone still does: a claim of a deleted lesson is void, and so is a stale
   * one (db/claims/claim.ts) whose lesson never arrived or stands on another date: its writer died before
   * giving it back.
   */
  async function holderOf(date: string): Promise<DateClaimDoc | null> {
    const held = await dates.findOne({ _id: date });
    if (!held) return null;
    const lesson = await find(held.lesson);
    const void_ = lesson?.deleted || (lesson?.date !== date && isStale(held.at));
    return void_ ? { ...held, lesson: '' } : held;
  }

  return {
    lessons,
    versions,
    find,
    holderOf,

    /** Takes `date` for lesson `id`; a claim it already holds (a retry) is its own. */
    async claimDate(date: string, id: string): Promise<DateClaim> {
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await insertClaim(dates, { _id: date, lesson: id, at: new Date() })) return 'claimed';
        const held = await holderOf(date);
        if (!held) continue;
        if (held.lesson === id) return 'held';
        if (held.lesson !== '') return { heldBy: held.lesson };
        // Of several callers taking over, only the winner of the take-over mark goes on
        // (db/claims/claim.ts winTakeOver); the mark's `_id` is never a date, so no lookup of a
        // date finds it.
        if (!(await winTakeOver(dates, held, { lesson: id }))) continue;
        await dates.deleteOne({ _id: date, at: held.at });
      }
      const held = await dates.findOne({ _id: date });
      return { heldBy: held?.lesson ?? '' };
    },

    async releaseDate(date: string, id: string): Promise<void> {
      await dates.deleteOne({ _id: date, lesson: id });
    },

    /**
     * Inserts version 1; a duplicate `_id` throws the driver's E11000 error. `scripture`: the
     * citations of `fields`, found by the caller (scripture/lesson-scripture.ts, off the event loop).
     */
    async insert(id: string, fields: LessonFields, scripture: LessonScripture): Promise<LessonDoc> {
      const at = new Date();
      const doc: LessonDoc = { _id: oid(id), ...lessonFields(fields), scripture, version: 1, createdAt: at, updatedAt: at };
      await writeChange(connection, { apply: () => lessons.insertOne(doc) });
      return doc;
    },

    /** Writes `fields` as the next version; null when another change took that version first. */
    async change(existing: LessonDoc, fields: LessonFields, scripture: LessonScripture): Promise<LessonDoc | null> {
      const id = String(existing._id);
      const version = existing.version + 1;
      const changed = await writeChange(connection, {
        version: { claims: versions, id, version, stored: async () => (await find(id))?.version ?? null },
        // One round trip: the update answers with the lesson as it now is.
        apply: () =>
          lessons.findOneAndUpdate(
            { _id: existing._id },
            { $set: { ...lessonFields(fields), scripture, version, updatedAt: new Date() } },
            { returnDocument: 'after' },
          ) as Promise<LessonDoc | null>,
      });
      return changed.written ? changed.value : null;
    },

    /** Marks a lesson deleted (kept, so its id is never used again) and frees its date. */
    async markDeleted(existing: LessonDoc): Promise<void> {
      const id = String(existing._id);
      await writeChange(connection, {
        apply: () => lessons.updateOne({ _id: existing._id }, { $set: { deleted: true, updatedAt: new Date() } }),
      });
      await dates.deleteOne({ _id: existing.date, lesson: id });
      await versions.forget(id);
    },

    /** Every live lesson, oldest first. Reads the whole collection: only after a change. */
    async listLive(): Promise<LessonDoc[]> {
      const all = (await lessons.find({}).toArray()) as LessonDoc[];
      return all.filter((l) => !l.deleted).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    },

    stamp,
    /** After every change: readers holding the old stamp render the schedule again. */
    touch,
  };
}
