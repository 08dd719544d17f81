// One lesson per date when saves and imports race: a refused save or import gives
// back exactly the date claims it inserted, never one that a stored lesson already held, so the
// schedule never lists two lessons on one date and no date stays taken by nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, isoDay, isoFromDay, newObjectId, type Lesson } from '@fw/contracts';
import { startTestApp, startTwoInstances, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { CLAIM_STALE_MS } from '../../db/claims/index.ts';
import { LESSON_MESSAGES } from './lessons.service.ts';
import { lessonStore } from './lesson-store.ts';

type Body = Record<string, unknown> & { lesson?: Lesson; problems?: { line: number; message: string }[] };

/** How long a test waits for an import to reach its claiming phase before giving up. */
const CLAIM_PHASE_WAIT_MS = 20_000;

describe('lesson dates under races', () => {
  let app: TestApp;
  let admin: string;
  const schedule = async () => (await app.request<{ lessons: Lesson[] }>('GET', '/api/schedule')).body.lessons;
  const save = (lesson: unknown) => app.request<Body>('POST', '/api/lessons/save', { token: admin, body: { lesson } });
  const remove = (id: string) => app.request('DELETE', '/api/lessons/delete', { token: admin, body: { id } });
  const dateClaims = () => app.connection.collection<{ _id: string; lesson: string; at: Date }>('lesson_dates');

  /** Every date of the schedule holds at most one lesson. */
  async function expectOneLessonPerDate() {
    const dates = (await schedule()).map((l) => l.date);
    expect(dates.filter((d, i) => dates.indexOf(d) !== i)).toEqual([]);
  }

  /** `count` consecutive days from `first`. */
  const days = (first: string, count: number) => Array.from({ length: count }, (_, i) => isoFromDay(isoDay(first) + i));

  /**
   * Sends an import of `rows` and, once it has started claiming dates (the claim for `signalDate`
   * exists), saves another lesson on `contested`, the import's last date: the import reaches it
   * only after several hundred other claims, so the save takes it first and the import is refused.
   */
  async function importLosingARace(rows: { date: string }[], signalDate: string, contested: string, headers: Record<string, string> = {}) {
    const importing = app.request<Body>('POST', '/api/lessons/import', { token: admin, body: { lessons: rows }, headers });
    const deadline = Date.now() + CLAIM_PHASE_WAIT_MS;
    while (!(await dateClaims().findOne({ _id: signalDate }))) {
      if (Date.now() > deadline) throw new Error('the import never started claiming dates');
      await new Promise((r) => setTimeout(r, 2));
    }
    const rival = await save({ date: contested, title: 'Rival' });
    expect(rival.status).toBe(201);
    const refused = await importing;
    expect(refused.status).toBe(409);
    expect(refused.body.problems).toEqual([{ line: rows.length, message: expect.stringContaining('there is already a lesson for') }]);
    return rival.body.lesson!;
  }

  beforeAll(async () => {
    app = await startTestApp();
    ({ token: admin } = await createUser(app));
  });
  afterAll(() => app.close());

  it('a refused import keeps the date of a lesson it repeated, also when retried with the same key', async () => {
    const d1 = '2034-01-06';
    const x = (await save({ _id: newObjectId(), date: d1, title: 'X', text: 'Read' })).body.lesson!;
    const fresh = days('2034-02-01', LIMITS.LESSON_IMPORT_MAX_ROWS - 1);
    const rows = [
      { line: 1, _id: x._id, date: d1, title: 'X', text: 'Read' },
      ...fresh.map((date, i) => ({ line: i + 2, date, title: `New ${i}`, text: 'Read' })),
    ];
    const contested = fresh.at(-1)!;
    const headers = { 'Idempotency-Key': `race-${newObjectId()}` };

    const rival = await importLosingARace(rows, fresh[0]!, contested, headers);
    const other = await save({ date: d1, title: 'Another lesson on X’s date' });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(LESSON_MESSAGES.DATE_TAKEN(d1));
    await expectOneLessonPerDate();

    // The same import again under the same key (a refusal with problems is not kept, so it runs
    // again) after the rival left, losing a second race: X's date is still X's.
    expect((await remove(rival._id!)).status).toBe(200);
    await importLosingARace(rows, fresh[0]!, contested, headers);
    const again = await save({ date: d1, title: 'Another lesson on X’s date' });
    expect(again.status).toBe(409);
    await expectOneLessonPerDate();
    expect((await schedule()).filter((l) => l.date === d1).map((l) => l._id)).toEqual([x._id]);

    // What the refused imports claimed themselves was given back: their first new date is free.
    expect((await save({ date: fresh[0], title: 'Free again' })).status).toBe(201);
  }, 120_000);

  it('six racing saves of one new id on six dates: one is stored, the five refused free their dates', async () => {
    const id = newObjectId();
    const dates = days('2700-01-01', 6);
    const results = await Promise.all(dates.map((date, i) => save({ _id: id, date, title: `Racer ${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const stored = results.find((r) => r.status === 201)!.body.lesson!;
    for (const date of dates.filter((d) => d !== stored.date)) {
      const later = await save({ date, title: 'Later' });
      expect(later.status, `a later save on ${date}`).toBe(201);
    }
    expect((await schedule()).filter((l) => l._id === id)).toHaveLength(1);
    await expectOneLessonPerDate();
  });

  it('a stale claim whose lesson lives on another date no longer holds that date', async () => {
    const lesson = (await save({ date: '2035-03-02', title: 'Moved on' })).body.lesson!;
    // What a writer that died between claiming a date and giving it back leaves behind.
    await dateClaims().insertOne({ _id: '2035-03-09', lesson: lesson._id!, at: new Date(Date.now() - CLAIM_STALE_MS - 1000) });
    expect((await save({ date: '2035-03-09', title: 'Takes the date' })).status).toBe(201);
    await expectOneLessonPerDate();
  });
});

describe('a stale date claim taken over by many at once', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await startTwoInstances();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it.each([1, 2, 3])('goes to exactly one of sixteen takers on two instances (round %i)', async (round) => {
    const date = isoFromDay(isoDay('2036-01-01') + round);
    // Left by a writer that died: its lesson never arrived, and the claim is past its time.
    await a.connection
      .collection<{ _id: string; lesson: string; at: Date }>('lesson_dates')
      .insertOne({ _id: date, lesson: newObjectId(), at: new Date(Date.now() - CLAIM_STALE_MS - 1000) });
    const takers = Array.from({ length: 16 }, () => newObjectId());
    const outcomes = await Promise.all(
      takers.map((id, i) => lessonStore((i % 2 === 0 ? a : b).connection).claimDate(date, id)),
    );
    expect(outcomes.filter((outcome) => outcome === 'claimed')).toHaveLength(1);
    const holder = await lessonStore(a.connection).holderOf(date);
    expect(takers[outcomes.indexOf('claimed')]).toBe(holder?.lesson);
  });
});
