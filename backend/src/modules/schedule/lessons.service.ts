// Worship lesson changes by administrators: save (add, or edit in place with a version), delete,
// and import many at once. The save rules follow articles (articles/article-save.ts):
// - an _id nobody has used: a new lesson with that id (devices make ids offline);
// - an _id of a stored lesson with the same fields: already saved (a retry), nothing changes;
// - an _id of a stored lesson with `version` equal to the stored one: the edit, version + 1;
// - anything else: 409 with the server's copy, so the admin can choose;
// - an _id of a deleted lesson: 404, an id is never brought back.
// One lesson per date: a second one for a taken date is a 409 naming the date.
import crypto from 'node:crypto';
import mongoose from 'mongoose';
import {
  checkImportRows,
  describeLineProblems,
  formatLessonDate,
  type LessonFields,
  type LessonScripture,
  type LessonImportRowParsed,
  type LessonInputParsed,
  type LineProblem,
} from '@fw/contracts';
import type { ErrorCode } from '@fw/contracts/errors';
import { HttpError } from '../../errors.ts';
import { isDuplicateKey } from '../../db/duplicate-key.ts';
import { lessonFields, lessonStore, sameLessonFields, toLessonDto, type LessonDoc } from './lesson-store.ts';
import { lessonScripture, lessonsScripture } from '../scripture/lesson-scripture.ts';
import type { ScripturePool } from '../scripture/scripture-pool.ts';

export const LESSON_MESSAGES = {
  CREATED: 'Lesson added.',
  UPDATED: 'Lesson updated.',
  UNCHANGED: 'Lesson saved.',
  DELETED: 'Lesson deleted.',
  IMPORTED: (n: number) => `${n} ${n === 1 ? 'lesson' : 'lessons'} imported.`,
  NOT_FOUND: 'This lesson does not exist (it may have been deleted).',
  WAS_DELETED: 'This lesson was deleted, so it cannot be saved again under the same id. Add it as a new lesson.',
  CONFLICT:
    'This lesson was changed by someone else since you opened it. Compare with the saved copy, then save again to keep your version.',
  DATE_TAKEN: (date: string) =>
    `There is already a lesson for ${formatLessonDate(date)}. Edit that lesson, or choose another date.`,
  IMPORT_INVALID: 'Nothing was imported: some rows are not valid. ',
  IMPORT_CONFLICT: 'Nothing was imported: some rows clash with lessons already saved. ',
} as const;

export type LessonSaveOutcome = { kind: 'created' | 'updated' | 'unchanged'; lesson: LessonDoc };

const dateTaken = (date: string) => new HttpError('DATE_TAKEN', LESSON_MESSAGES.DATE_TAKEN(date), { date });

function importRefused(code: ErrorCode, intro: string, problems: LineProblem[]): HttpError {
  return new HttpError(code, intro + describeLineProblems(problems), { problems });
}

