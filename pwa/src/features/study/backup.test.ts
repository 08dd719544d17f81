// Backup and restore through the real device store (IndexedDB in memory): the restore merges and
// never overwrites; a damaged or a future file, or one with a record whose id is not an id, is
// refused and changes nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { db, type ArticleNote, type Highlight } from '../../db/db.ts';
import { BACKUP_MESSAGES, BACKUP_VERSION, BackupError, planMerge, type StudyData } from './backup.ts';
import {
  addArticleNote,
  addHighlight,
  makeBackupFile,
  notesNeedingBackup,
  rememberBackup,
  removeArticleNote,
  restoreBackup,
  updateArticleNote,
  updateHighlight,
} from './study-store.ts';

const ARTICLE = { _id: '64f0000000000000000000a1', title: 'Love is patient' };
const quote = (exact: string, start = 0) => ({ exact, prefix: '', suffix: '', start });

async function snapshot() {
  const sort = <T extends { _id: string }>(rows: T[]) => rows.sort((a, b) => a._id.localeCompare(b._id));
  return {
    highlights: sort(await db.highlights.toArray()),
    notes: sort(await db.notes.toArray()),
    saved: sort(await db.saved.toArray()),
    reading: sort(await db.reading.toArray()),
  };
}

async function clearDevice() {
  await Promise.all([db.highlights.clear(), db.notes.clear(), db.saved.clear(), db.reading.clear(), db.meta.clear(), db.tombstones.clear()]);
  localStorage.clear();
}

/** The file a device with exactly these records would write. */
async function fileOf(highlights: Highlight[], notes: ArticleNote[] = []) {
  const before = await snapshot();
  await clearDevice();
  await db.highlights.bulkPut(highlights);
  await db.notes.bulkPut(notes);
  const { text } = await makeBackupFile();
  await clearDevice();
  await db.highlights.bulkPut(before.highlights);
  await db.notes.bulkPut(before.notes);
  await db.saved.bulkPut(before.saved);
  await db.reading.bulkPut(before.reading);
  return text;
}

/** A file with these data and a checksum that matches them, as anyone can write by hand. */
async function signedFile(data: unknown) {
  const text = JSON.stringify(data);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `{"format":"living-best-now-notes","version":1,"createdAt":1,"checksum":"sha256:${hex}","data":${text}}`;
}

beforeEach(clearDevice);

