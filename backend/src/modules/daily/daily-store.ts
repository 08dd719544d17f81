// Daily texts in the database. Each call is a fixed number of `_id` operations
// (docs/architecture.md, "What each request costs"):
// - `daily_texts`: one document per date, `_id` the date itself (`2026-11-27`), so "one text per
//   date" is the database's own unique `_id`, and a window of dates is read date by date. A deleted
//   text stays as `{ deleted: true }` with its version, so a text added again on that date goes on
//   numbering from there and an edit queued before the delete is refused instead of reviving it.
// - `daily_versions`: the edit-version claims (db/claims/version-claims.ts), taken by
//   db/write-change.ts before a change is written: of two changes based on the same version, one wins.
// - `meta` `{ _id: 'daily', stamp }`: a new random stamp after every change, so a window read answers
//   from memory after one `_id` read (daily.routes.ts).
import type mongoose from 'mongoose';
import type { DailyText, DailyTextFields, TextCitation } from '@fw/contracts';
import { stampOf } from '../../db/stamp.ts';
import { versionClaims } from '../../db/claims/index.ts';
import { writeChange } from '../../db/write-change.ts';

/** What the server finds in a text's words before saving it (daily.service.ts). */
export interface DailyFound {
  osis: string;
  scripture: TextCitation[];
}

export interface DailyDoc extends DailyTextFields, DailyFound {
  _id: string;
  version: number;
  deleted?: boolean;
  updatedAt: Date;
}

export function toDailyDto(doc: DailyDoc): DailyText {
  const text: DailyText = {
    date: doc._id,
    reference: doc.reference,
    comment: doc.comment,
    version: doc.version,
    osis: doc.osis,
  };
  return doc.scripture.length ? { ...text, scripture: doc.scripture } : text;
}

export const dailyFields = (doc: DailyTextFields): DailyTextFields => ({
  date: doc.date,
  reference: doc.reference,
  comment: doc.comment,
});

export function sameDailyFields(doc: DailyDoc, fields: DailyTextFields): boolean {
  return !doc.deleted && doc.reference === fields.reference && doc.comment === fields.comment;
}

export function dailyStore(connection: mongoose.Connection) {
  const texts = connection.collection<DailyDoc>('daily_texts');
  const { stamp, touch } = stampOf(connection, 'daily');
  const versions = versionClaims(connection, 'daily_versions');

  const find = (date: string) => texts.findOne({ _id: date }) as Promise<DailyDoc | null>;

  return {
    find,

    /** Version 1 of a date never used; a duplicate `_id` throws the driver's E11000 error. */
    async insert(fields: DailyTextFields, found: DailyFound): Promise<DailyDoc> {
      const doc: DailyDoc = { _id: fields.date, ...dailyFields(fields), ...found, version: 1, updatedAt: new Date() };
      await writeChange(connection, { apply: () => texts.insertOne(doc) });
      return doc;
    },

    /**
     * Moves a date's text to its next version: new words (an edit, or a text added again on a
     * date whose text was deleted), or `null` to delete it. Null when another change took that
     * version first.
     */
    async change(existing: DailyDoc, next: { fields: DailyTextFields; found: DailyFound } | null): Promise<DailyDoc | null> {
      const date = existing._id;
      const version = existing.version + 1;
      const update = next
        ? { $set: { ...dailyFields(next.fields), ...next.found, version, deleted: false, updatedAt: new Date() } }
        : { $set: { deleted: true, version, updatedAt: new Date() } };
      const changed = await writeChange(connection, {
        version: { claims: versions, id: date, version, stored: async () => (await find(date))?.version ?? null },
        apply: () => texts.findOneAndUpdate({ _id: date }, update, { returnDocument: 'after' }) as Promise<DailyDoc | null>,
      });
      return changed.written ? changed.value : null;
    },

    /** The live texts of `dates` (each an `_id` read), by date. */
    async some(dates: readonly string[]): Promise<Map<string, DailyDoc | null>> {
      const docs = await Promise.all(dates.map(find));
      return new Map(dates.map((date, i) => [date, docs[i] && !docs[i].deleted ? docs[i] : null]));
    },

    stamp,
    /** After every change: readers holding the old stamp read the dates again. */
    touch,
  };
}
