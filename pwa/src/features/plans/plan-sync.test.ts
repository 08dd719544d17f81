// Reading plans follow the reader through study sync, as highlights do (one scripted server,
// test/scripted-spaces.ts): a plan started on one device, with its readings done, reaches the
// other sealed; a reading marked later on the second comes back to the first, and a mark taken
// back on the first is taken back on the second; a stopped plan stays stopped on both.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db.ts';
import type { ScriptedServer } from '../../../test/scripted-server.ts';
import { startScriptedServer, stopScriptedServer } from '../../../test/reset-db.ts';
import { asDevice, resetDevices } from '../../../test/devices.ts';
import { pushOutbox } from '../../sync/outbox.ts';
import { pullStudy } from '../../sync/study-space/pull.ts';
import { createSpace, linkSpace } from '../../sync/study-space/space.ts';
import { readingKey } from './plan-progress.ts';
import { markReadings, startPlan, stopPlan, unmarkReadings } from './plan-store.ts';

const T0 = Date.UTC(2026, 0, 5, 8);
const MINUTE = 60_000;
let server: ScriptedServer;

beforeEach(async () => {
  server = await startScriptedServer(null);
  await resetDevices();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(async () => {
  vi.useRealTimers();
  await resetDevices();
  stopScriptedServer();
});

async function round() {
  await pushOutbox();
  await pullStudy();
}

describe('reading plans in study sync', () => {
  it('reach the other device sealed, and a reading marked there comes back', async () => {
    await asDevice('A');
    const plan = await startPlan({ id: 'bible-year', name: 'The whole Bible in a year' }, '2026-01-05');
    await markReadings(plan._id, [readingKey(0, 'Gen.1')], '2026-01-05');
    const words = await createSpace();
    await round();
    expect(JSON.stringify([...server.spaces.spaces.values()])).not.toMatch(/bible-year|Gen\.1|2026-01-05/);

    await asDevice('B');
    await linkSpace(words.join(' '));
    expect(await db.planProgress.get(plan._id)).toMatchObject({ planId: 'bible-year', done: ['0:Gen.1'], readOn: ['2026-01-05'] });
    await round();
    vi.setSystemTime(T0 + 5 * MINUTE);
    await markReadings(plan._id, [readingKey(0, 'Gen.2')], '2026-01-05');
    await round();

    await asDevice('A');
    await round();
    expect((await db.planProgress.get(plan._id))?.done).toEqual(['0:Gen.1', '0:Gen.2']);

    // A mark taken back on one device is taken back on the other.
    vi.setSystemTime(T0 + 7 * MINUTE);
    await unmarkReadings(plan._id, [readingKey(0, 'Gen.2')]);
    await round();
    await asDevice('B');
    await round();
    expect((await db.planProgress.get(plan._id))?.done).toEqual(['0:Gen.1']);
    await asDevice('A');

    vi.setSystemTime(T0 + 10 * MINUTE);
    await stopPlan(plan._id);
    await round();
    await asDevice('B');
    await round();
    expect(await db.planProgress.get(plan._id)).toBeUndefined();
  });
});
