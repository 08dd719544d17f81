// The backup file and the merge that restores it. A backup is one JSON file: a format name, a
// version, when it was made, the reader's data and a SHA-256 checksum of that data as written.
// Restoring merges and never overwrites: what the device has stays, a record it lacks is added,
// the same record twice is one, and of two edits of one record the newer wins; a record the reader
// deleted after the backup's copy of it was made stays deleted (the device's tombstones). A file that is not
// a backup, fails its checksum or comes from a later version is refused whole: nothing changes.
// So is one holding a record whose id is not an id this app makes (24 hexadecimal characters, the
// contracts' OBJECT_ID_PATTERN): ids become links (/article/<id>), so a file must not choose paths.
// Version 2 added highlights on Bible verses (`verseHighlights`, anchored by the verse reference);
// a version 1 file is read as having none, so every older backup still restores. Version 3 added
// the reading plans the reader follows (`planProgress`); an older file is read as having none. A
// plan's `markedOn` (the day each reading was marked) came later within version 3: a plan without
// it is read as one whose marks' days are not known, and an older app reads a file with it.
// Pure functions (the writes are in study-store.ts), so the merge is tested without a browser.
import { OBJECT_ID_PATTERN } from '@fw/contracts/limits';
import type { ArticleNote, Highlight, PlanProgress, ReadingPlace, SavedArticle, VerseHighlight } from '../../db/db.ts';
import { HIGHLIGHT_COLORS } from '../../db/db.ts';
import { isVersePassage, verseChapterId } from './verse-anchor.ts';

const BACKUP_FORMAT = 'living-best-now-notes';
export const BACKUP_VERSION = 3;

export interface BackupPreferences {
  theme?: string;
  textSize?: string;
  listenRate?: string;
}

export interface StudyData {
  saved: SavedArticle[];
  highlights: Highlight[];
  verseHighlights: VerseHighlight[];
  notes: ArticleNote[];
  reading: ReadingPlace[];
  planProgress: PlanProgress[];
  preferences: BackupPreferences;
}

export const BACKUP_MESSAGES = {
  notBackup: 'This file is not a Living Best Now notes backup, so nothing was restored.',
  damaged: 'This backup file is damaged (its contents do not match its checksum), so nothing was restored. Try another copy of the file.',
  future:
    'This backup was made by a newer version of the app. Update the app (reload it while online), then restore the file again. Nothing was changed.',
  badIds: (count: number) =>
    `This backup file holds ${count === 1 ? 'a record' : `${count} records`} whose id is not valid (an id is 24 characters, digits and the letters a to f), so nothing was restored. Try another copy of the file.`,
} as const;

