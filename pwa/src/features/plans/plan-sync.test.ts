// @vitest-environment node
// Reading plans follow the reader through study sync, as highlights do (one scripted server,
// test/scripted-spaces.ts): a plan started on one device, with its readings done, reaches the
// other sealed; a reading marked later on the second comes back to the first, and a mark taken
// back on the first is taken back on the second, with the day it was marked on; a stopped plan
// stays stopped on both; a plan from a device that does not keep those days keeps its own.
import { describe, expect, it, vi } from 'vitest';
import { db, type PlanProgress } from '../../db/db.ts';
import type { ScriptedServer } from '../../../test/scripted-server.ts';
import { asDevice, studyRound, studySyncDevices } from '../../../test/devices.ts';
import { createSpace, linkSpace } from '../../sync/study-space/space.ts';
import { writeStudy } from '../../sync/study-space/local-changes.ts';
import { readingKey } from './plan-progress.ts';
import { markReadings, startPlan, stopPlan, unmarkReadings } from './plan-store.ts';

const T0 = Date.UTC(2026, 0, 5, 8);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let server: ScriptedServer;
studySyncDevices(T0, (started) => (server = started));


describe('reading plans in study sync', () => {
  it('reach the other device sealed, and a reading marked there comes back', async () => {
    await asDevice('A');
    const plan = await startPlan({ id: 'bible-year', name: 'The whole Bible in a year' }, '2026-01-05');
    await markReadings(plan._id, [readingKey(0, 'Gen.1')], '2026-01-05');
    const words = await createSpace();
    await studyRound();
    expect(JSON.stringify([...server.spaces.spaces.values()])).not.toMatch(/bible-year|Gen\.1|2026-01-05/);

    await asDevice('B');
    await linkSpace(words.join(' '));
    expect(await db.planProgress.get(plan._id)).toMatchObject({ planId: 'bible-year', done: ['0:Gen.1'], readOn: ['2026-01-05'] });
    await studyRound();
    vi.setSystemTime(T0 + 5 * MINUTE);
    await markReadings(plan._id, [readingKey(0, 'Gen.2')], '2026-01-05');
    await studyRound();

    await asDevice('A');
    await studyRound();
    expect((await db.planProgress.get(plan._id))?.done).toEqual(['0:Gen.1', '0:Gen.2']);

    // A mark taken back on one device is taken back on the other.
    vi.setSystemTime(T0 + 7 * MINUTE);
    await unmarkReadings(plan._id, [readingKey(0, 'Gen.2')]);
    await studyRound();
    await asDevice('B');
    await studyRound();
    expect((await db.planProgress.get(plan._id))?.done).toEqual(['0:Gen.1']);
    await asDevice('A');

    vi.setSystemTime(T0 + 10 * MINUTE);
    await stopPlan(plan._id);
    await studyRound();
    await asDevice('B');
    await studyRound();
    expect(await db.planProgress.get(plan._id)).toBeUndefined();
  });

  it('carry the day each reading was marked on: a mistaken mark taken back on one device leaves both with the streak it had', async () => {
    await asDevice('A');
    const plan = await startPlan({ id: 'bible-year', name: 'The whole Bible in a year' }, '2026-01-05');
    await markReadings(plan._id, [readingKey(0, 'Gen.1')], '2026-01-05');
    const words = await createSpace();
    await studyRound();

    await asDevice('B');
    await linkSpace(words.join(' '));
    vi.setSystemTime(T0 + DAY);
    await markReadings(plan._id, [readingKey(1, 'Gen.4')], '2026-01-06');
    await studyRound();

    await asDevice('A');
    await studyRound();
    expect(await db.planProgress.get(plan._id)).toMatchObject({ readOn: ['2026-01-05', '2026-01-06'], markedOn: { '0:Gen.1': '2026-01-05', '1:Gen.4': '2026-01-06' } });
    vi.setSystemTime(T0 + DAY + MINUTE);
    await unmarkReadings(plan._id, [readingKey(1, 'Gen.4')]);
    await studyRound();

    await asDevice('B');
    await studyRound();
    const taken = { done: ['0:Gen.1'], readOn: ['2026-01-05'], markedOn: { '0:Gen.1': '2026-01-05' } };
    expect(await db.planProgress.get(plan._id)).toMatchObject(taken);
    await asDevice('A');
    expect(await db.planProgress.get(plan._id)).toMatchObject(taken);
  });

  it('a plan from a device that does not keep the days of marks arrives as it is and keeps its days', async () => {
    await asDevice('A');
    const words = await createSpace();
    const older: PlanProgress = { _id: '64f0000000000000000000e1', planId: 'bible-year', title: 'x', startDate: '2026-01-03', done: ['0:Gen.1', '1:Gen.4'], readOn: ['2026-01-03', '2026-01-04'], createdAt: T0, updatedAt: T0 };
    await writeStudy([db.planProgress], async () => {
      await db.planProgress.put(older);
      return { result: undefined, changes: [{ kind: 'planProgress', id: older._id }] };
    });
    await studyRound();

    await asDevice('B');
    await linkSpace(words.join(' '));
    expect(await db.planProgress.get(older._id)).toEqual(older);
    vi.setSystemTime(T0 + MINUTE);
    await markReadings(older._id, [readingKey(2, 'Gen.5')], '2026-01-05');
    await unmarkReadings(older._id, [readingKey(2, 'Gen.5'), readingKey(1, 'Gen.4')]);
    await studyRound();
    await asDevice('A');
    await studyRound();
    expect(await db.planProgress.get(older._id)).toMatchObject({ done: ['0:Gen.1'], readOn: ['2026-01-03', '2026-01-04'], markedOn: {} });
  });
});
