// @vitest-environment node
// Reading plans in the backup, through the real device store (IndexedDB in memory): a plan and its
// progress (and the day each reading was marked on) come back on a fresh device; a plan saved
// before those days were kept still restores; of two copies of one plan the newer edit wins; a plan
// stopped after the backup stays stopped; an older backup (without plans) still restores.
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db.ts';
import { BACKUP_MESSAGES, BACKUP_VERSION, makeBackupFile, planMerge, restoreBackup, type StudyData } from '../study/index.ts';
import { readingKey } from './plan-progress.ts';
import { markReadings, moveStart, startPlan, stopPlan, unmarkReadings } from './plan-store.ts';

const PLAN = { id: 'bible-year', name: 'The whole Bible in a year' };

async function clearDevice() {
  await Promise.all([db.planProgress.clear(), db.tombstones.clear(), db.meta.clear(), db.outbox.clear()]);
}

beforeEach(clearDevice);

const EMPTY: StudyData = { saved: [], highlights: [], verseHighlights: [], notes: [], reading: [], planProgress: [], preferences: {} };

/** A backup file of `version` holding `data`, with its checksum, as an app of that version writes it. */
async function signedFile(version: number, data: object): Promise<string> {
  const dataText = JSON.stringify(data);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(dataText));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `{"format":"living-best-now-notes","version":${version},"createdAt":1,"checksum":"sha256:${hex}","data":${dataText}}`;
}

