// Daily text changes by administrators: save (add, or edit with a version), delete, and import
// many at once. The rules follow the lessons' (schedule/lessons.service.ts), with the date as the
// text's id:
// - a date with no text (or whose text was deleted) and no `version`: a new text;
// - a date whose text has the same words: already saved (a retry), nothing changes;
// - a date whose text is at the `version` the edit was based on: the edit, version + 1;
// - anything else: 409 with the server's copy, so the admin can choose;
// - an edit (with a version) of a text deleted meanwhile: 404.
import type mongoose from 'mongoose';
import {
  DAILY_RULE_MESSAGES,
  checkDailyImportRows,
  describeLineProblems,
  formatDailyDate,
  type DailyInputParsed,
  type DailyTextFields,
  type LineProblem,
} from '@fw/contracts';
import type { ErrorCode } from '@fw/contracts/errors';
import { HttpError } from '../../errors.ts';
import { isDuplicateKey } from '../../db/duplicate-key.ts';
import type { ScripturePool } from '../scripture/scripture-pool.ts';
import { dailyFields, dailyStore, sameDailyFields, toDailyDto, type DailyDoc, type DailyFound } from './daily-store.ts';

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

export const DAILY_MESSAGES = {
  CREATED: 'Daily text added.',
  UPDATED: 'Daily text updated.',
  UNCHANGED: 'Daily text saved.',
  DELETED: 'Daily text deleted.',
  IMPORTED: (n: number) => `${n} ${n === 1 ? 'daily text' : 'daily texts'} imported.`,
  NOT_FOUND: 'There is no daily text for this date (it may have been deleted).',
  WAS_DELETED: 'The daily text for this date was deleted meanwhile. Add it again as a new text.',
  CONFLICT: (date: string) =>
    `The daily text for ${formatDailyDate(date)} was changed by someone else since you opened it. Compare with the saved copy, then save again to keep your version.`,
  IMPORT_INVALID: 'Nothing was imported: some rows are not valid. ',
  IMPORT_CONFLICT: 'Nothing was imported: some rows clash with daily texts already saved. ',
  TOO_MUCH: (budgetMs: number) =>
    `These texts have too many Bible citations to link in one save (the server gives them ${seconds(budgetMs)} s). Nothing was saved. Import fewer rows at a time.`,
} as const;

export type DailySaveOutcome = { kind: 'created' | 'updated' | 'unchanged'; text: DailyDoc };

/** The reference must be one passage and nothing else ("John 3:16", not "see John 3:16"). */
function onePassage(reference: string, citations: readonly { at: number; end: number; osis: string }[]): string | null {
  if (citations.length !== 1) return null;
  const [only] = citations;
  const rest = reference.slice(0, only!.at) + reference.slice(only!.end);
  return /^[\s.,;:()]*$/.test(rest) ? only!.osis : null;
}

