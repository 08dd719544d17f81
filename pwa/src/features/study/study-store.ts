// The reader's highlights and notes on this device (db.highlights, db.notes, and on Bible verses
// db.verseHighlights), the backup of them (with saved articles, reading places and reading plans)
// and its restore. Every change is one write (or one transaction), so a refusal (a full storage
// quota) leaves nothing half-written; a quota refusal becomes the plain storage-full state. A
// deletion leaves a tombstone, and while the device is linked to a study sync space every change
// is queued for it, in the same transaction (sync/study-space/local-changes.ts).
import { newObjectId } from '@fw/contracts/object-id';
import { db, getMeta, setMeta, type Table, type ArticleNote, type Highlight, type HighlightColor, type VerseHighlight, type VersePassage } from '../../db/db.ts';
import { LISTEN_RATE_KEY, PREF_KEYS, setTextSize, setTheme, TEXT_SIZES, THEMES, type TextSize, type Theme } from '../../lib/device-prefs.ts';
import { isQuotaError, setStorageFull } from '../../lib/storage.ts';
import type { TextQuote } from './anchor.ts';
import { verseChapterId } from './verse-anchor.ts';
import { planMerge, readBackup, writeBackup, type BackupPreferences, type MergeCounts, type StudyData } from './backup.ts';
import {
  announceStudyQueued,
  queueStudyRecords,
  studyChangeScope,
  tombstoneKey,
  writeStudy,
  type StudyChange,
} from '../../sync/study-space/local-changes.ts';

const STUDY_STORAGE_FULL =
  "This device's storage is full, so this change was not saved. Free some space in the browser's settings, or back up your notes, then try again.";

/** Notes older than this that were never backed up bring the gentle reminder. */
export const BACKUP_REMINDER_AGE_DAYS = 30;
const BACKUP_REMINDER_SNOOZE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const LAST_BACKUP_KEY = 'study:lastBackupAt';
const REMINDER_SNOOZED_KEY = 'study:reminderSnoozedUntil';
/** A link to a highlight: /article/<id>#hl-<highlight id>. */
export const HIGHLIGHT_HASH_PREFIX = '#hl-';

/** Runs a write; a full quota is stated plainly (and marks the device full) instead of a raw error. */
async function write<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isQuotaError(error)) {
      setStorageFull(true);
      throw new Error(STUDY_STORAGE_FULL, { cause: error });
    }
    throw error;
  }
}

/** Deletes a record, leaving its tombstone (and, while syncing, its deletion queued). */
function removeStudy(tables: Table[], change: StudyChange & { deleted: true }): Promise<void> {
  return writeStudy(tables, async () => {
    await tables[0]!.delete(change.id);
    return { result: undefined, changes: [change] };
  });
}

export interface ArticleRef {
  _id: string;
  title: string;
}

export function addHighlight(article: ArticleRef, quote: TextQuote, color: HighlightColor, note = ''): Promise<Highlight> {
  const now = Date.now();
  const highlight: Highlight = {
    _id: newObjectId(now),
    articleId: article._id,
    articleTitle: article.title,
    color,
    quote,
    note,
    createdAt: now,
    updatedAt: now,
  };
  return write(() =>
    writeStudy([db.highlights], async () => {
      await db.highlights.add(highlight);
      return { result: highlight, changes: [{ kind: 'highlight', id: highlight._id }] };
    }),
  );
}

export function updateHighlight(id: string, change: Partial<Pick<Highlight, 'color' | 'note'>>): Promise<void> {
  return write(() =>
    writeStudy([db.highlights], async () => {
      const found = await db.highlights.update(id, { ...change, updatedAt: Date.now() });
      return { result: undefined, changes: found ? [{ kind: 'highlight', id }] : [] };
    }),
  );
}

export function removeHighlight(id: string): Promise<void> {
  return write(() => removeStudy([db.highlights], { kind: 'highlight', id, deleted: true }));
}