describe('reading plans in the backup', () => {
  it('come back with their progress on a fresh device, with the day each reading was marked on', async () => {
    const started = await startPlan(PLAN, '2026-03-01');
    await markReadings(started._id, [readingKey(0, 'Gen.1'), readingKey(0, 'Gen.2')], '2026-03-01');
    await markReadings(started._id, [readingKey(1, 'Gen.4')], '2026-03-02');
    const before = await db.planProgress.toArray();
    const { text } = await makeBackupFile();
    const file = JSON.parse(text);
    expect(file.version).toBe(BACKUP_VERSION);
    expect(file.data.planProgress).toEqual(before);

    await clearDevice();
    await restoreBackup(text);
    expect(await db.planProgress.toArray()).toEqual(before);
    expect(before[0]).toMatchObject({
      done: ['0:Gen.1', '0:Gen.2', '1:Gen.4'],
      readOn: ['2026-03-01', '2026-03-02'],
      markedOn: { '0:Gen.1': '2026-03-01', '0:Gen.2': '2026-03-01', '1:Gen.4': '2026-03-02' },
    });
    // Restored, a mark taken back still takes its own day out.
    await unmarkReadings(started._id, [readingKey(1, 'Gen.4')]);
    expect(await db.planProgress.get(started._id)).toMatchObject({ readOn: ['2026-03-01'] });
  });

  it('a plan saved before the days of its marks were kept restores and keeps its days', async () => {
    const older = { _id: '64f0000000000000000000d4', planId: 'bible-year', title: 'x', startDate: '2026-03-01', done: ['0:Gen.1', '1:Gen.4'], readOn: ['2026-03-01', '2026-03-02'], createdAt: 1, updatedAt: 10 };
    expect(await restoreBackup(await signedFile(3, { ...EMPTY, planProgress: [older] }))).toEqual({ added: 0, updated: 0 });
    expect(await db.planProgress.get(older._id)).toEqual(older);
    await unmarkReadings(older._id, [readingKey(1, 'Gen.4')]);
    expect(await db.planProgress.get(older._id)).toMatchObject({ done: ['0:Gen.1'], readOn: ['2026-03-01', '2026-03-02'] });
    // A mark given now is known by its day: taken back, it takes only that day out.
    await markReadings(older._id, [readingKey(2, 'Gen.5')], '2026-03-03');
    await unmarkReadings(older._id, [readingKey(2, 'Gen.5')]);
    expect(await db.planProgress.get(older._id)).toMatchObject({ done: ['0:Gen.1'], readOn: ['2026-03-01', '2026-03-02'], markedOn: {} });
  });

  it('a plan whose days of marks are not days is a damaged file: nothing is restored', async () => {
    const bad = { _id: '64f0000000000000000000d5', planId: 'bible-year', title: 'x', startDate: '2026-03-01', done: ['0:Gen.1'], readOn: ['2026-03-01'], markedOn: { '0:Gen.1': 'yesterday' }, createdAt: 1, updatedAt: 10 };
    await expect(restoreBackup(await signedFile(3, { ...EMPTY, planProgress: [bad] }))).rejects.toThrow(BACKUP_MESSAGES.damaged);
    await expect(restoreBackup(await signedFile(3, { ...EMPTY, planProgress: [{ ...bad, markedOn: ['2026-03-01'] }] }))).rejects.toThrow(BACKUP_MESSAGES.damaged);
    expect(await db.planProgress.count()).toBe(0);
  });

  it('keep a mark taken back: the backup has the reading not done, and restoring an older one does not mark it again', async () => {
    const started = await startPlan(PLAN, '2026-03-01');
    await markReadings(started._id, [readingKey(0, 'Gen.1'), readingKey(0, 'Gen.2')], '2026-03-01');
    const { text: older } = await makeBackupFile();
    await new Promise((resolve) => setTimeout(resolve, 2));
    await unmarkReadings(started._id, [readingKey(0, 'Gen.2')]);
    const { text } = await makeBackupFile();
    expect(JSON.parse(text).data.planProgress[0]).toMatchObject({ done: ['0:Gen.1'] });
    await restoreBackup(older);
    expect(await db.planProgress.get(started._id)).toMatchObject({ done: ['0:Gen.1'] });
    await clearDevice();
    await restoreBackup(text);
    expect(await db.planProgress.get(started._id)).toMatchObject({ done: ['0:Gen.1'] });
  });

  it('merge as one plan: the newer edit wins and keeps the device id; an older one changes nothing', () => {
    const mine = { _id: '64f0000000000000000000d1', planId: 'bible-year', title: 'x', startDate: '2026-03-01', done: ['0:Gen.1'], readOn: ['2026-03-01'], createdAt: 1, updatedAt: 10 };
    const newer = { ...mine, _id: '64f0000000000000000000d2', done: ['0:Gen.1', '0:Gen.2'], markedOn: { '0:Gen.2': '2026-03-02' }, updatedAt: 20 };
    const older = { ...mine, _id: '64f0000000000000000000d3', done: [], updatedAt: 5 };
    const device = { ...EMPTY, planProgress: [mine] };
    expect(planMerge(device, { ...EMPTY, planProgress: [newer] }).put.planProgress).toEqual([{ ...newer, _id: mine._id }]);
    expect(planMerge(device, { ...EMPTY, planProgress: [older] }).put.planProgress).toEqual([]);
  });

  it('a plan stopped after the backup is not brought back by it; a later edit in the file is kept', async () => {
    const started = await startPlan(PLAN, '2026-03-01');
    const { text } = await makeBackupFile();
    await stopPlan(started._id);
    expect(await db.tombstones.get(`planProgress:${started._id}`)).toMatchObject({ kind: 'planProgress', id: started._id });
    await restoreBackup(text);
    expect(await db.planProgress.count()).toBe(0);

    const again = await startPlan(PLAN, '2026-03-01');
    await moveStart(again._id, '2026-03-05');
    const { text: later } = await makeBackupFile();
    await db.planProgress.clear();
    await restoreBackup(later);
    expect(await db.planProgress.get(again._id)).toMatchObject({ startDate: '2026-03-05' });
  });

  it('a version 2 backup (before plans) restores, with none', async () => {
    const data = { saved: [], highlights: [], verseHighlights: [], notes: [], reading: [], preferences: {} };
    expect(await restoreBackup(await signedFile(2, data))).toEqual({ added: 0, updated: 0 });
    expect(await db.planProgress.count()).toBe(0);
  });
});