export function dailyService(connection: mongoose.Connection, pool: ScripturePool) {
  const store = dailyStore(connection);
  const conflictWith = (stored: DailyDoc) =>
    new HttpError('EDIT_CONFLICT', DAILY_MESSAGES.CONFLICT(stored._id), { dailyText: toDailyDto(stored) });

  /** The passage of each text's reference and the citations in its comment, or problems by line. */
  async function findAll(list: readonly (DailyTextFields & { line?: number })[]) {
    const found = await pool.find(
      list.flatMap((f) => [f.reference, f.comment]),
      DAILY_MESSAGES.TOO_MUCH,
    );
    const problems: LineProblem[] = [];
    const results: DailyFound[] = list.map((fields, i) => {
      const osis = onePassage(fields.reference, found[2 * i]!);
      if (!osis) problems.push({ line: fields.line ?? i + 1, message: DAILY_RULE_MESSAGES.NOT_A_REFERENCE });
      return { osis: osis ?? '', scripture: found[2 * i + 1]! };
    });
    return { results, problems };
  }

  async function save(input: DailyInputParsed): Promise<DailySaveOutcome> {
    const fields = dailyFields(input);
    // First, before any write: a refusal (not a passage, too much to parse, BUSY) changes nothing.
    const { results, problems } = await findAll([fields]);
    if (problems.length) throw new HttpError('INVALID_INPUT', problems[0]!.message, { field: 'reference' });
    const outcome = await write(fields, results[0]!, input.version);
    if (outcome.kind !== 'unchanged') await store.touch();
    return outcome;
  }

  /** Writes one text whose reference was found; `version`: what an edit was based on. */
  async function write(fields: DailyTextFields, found: DailyFound, version: number | undefined): Promise<DailySaveOutcome> {
    const stored = await store.find(fields.date);
    if (!stored) {
      try {
        return { kind: 'created', text: await store.insert(fields, found) };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // Another save of this date was stored first: this one is judged against it.
        const winner = await store.find(fields.date);
        if (!winner) throw error;
        return judge(winner);
      }
    }
    return judge(stored);

    async function judge(current: DailyDoc): Promise<DailySaveOutcome> {
      if (sameDailyFields(current, fields)) return { kind: 'unchanged', text: current };
      if (current.deleted) {
        if (version !== undefined) throw new HttpError('NOT_FOUND', DAILY_MESSAGES.WAS_DELETED);
      } else if (version !== current.version) throw conflictWith(current);
      const changed = await store.change(current, { fields, found });
      if (!changed) {
        const latest = await store.find(fields.date);
        if (!latest || latest.deleted) throw new HttpError('NOT_FOUND', DAILY_MESSAGES.WAS_DELETED);
        throw conflictWith(latest);
      }
      return { kind: current.deleted ? 'created' : 'updated', text: changed };
    }
  }

  async function remove(date: string, version?: number): Promise<void> {
    const stored = await store.find(date);
    if (!stored || stored.deleted) throw new HttpError('NOT_FOUND', DAILY_MESSAGES.NOT_FOUND);
    if (version !== undefined && version !== stored.version) throw conflictWith(stored);
    if (!(await store.change(stored, null))) {
      const latest = await store.find(date);
      if (!latest || latest.deleted) throw new HttpError('NOT_FOUND', DAILY_MESSAGES.NOT_FOUND);
      throw conflictWith(latest);
    }
    await store.touch();
  }

  function importRefused(code: ErrorCode, intro: string, problems: LineProblem[]): HttpError {
    return new HttpError(code, intro + describeLineProblems(problems), { problems });
  }

  /**
   * All or nothing: every row is checked (every problem named by line) before anything is written.
   * A row repeating a saved text is already done, so a retry of a half-done import completes it.
   */
  async function importMany(raw: readonly unknown[]): Promise<DailyDoc[]> {
    const { rows, problems } = checkDailyImportRows(raw);
    // The rows that passed are read for their passages too, so one answer names every bad row.
    const found = await findAll(rows);
    const invalid = [...problems, ...found.problems].sort((a, b) => a.line - b.line);
    if (invalid.length) throw importRefused('INVALID_INPUT', DAILY_MESSAGES.IMPORT_INVALID, invalid);

    const stored = await Promise.all(rows.map((row) => store.find(row.date)));
    const clashes: LineProblem[] = [];
    rows.forEach((row, i) => {
      const current = stored[i];
      if (current && !current.deleted && !sameDailyFields(current, row))
        clashes.push({ line: row.line, message: `there is already a daily text for ${formatDailyDate(row.date)}` });
    });
    if (clashes.length) throw importRefused('DATE_TAKEN', DAILY_MESSAGES.IMPORT_CONFLICT, clashes);

    // A date whose text was deleted is added again; one that another save took meanwhile is a
    // 409 naming it, with the rows before it stored (the same import again completes the rest).
    const saved: DailyDoc[] = [];
    try {
      for (const [i, row] of rows.entries()) saved.push((await write(dailyFields(row), found.results[i]!, undefined)).text);
    } finally {
      if (saved.length) await store.touch();
    }
    return saved;
  }

  return { store, save, remove, importMany };
}
