// @vitest-environment node
// Highlights and notes on Bible verses in the backup, through the real device store (IndexedDB in
// memory): they go out and come back by their verse reference, merge as article highlights do
// (the same verses twice are one, the newer edit wins), and a backup made before they existed
// (version 1) still restores.
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db.ts';
import { BACKUP_MESSAGES, BACKUP_VERSION, BackupError } from './backup.ts';
import { addHighlight, addVerseHighlight, makeBackupFile, notesNeedingBackup, restoreBackup, updateVerseHighlight } from './study-store.ts';

const JOHN_3_16 = { osis: 'John', chapter: 3, verse: 16, endVerse: 17 };
const WORDS = 'For God so loved the world…';

async function clearDevice() {
  await Promise.all([db.highlights.clear(), db.verseHighlights.clear(), db.notes.clear(), db.saved.clear(), db.reading.clear(), db.meta.clear()]);
}

/** A file with these data and a matching checksum, of the given version. */
async function signedFile(data: unknown, version: number) {
  const text = JSON.stringify(data);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `{"format":"living-best-now-notes","version":${version},"createdAt":1,"checksum":"sha256:${hex}","data":${text}}`;
}

beforeEach(clearDevice);

describe('verse highlights in the backup', () => {
  it('are kept by their verse reference and come back the same on a fresh device', async () => {
    const made = await addVerseHighlight(JOHN_3_16, WORDS, 'pink', 'Learn these two verses.');
    expect(await db.verseHighlights.where('chapterId').equals('John.3').toArray()).toEqual([made]);
    const { text } = await makeBackupFile();
    const file = JSON.parse(text);
    expect(file.version).toBe(BACKUP_VERSION);
    expect(file.data.verseHighlights).toEqual([made]);

    await clearDevice();
    expect(await restoreBackup(text)).toEqual({ added: 1, updated: 0 });
    expect(await db.verseHighlights.toArray()).toEqual([made]);
    // Restored again: nothing new.
    expect(await restoreBackup(text)).toEqual({ added: 0, updated: 0 });
  });

  it('merge as article highlights: the same verses twice are one, and the newer edit wins', async () => {
    const mine = await addVerseHighlight(JOHN_3_16, WORDS, 'yellow', 'mine');
    const { text } = await makeBackupFile();
    // Another device made the same verses' highlight under its own id, and edited it later.
    const theirs = { ...mine, _id: '64f0000000000000000000ff', color: 'green', note: 'theirs, newer', updatedAt: mine.updatedAt + 5000 };
    const other = JSON.parse(text).data;
    other.verseHighlights = [theirs];
    expect(await restoreBackup(await signedFile(other, 2))).toEqual({ added: 0, updated: 1 });
    expect(await db.verseHighlights.toArray()).toEqual([{ ...theirs, _id: mine._id }]);
    // An older copy does not overwrite the device's newer edit.
    await updateVerseHighlight(mine._id, { note: 'edited here, newest' });
    await db.verseHighlights.update(mine._id, { updatedAt: theirs.updatedAt + 1000 });
    expect(await restoreBackup(await signedFile(other, 2))).toEqual({ added: 0, updated: 0 });
    expect((await db.verseHighlights.get(mine._id))?.note).toBe('edited here, newest');
  });

  it('restores a version 1 backup (made before verse highlights) with its article highlights', async () => {
    const h = await addHighlight({ _id: '64f0000000000000000000a1', title: 'Love' }, { exact: 'patient', prefix: '', suffix: '', start: 0 }, 'green');
    const old = { saved: [], highlights: [h], notes: [], reading: [], preferences: {} };
    await clearDevice();
    expect(await restoreBackup(await signedFile(old, 1))).toEqual({ added: 1, updated: 0 });
    expect(await db.highlights.toArray()).toEqual([h]);
    expect(await db.verseHighlights.count()).toBe(0);
  });

  it('refuses a verse highlight naming no real verses, or with a bad id, and changes nothing', async () => {
    const good = await addVerseHighlight(JOHN_3_16, WORDS, 'blue');
    const cases: [unknown, string][] = [
      [{ ...good, _id: '64f0000000000000000000fe', passage: { ...JOHN_3_16, chapter: 22 }, chapterId: 'John.22' }, BACKUP_MESSAGES.damaged],
      [{ ...good, _id: '64f0000000000000000000fd', chapterId: 'John.4' }, BACKUP_MESSAGES.damaged],
      [{ ...good, _id: '../../admin' }, BACKUP_MESSAGES.badIds(1)],
    ];
    for (const [record, message] of cases) {
      const refusal = await restoreBackup(await signedFile({ verseHighlights: [record] }, 2)).then(() => null, (e: unknown) => e);
      expect(refusal).toBeInstanceOf(BackupError);
      expect((refusal as Error).message).toBe(message);
    }
    expect(await db.verseHighlights.toArray()).toEqual([good]);
  });

  it('count toward the reminder to back up', async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const h = await addVerseHighlight(JOHN_3_16, WORDS, 'yellow', 'old');
    await db.verseHighlights.update(h._id, { createdAt: now - 31 * day, updatedAt: now - 31 * day });
    expect(await notesNeedingBackup(now)).toBe(1);
  });
});