/** `scripture`: the citation threads every save's texts are read on (scripture-pool.ts). */
export function lessonsService(connection: mongoose.Connection, scripture: ScripturePool) {
  const store = lessonStore(connection);
  const conflictWith = (stored: LessonDoc) => new HttpError('EDIT_CONFLICT', LESSON_MESSAGES.CONFLICT, { lesson: toLessonDto(stored) });

  /** Inserts a new lesson that has claimed its date; a racing copy of the same insert is fine. */
  async function insertNew(id: string, fields: LessonFields, citations: LessonScripture): Promise<LessonDoc> {
    try {
      return await store.insert(id, fields, citations);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const stored = await store.find(id);
      if (!stored) throw error;
      return stored;
    }
  }

  /**
   * Gives back a date claim this request inserted and then did not use. Only a claim the request
   * inserted itself (DateClaim 'claimed'): one the lesson already held stays, and so does one the
   * lesson has meanwhile come to stand on (another request of the same id shared the claim).
   */
  async function giveBack(date: string, id: string): Promise<void> {
    const now = await store.find(id);
    if (now && !now.deleted && now.date === date) return;
    await store.releaseDate(date, id);
  }

  async function save(input: LessonInputParsed & { _id: string }): Promise<LessonSaveOutcome> {
    const fields = lessonFields(input);
    const id = input._id;
    // First, before any claim or write: a refusal (too much to parse, or BUSY) changes nothing.
    const citations = await lessonScripture(fields, scripture);
    const stored = await store.find(id);
    if (stored?.deleted) throw new HttpError('NOT_FOUND', LESSON_MESSAGES.WAS_DELETED);

    if (!stored) {
      const claim = await store.claimDate(fields.date, id);
      if (typeof claim === 'object') throw dateTaken(fields.date);
      const created = await insertNew(id, fields, citations);
      if (sameLessonFields(created, fields)) {
        await store.touch();
        return { kind: 'created', lesson: created };
      }
      // Another save of this id was stored first: this one is judged as an edit of it, and if it
      // is refused, the date it claimed for a lesson that went elsewhere is free again.
      try {
        return await judge(created);
      } catch (error) {
        if (claim === 'claimed') await giveBack(fields.date, id);
        throw error;
      }
    }
    return judge(stored);

    async function judge(current: LessonDoc): Promise<LessonSaveOutcome> {
      if (sameLessonFields(current, fields)) return { kind: 'unchanged', lesson: current };
      if (input.version !== current.version) throw conflictWith(current);
      const moving = current.date !== fields.date;
      const claim = moving ? await store.claimDate(fields.date, id) : 'held';
      if (typeof claim === 'object') throw dateTaken(fields.date);
      const changed = await store.change(current, fields, citations);
      if (!changed) {
        if (claim === 'claimed') await giveBack(fields.date, id);
        const latest = await store.find(id);
        if (!latest || latest.deleted) throw new HttpError('NOT_FOUND', LESSON_MESSAGES.WAS_DELETED);
        throw conflictWith(latest);
      }
      if (moving) await store.releaseDate(current.date, id);
      await store.touch();
      return { kind: 'updated', lesson: changed };
    }
  }

  async function remove(id: string): Promise<void> {
    const stored = await store.find(id);
    if (!stored || stored.deleted) throw new HttpError('NOT_FOUND', LESSON_MESSAGES.NOT_FOUND);
    await store.markDeleted(stored);
    await store.touch();
  }

  /**
   * All or nothing: every row is checked (and every problem reported by line) before anything is
   * written. Rows without an _id get one made from `idSeed` and the date, so a retry of the same
   * import (same Idempotency-Key) finds its own half-done work instead of clashing with it.
   */
  async function importMany(rows: readonly unknown[], idSeed: string): Promise<LessonDoc[]> {
    const { lessons, problems } = checkImportRows(rows);
    if (problems.length) throw importRefused('INVALID_INPUT', LESSON_MESSAGES.IMPORT_INVALID, problems);

    const idOf = (row: LessonImportRowParsed) =>
      row._id ?? crypto.createHash('sha256').update(`${idSeed} ${row.date}`).digest('hex').slice(0, 24);
    const planned = lessons.map((row) => ({ row, id: idOf(row), fields: lessonFields(row) }));

    const clashes: LineProblem[] = [];
    for (const { row, id, fields } of planned) {
      const stored = await store.find(id);
      if (stored?.deleted) clashes.push({ line: row.line, message: 'this id belongs to a deleted lesson' });
      else if (stored && !sameLessonFields(stored, fields))
        clashes.push({ line: row.line, message: 'this id belongs to another lesson' });
      const holder = await store.holderOf(fields.date);
      if (holder && holder.lesson !== '' && holder.lesson !== id)
        clashes.push({ line: row.line, message: `there is already a lesson for ${formatLessonDate(fields.date)}` });
    }
    if (clashes.length) throw importRefused('DATE_TAKEN', LESSON_MESSAGES.IMPORT_CONFLICT, clashes);

    // Every row's citations in one job, after the cheap checks and before any claim or write.
    const citations = await lessonsScripture(
      planned.map((p) => p.fields),
      scripture,
    );

    // Claim every date first; if another change took one meanwhile, give back the claims this
    // run inserted, and only those: a date the row's lesson already held (a row repeating a saved
    // lesson, or the work of an earlier attempt under the same key) is not this run's to free.
    // An earlier attempt's claims for lessons it never stored lapse when stale (holderOf).
    const claimed: { date: string; id: string }[] = [];
    for (const { row, id, fields } of planned) {
      const claim = await store.claimDate(fields.date, id);
      if (claim === 'claimed') claimed.push({ date: fields.date, id });
      if (typeof claim !== 'object') continue;
      for (const c of claimed) await giveBack(c.date, c.id);
      throw importRefused('DATE_TAKEN', LESSON_MESSAGES.IMPORT_CONFLICT, [
        { line: row.line, message: `there is already a lesson for ${formatLessonDate(fields.date)}` },
      ]);
    }
    const saved: LessonDoc[] = [];
    for (const [i, { id, fields }] of planned.entries()) saved.push(await insertNew(id, fields, citations[i]!));
    await store.touch();
    return saved;
  }

  return { store, save, remove, importMany };
}