export class BackupError extends Error {}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The file's text: the data is written once and checksummed exactly as written. */
export async function writeBackup(data: StudyData, now = Date.now()): Promise<string> {
  const dataText = JSON.stringify(data);
  const checksum = `sha256:${await sha256(dataText)}`;
  return `{"format":${JSON.stringify(BACKUP_FORMAT)},"version":${BACKUP_VERSION},"createdAt":${now},"checksum":${JSON.stringify(checksum)},"data":${dataText}}\n`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

function isHighlight(v: unknown): v is Highlight {
  if (!isObject(v) || !isObject(v.quote)) return false;
  const q = v.quote;
  return (
    isString(v._id) && isString(v.articleId) && isString(v.articleTitle) && isString(v.note) &&
    HIGHLIGHT_COLORS.includes(v.color as never) && isTime(v.createdAt) && isTime(v.updatedAt) &&
    isString(q.exact) && q.exact.length > 0 && isString(q.prefix) && isString(q.suffix) && isTime(q.start)
  );
}

function isVerseHighlight(v: unknown): v is VerseHighlight {
  return (
    isObject(v) && isString(v._id) && isVersePassage(v.passage) && v.chapterId === verseChapterId(v.passage) &&
    isString(v.text) && isString(v.note) && HIGHLIGHT_COLORS.includes(v.color as never) && isTime(v.createdAt) && isTime(v.updatedAt)
  );
}

function isNote(v: unknown): v is ArticleNote {
  return isObject(v) && isString(v._id) && isString(v.articleId) && isString(v.articleTitle) &&
    isString(v.text) && isTime(v.createdAt) && isTime(v.updatedAt);
}

const isSaved = (v: unknown): v is SavedArticle => isObject(v) && isString(v._id) && isString(v.title) && isTime(v.savedAt);

function isReading(v: unknown): v is ReadingPlace {
  return isObject(v) && isString(v._id) && isString(v.title) && typeof v.position === 'number' &&
    typeof v.progress === 'number' && isTime(v.updatedAt);
}

const isDay = (v: unknown): v is string => isString(v) && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

function isPlanProgress(v: unknown): v is PlanProgress {
  return (
    isObject(v) && isString(v._id) && isString(v.planId) && v.planId.length > 0 && isString(v.title) &&
    isDay(v.startDate) && (v.days === undefined || (Array.isArray(v.days) && v.days.every(isStringList))) &&
    isStringList(v.done) && Array.isArray(v.readOn) && v.readOn.every(isDay) && isTime(v.createdAt) && isTime(v.updatedAt) &&
    (v.markedOn === undefined || (isObject(v.markedOn) && Object.values(v.markedOn).every(isDay)))
  );
}

function listOf<T>(value: unknown, check: (v: unknown) => v is T): T[] {
  if (!Array.isArray(value) || !value.every(check)) throw new BackupError(BACKUP_MESSAGES.damaged);
  return value;
}

const isId = (v: string) => OBJECT_ID_PATTERN.test(v);
/** Every id a record carries: its own, and the article's for a highlight or a note. */
const idsOf = (r: { _id: string; articleId?: string }) => (r.articleId === undefined ? [r._id] : [r._id, r.articleId]);

/** Reads a backup file's text; throws a BackupError with the reason a person is told. */
export async function readBackup(text: string): Promise<StudyData> {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    // A cut-off download is the usual cause: say "damaged" when it starts like ours.
    throw new BackupError(text.includes(BACKUP_FORMAT) ? BACKUP_MESSAGES.damaged : BACKUP_MESSAGES.notBackup);
  }
  if (!isObject(file) || file.format !== BACKUP_FORMAT) throw new BackupError(BACKUP_MESSAGES.notBackup);
  if (typeof file.version !== 'number' || !Number.isInteger(file.version) || file.version < 1) {
    throw new BackupError(BACKUP_MESSAGES.damaged);
  }
  if (file.version > BACKUP_VERSION) throw new BackupError(BACKUP_MESSAGES.future);
  if (!isObject(file.data) || !isString(file.checksum)) throw new BackupError(BACKUP_MESSAGES.damaged);
  if (file.checksum !== `sha256:${await sha256(JSON.stringify(file.data))}`) {
    throw new BackupError(BACKUP_MESSAGES.damaged);
  }
  const data = file.data;
  const prefs = isObject(data.preferences) ? data.preferences : {};
  const preferences: BackupPreferences = {};
  for (const key of ['theme', 'textSize', 'listenRate'] as const) {
    if (isString(prefs[key])) preferences[key] = prefs[key];
  }
  const study = {
    saved: listOf(data.saved ?? [], isSaved),
    highlights: listOf(data.highlights ?? [], isHighlight),
    verseHighlights: listOf(data.verseHighlights ?? [], isVerseHighlight),
    notes: listOf(data.notes ?? [], isNote),
    reading: listOf(data.reading ?? [], isReading),
    planProgress: listOf(data.planProgress ?? [], isPlanProgress),
  };
  const records = [...study.saved, ...study.highlights, ...study.verseHighlights, ...study.notes, ...study.reading, ...study.planProgress];
  const badIds = records.filter((r) => !idsOf(r).every(isId)).length;
  if (badIds > 0) throw new BackupError(BACKUP_MESSAGES.badIds(badIds));
  return { ...study, preferences };
}

export interface MergeCounts {
  added: number;
  updated: number;
}

export interface MergePlan {
  /** Records to write (new ones, and newer edits of ones on the device). */
  put: Omit<StudyData, 'preferences'>;
  /** Preferences the device has not set. */
  preferences: BackupPreferences;
  counts: MergeCounts;
}