describe('backup and restore', () => {
  it('restoring on a fresh device gives the same notes, saved articles and reading places', async () => {
    await addHighlight(ARTICLE, quote('patient'), 'green', 'A thought for the family');
    await addArticleNote(ARTICLE, 'Read this on Sunday');
    await db.saved.put({ _id: ARTICLE._id, title: ARTICLE.title, savedAt: 5 });
    await db.reading.put({ _id: ARTICLE._id, title: ARTICLE.title, position: 0.5, progress: 0.6, updatedAt: 7 });
    localStorage.setItem('pref:textSize', 'large');
    const { text, name } = await makeBackupFile();
    expect(name).toMatch(/^living-best-now-notes-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(text)).toMatchObject({ format: 'living-best-now-notes', version: BACKUP_VERSION, checksum: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    const before = await snapshot();

    await clearDevice();
    const counts = await restoreBackup(text);
    expect(counts).toEqual({ added: 2, updated: 0 });
    expect(await snapshot()).toEqual(before);
    expect(localStorage.getItem('pref:textSize')).toBe('large');
  });

  it('the same file twice changes nothing the second time', async () => {
    await addHighlight(ARTICLE, quote('patient'), 'yellow', 'one');
    const text = (await makeBackupFile()).text;
    await clearDevice();
    await restoreBackup(text);
    const once = await snapshot();
    expect(await restoreBackup(text)).toEqual({ added: 0, updated: 0 });
    expect(await snapshot()).toEqual(once);
  });

  it('overlapping files: what the device has stays, what it lacks is added, the shared one is one', async () => {
    const a = await addHighlight(ARTICLE, quote('love', 0), 'yellow');
    const b = await addHighlight(ARTICLE, quote('is', 5), 'blue');
    const c = { ...b, _id: '64f00000000000000000000c', quote: quote('patient', 8), createdAt: b.createdAt + 1 };
    // The file holds b (also on the device) and c (new here), and b's twin made on another device
    // under another id (the same words at the same place): one highlight, not two.
    const twin = { ...b, _id: '64f00000000000000000000b' };
    const text = await fileOf([b, c, twin]);
    expect(await restoreBackup(text)).toEqual({ added: 1, updated: 0 });
    expect((await db.highlights.toArray()).map((h) => h._id).sort()).toEqual([a._id, b._id, '64f00000000000000000000c'].sort());
  });

  it('a newer edit of a note wins; an older edit leaves the device copy alone', async () => {
    const h = await addHighlight(ARTICLE, quote('patient'), 'yellow', 'first words');
    const n = await addArticleNote(ARTICLE, 'draft');
    const older = await fileOf([{ ...h, note: 'older words', updatedAt: h.updatedAt - 1000 }], [{ ...n, text: 'older draft', updatedAt: n.updatedAt - 1000 }]);
    expect(await restoreBackup(older)).toEqual({ added: 0, updated: 0 });
    expect((await db.highlights.get(h._id))?.note).toBe('first words');
    expect((await db.notes.get(n._id))?.text).toBe('draft');

    const newer = await fileOf([{ ...h, note: 'newer words', color: 'pink', updatedAt: h.updatedAt + 1000 }], [{ ...n, text: 'final', updatedAt: n.updatedAt + 1000 }]);
    expect(await restoreBackup(newer)).toEqual({ added: 0, updated: 2 });
    expect(await db.highlights.get(h._id)).toMatchObject({ note: 'newer words', color: 'pink' });
    expect((await db.notes.get(n._id))?.text).toBe('final');
    // Edited on the device after that backup: the device's edit is newer and stays.
    await updateHighlight(h._id, { note: 'edited again' });
    await updateArticleNote(n._id, 'edited note');
    // (The file's edit was dated a second ahead; the device's comes later still.)
    await db.highlights.update(h._id, { updatedAt: h.updatedAt + 2000 });
    await db.notes.update(n._id, { updatedAt: n.updatedAt + 2000 });
    await restoreBackup(newer);
    expect((await db.highlights.get(h._id))?.note).toBe('edited again');
    expect((await db.notes.get(n._id))?.text).toBe('edited note');
  });

  it('refuses a damaged file (edited contents, cut short, not a backup) and changes nothing', async () => {
    await addHighlight(ARTICLE, quote('patient'), 'yellow', 'mine');
    const text = (await makeBackupFile()).text;
    await addArticleNote(ARTICLE, 'also mine');
    const before = await snapshot();

    const tampered = text.replace('"note":"mine"', '"note":"theirs"');
    expect(tampered).not.toBe(text);
    await expect(restoreBackup(tampered)).rejects.toThrow(BACKUP_MESSAGES.damaged);
    await expect(restoreBackup(text.slice(0, text.length / 2))).rejects.toThrow(BACKUP_MESSAGES.damaged);
    await expect(restoreBackup('{"hello":"world"}')).rejects.toThrow(BACKUP_MESSAGES.notBackup);
    await expect(restoreBackup('not json at all')).rejects.toThrow(BACKUP_MESSAGES.notBackup);
    // A record of the wrong shape with a checksum that matches it is refused too.
    await expect(restoreBackup(await signedFile({ highlights: [{ _id: 1 }] }))).rejects.toThrow(BACKUP_MESSAGES.damaged);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file holding a record whose id is not an id (a path, say), saying so, and changes nothing', async () => {
    const h = await addHighlight(ARTICLE, quote('patient'), 'yellow', 'mine');
    const n = await addArticleNote(ARTICLE, 'also mine');
    const before = await snapshot();
    const good = { ...n, _id: '64f00000000000000000abcd', text: 'from the file' };
    const cases: [unknown, number][] = [
      [{ notes: [good, { ...n, _id: '64f00000000000000000abce', articleId: '../../admin' }] }, 1],
      [{ highlights: [{ ...h, _id: '64f00000000000000000abcf', articleId: '64f0000000000000000000A1' }] }, 1],
      [{ highlights: [{ ...h, _id: 'x"><img src=x>', quote: quote('is', 5) }] }, 1],
      [{ saved: [{ _id: '../../admin', title: 'T', savedAt: 1 }], reading: [{ _id: '', title: 'T', position: 0, progress: 0, updatedAt: 1 }] }, 2],
    ];
    for (const [data, count] of cases) {
      const refusal = await restoreBackup(await signedFile(data)).then(() => null, (error: unknown) => error);
      expect(refusal, JSON.stringify(data)).toBeInstanceOf(BackupError);
      expect((refusal as BackupError).message).toBe(BACKUP_MESSAGES.badIds(count));
    }
    expect(BACKUP_MESSAGES.badIds(2)).toMatch(/^This backup file holds 2 records whose id is not valid .* so nothing was restored\./);
    expect(await snapshot()).toEqual(before);
    // The same file without the bad record restores.
    expect(await restoreBackup(await signedFile({ notes: [good] }))).toEqual({ added: 1, updated: 0 });
  });

  it('refuses a file from a later version and changes nothing', async () => {
    await addHighlight(ARTICLE, quote('patient'), 'yellow');
    const text = (await makeBackupFile()).text;
    await clearDevice();
    const future = text.replace(`"version":${BACKUP_VERSION}`, `"version":${BACKUP_VERSION + 1}`);
    await expect(restoreBackup(future)).rejects.toThrow(BACKUP_MESSAGES.future);
    expect(await db.highlights.count()).toBe(0);
  });

  it('reminds about notes older than 30 days that were never backed up, until a backup', async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const h = await addHighlight(ARTICLE, quote('patient'), 'yellow', 'old note');
    expect(await notesNeedingBackup(now)).toBe(0);
    await db.highlights.update(h._id, { createdAt: now - 31 * day, updatedAt: now - 31 * day });
    expect(await notesNeedingBackup(now)).toBe(1);
    await rememberBackup(now - day);
    expect(await notesNeedingBackup(now)).toBe(0);
  });
});

describe('deletions and backups', () => {
  const empty: StudyData = { saved: [], highlights: [], verseHighlights: [], notes: [], reading: [], planProgress: [], preferences: {} };
  const note = (_id: string, updatedAt: number) => ({ _id, articleId: ARTICLE._id, articleTitle: ARTICLE.title, text: _id, createdAt: 1, updatedAt });

  it('leaves out a record no newer than its deletion, and takes one edited after it', () => {
    const older = note('64f0000000000000000000b1', 5);
    const newer = note('64f0000000000000000000b2', 20);
    const saved = { _id: ARTICLE._id, title: ARTICLE.title, savedAt: 10 };
    const deleted = new Map([
      [`note:${older._id}`, 10],
      [`note:${newer._id}`, 10],
      [`saved:${saved._id}`, 10],
    ]);
    const plan = planMerge(empty, { ...empty, notes: [older, newer], saved: [saved] }, deleted);
    expect(plan.put.notes).toEqual([newer]);
    expect(plan.put.saved).toEqual([]);
    expect(plan.counts).toEqual({ added: 1, updated: 0 });
  });

  it('a note deleted after the backup was made is not restored by it; other notes are', async () => {
    const gone = await addArticleNote(ARTICLE, 'Deleted later');
    const kept = await addArticleNote(ARTICLE, 'Still here');
    const { text } = await makeBackupFile();
    await removeArticleNote(gone._id);
    await db.notes.clear();
    expect(await restoreBackup(text)).toEqual({ added: 1, updated: 0 });
    expect((await db.notes.toArray()).map((n) => n._id)).toEqual([kept._id]);
  });
});