/** A highlight on verses of one chapter; `text` is their words, kept for My notes. */
export function addVerseHighlight(passage: VersePassage, text: string, color: HighlightColor, note = ''): Promise<VerseHighlight> {
  const now = Date.now();
  const highlight: VerseHighlight = { _id: newObjectId(now), chapterId: verseChapterId(passage), passage, text, color, note, createdAt: now, updatedAt: now };
  return write(() =>
    writeStudy([db.verseHighlights], async () => {
      await db.verseHighlights.add(highlight);
      return { result: highlight, changes: [{ kind: 'verseHighlight', id: highlight._id }] };
    }),
  );
}

export function updateVerseHighlight(id: string, change: Partial<Pick<VerseHighlight, 'color' | 'note'>>): Promise<void> {
  return write(() =>
    writeStudy([db.verseHighlights], async () => {
      const found = await db.verseHighlights.update(id, { ...change, updatedAt: Date.now() });
      return { result: undefined, changes: found ? [{ kind: 'verseHighlight', id }] : [] };
    }),
  );
}

export function removeVerseHighlight(id: string): Promise<void> {
  return write(() => removeStudy([db.verseHighlights], { kind: 'verseHighlight', id, deleted: true }));
}

export function addArticleNote(article: ArticleRef, text: string): Promise<ArticleNote> {
  const now = Date.now();
  const note: ArticleNote = { _id: newObjectId(now), articleId: article._id, articleTitle: article.title, text, createdAt: now, updatedAt: now };
  return write(() =>
    writeStudy([db.notes], async () => {
      await db.notes.add(note);
      return { result: note, changes: [{ kind: 'note', id: note._id }] };
    }),
  );
}

export function updateArticleNote(id: string, text: string): Promise<void> {
  return write(() =>
    writeStudy([db.notes], async () => {
      const found = await db.notes.update(id, { text, updatedAt: Date.now() });
      return { result: undefined, changes: found ? [{ kind: 'note', id }] : [] };
    }),
  );
}

export function removeArticleNote(id: string): Promise<void> {
  return write(() => removeStudy([db.notes], { kind: 'note', id, deleted: true }));
}

/**
 * Records which highlights were found when the article was last drawn, so My notes can list the
 * others as "no longer in the article". Only changed flags are written; updatedAt is left alone
 * (this is not an edit by the reader).
 */
export async function markOrphans(articleId: string, orphanIds: Set<string>): Promise<void> {
  await db.transaction('rw', db.highlights, async () => {
    const all = await db.highlights.where('articleId').equals(articleId).toArray();
    for (const h of all) {
      const orphan = orphanIds.has(h._id);
      if (orphan === Boolean(h.orphan)) continue;
      await db.highlights.update(h._id, orphan ? { orphan: 1 } : { orphan: undefined });
    }
  });
}