/** The same highlight made twice (two devices, one id each): one article, the same words, the same place. */
const highlightKey = (h: Highlight) => JSON.stringify([h.articleId, h.quote.exact, h.quote.start, h.quote.prefix, h.quote.suffix]);
/** The same verses highlighted twice: the passage is the whole anchor. */
const verseKey = (h: VerseHighlight) => JSON.stringify([h.passage.osis, h.passage.chapter, h.passage.verse, h.passage.endVerse]);
const noteKey = (n: ArticleNote) => JSON.stringify([n.articleId, n.text]);
/** A plan is followed once: the same plan started on two devices is one. */
const planKey = (p: PlanProgress) => p.planId;

/**
 * Merges records kept by `_id` (and by `sameKey`, for the same thing under two ids): a record the
 * device lacks is added; of two copies, the one with the later `time` wins, the device's on a tie,
 * and it keeps the device's id.
 */
function mergeRecords<T extends { _id: string }>(
  device: T[],
  incoming: T[],
  time: (r: T) => number,
  sameKey: (r: T) => string,
  counts: MergeCounts,
): T[] {
  const byId = new Map(device.map((r) => [r._id, r]));
  const byKey = new Map(device.map((r) => [sameKey(r), r]));
  const put = new Map<string, T>();
  for (const record of incoming) {
    const current = byId.get(record._id) ?? byKey.get(sameKey(record));
    if (!current) {
      byId.set(record._id, record);
      byKey.set(sameKey(record), record);
      put.set(record._id, record);
      counts.added += 1;
    } else if (time(record) > time(current)) {
      const winner = { ...record, _id: current._id };
      const wasOnDevice = !put.has(current._id);
      byId.set(current._id, winner);
      byKey.set(sameKey(winner), winner);
      put.set(current._id, winner);
      if (wasOnDevice) counts.updated += 1;
    }
  }
  return [...put.values()];
}

/**
 * Deletions on the device, by "<kind>:<id>" (kinds as db.ts StudyKind names them), and when they
 * were made: a record of the file no newer than its deletion stays deleted.
 */
export type DeletedAt = ReadonlyMap<string, number>;

export function planMerge(device: StudyData, incoming: StudyData, deleted: DeletedAt = new Map()): MergePlan {
  const counts: MergeCounts = { added: 0, updated: 0 };
  const alive = <T extends { _id: string }>(kind: string, list: T[], time: (r: T) => number) =>
    list.filter((r) => (deleted.get(`${kind}:${r._id}`) ?? -Infinity) < time(r));
  incoming = {
    ...incoming,
    highlights: alive('highlight', incoming.highlights, (h) => h.updatedAt),
    verseHighlights: alive('verseHighlight', incoming.verseHighlights, (h) => h.updatedAt),
    notes: alive('note', incoming.notes, (n) => n.updatedAt),
    saved: alive('saved', incoming.saved, (s) => s.savedAt),
    reading: alive('reading', incoming.reading, (r) => r.updatedAt),
    planProgress: alive('planProgress', incoming.planProgress, (p) => p.updatedAt),
  };
  // Whether a highlight's words are in the article is worked out on this device, not taken from the file.
  const dropOrphan = (h: Highlight): Highlight => {
    const copy = { ...h };
    delete copy.orphan;
    return copy;
  };
  const study = { added: 0, updated: 0 };
  const highlights = mergeRecords(device.highlights, incoming.highlights.map(dropOrphan), (h) => h.updatedAt, highlightKey, study);
  const verseHighlights = mergeRecords(device.verseHighlights, incoming.verseHighlights, (h) => h.updatedAt, verseKey, study);
  const notes = mergeRecords(device.notes, incoming.notes, (n) => n.updatedAt, noteKey, study);
  counts.added += study.added;
  counts.updated += study.updated;
  // Saved articles, reading places and plans are not counted as notes; a bookmark is kept as the device has it.
  const other = { added: 0, updated: 0 };
  const saved = mergeRecords(device.saved, incoming.saved, () => 0, (s) => s._id, other);
  const reading = mergeRecords(device.reading, incoming.reading, (r) => r.updatedAt, (r) => r._id, other);
  const planProgress = mergeRecords(device.planProgress, incoming.planProgress, (p) => p.updatedAt, planKey, other);
  const preferences: BackupPreferences = {};
  for (const [key, value] of Object.entries(incoming.preferences) as [keyof BackupPreferences, string][]) {
    if (device.preferences[key] === undefined) preferences[key] = value;
  }
  return { put: { saved, highlights, verseHighlights, notes, reading, planProgress }, preferences, counts };
}