function readPreferences(): BackupPreferences {
  const read = (key: string) => {
    try {
      return localStorage.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  };
  const preferences: BackupPreferences = {};
  const theme = read(PREF_KEYS.THEME);
  const textSize = read(PREF_KEYS.TEXT_SIZE);
  const listenRate = read(LISTEN_RATE_KEY);
  if (theme) preferences.theme = theme;
  if (textSize) preferences.textSize = textSize;
  if (listenRate) preferences.listenRate = listenRate;
  return preferences;
}

async function deviceData(): Promise<StudyData> {
  return db.transaction('r', [db.saved, db.highlights, db.verseHighlights, db.notes, db.reading, db.planProgress], async () => ({
    saved: await db.saved.toArray(),
    highlights: await db.highlights.toArray(),
    verseHighlights: await db.verseHighlights.toArray(),
    notes: await db.notes.toArray(),
    reading: await db.reading.toArray(),
    planProgress: await db.planProgress.toArray(),
    preferences: readPreferences(),
  }));
}

/** The backup file's text and a file name; remembers the backup (for the reminder). */
export async function makeBackupFile(now = Date.now()): Promise<{ name: string; text: string }> {
  const text = await writeBackup(await deviceData(), now);
  const day = new Date(now).toISOString().slice(0, 10);
  return { name: `living-best-now-notes-${day}.json`, text };
}

export function rememberBackup(now = Date.now()): Promise<void> {
  return setMeta(LAST_BACKUP_KEY, now);
}

/**
 * Restores a backup file's text by merging it into the device, in one transaction: a refusal
 * (damaged or future file, full storage) changes nothing. Preferences the device has not set
 * are taken from the file once the records are in.
 */
export async function restoreBackup(text: string): Promise<MergeCounts> {
  const incoming = await readBackup(text);
  const { plan, queued } = await write(() =>
    db.transaction('rw', [db.saved, db.highlights, db.verseHighlights, db.notes, db.reading, db.planProgress, ...studyChangeScope()], async () => {
      const device = await deviceData();
      const tombstones = new Map((await db.tombstones.toArray()).map((t) => [t.key, t.deletedAt]));
      const planned = planMerge(device, incoming, tombstones);
      await db.saved.bulkPut(planned.put.saved);
      await db.highlights.bulkPut(planned.put.highlights);
      await db.verseHighlights.bulkPut(planned.put.verseHighlights);
      await db.notes.bulkPut(planned.put.notes);
      await db.reading.bulkPut(planned.put.reading);
      await db.planProgress.bulkPut(planned.put.planProgress);
      const { saved, highlights, verseHighlights, notes, reading, planProgress } = planned.put;
      const restored = [
        ...saved.map((r) => ({ kind: 'saved' as const, id: r._id })),
        ...highlights.map((r) => ({ kind: 'highlight' as const, id: r._id })),
        ...verseHighlights.map((r) => ({ kind: 'verseHighlight' as const, id: r._id })),
        ...notes.map((r) => ({ kind: 'note' as const, id: r._id })),
        ...reading.map((r) => ({ kind: 'reading' as const, id: r._id })),
        ...planProgress.map((r) => ({ kind: 'planProgress' as const, id: r._id })),
      ];
      // A record restored newer than its deletion is back: its tombstone goes.
      await db.tombstones.bulkDelete(restored.map((r) => tombstoneKey(r.kind, r.id)));
      return { plan: planned, queued: await queueStudyRecords(restored) };
    }),
  );
  if (queued) announceStudyQueued();
  const { theme, textSize, listenRate } = plan.preferences;
  if (theme && THEMES.includes(theme as Theme)) setTheme(theme as Theme);
  if (textSize && TEXT_SIZES.some((s) => s.id === textSize)) setTextSize(textSize as TextSize);
  if (listenRate) {
    try {
      localStorage.setItem(LISTEN_RATE_KEY, listenRate);
    } catch {
      // Not kept: the default speed applies.
    }
  }
  return plan.counts;
}

/** How many highlights and notes older than the reminder's age changed since the last backup. */
export async function notesNeedingBackup(now = Date.now()): Promise<number> {
  const lastBackup = (await getMeta<number>(LAST_BACKUP_KEY)) ?? 0;
  const snoozed = (await getMeta<number>(REMINDER_SNOOZED_KEY)) ?? 0;
  if (snoozed > now) return 0;
  const old = now - BACKUP_REMINDER_AGE_DAYS * DAY_MS;
  const unsaved = (r: { createdAt: number; updatedAt: number }) => r.createdAt < old && r.updatedAt > lastBackup;
  const [highlights, verseHighlights, notes] = await Promise.all([
    db.highlights.where('updatedAt').above(lastBackup).filter(unsaved).count(),
    db.verseHighlights.where('updatedAt').above(lastBackup).filter(unsaved).count(),
    db.notes.where('updatedAt').above(lastBackup).filter(unsaved).count(),
  ]);
  return highlights + verseHighlights + notes;
}

export function snoozeBackupReminder(now = Date.now()): Promise<void> {
  return setMeta(REMINDER_SNOOZED_KEY, now + BACKUP_REMINDER_SNOOZE_DAYS * DAY_MS);
}
