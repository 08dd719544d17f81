// The admin lesson calls: who may call them, what a lesson must be, one lesson per date, edits
// with a version (409 on a stale one), delete, all-or-nothing import with every bad row named by
// line, and repeats with the same Idempotency-Key applied once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSON_RULE_MESSAGES, LIMITS, newObjectId, type Lesson } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { LESSON_MESSAGES } from './lessons.service.ts';

type Body = Record<string, unknown> & { lesson?: Lesson; lessons?: Lesson[]; problems?: { line: number; message: string }[] };

describe('admin lesson calls', () => {
  let app: TestApp;
  let admin: string;
  let waiting: string;
  const schedule = async () => (await app.request<{ lessons: Lesson[] }>('GET', '/api/schedule')).body.lessons;
  const save = (lesson: unknown, token = admin, headers: Record<string, string> = {}) =>
    app.request<Body>('POST', '/api/lessons/save', { token, body: { lesson }, headers });
  const importRows = (lessons: unknown[], headers: Record<string, string> = {}) =>
    app.request<Body>('POST', '/api/lessons/import', { token: admin, body: { lessons }, headers });

  beforeAll(async () => {
    app = await startTestApp();
    ({ token: admin } = await createUser(app));
    ({ token: waiting } = await createUser(app, { role: 'user', isApproved: false }));
  });
  afterAll(() => app.close());

  it('refuses callers who are not administrators, and changes nothing', async () => {
    const lesson = { date: '2030-01-04', title: 'T', text: 'R' };
    expect((await app.request('POST', '/api/lessons/save', { body: { lesson } })).status).toBe(401);
    expect((await save(lesson, waiting)).status).toBe(403);
    expect((await app.request('POST', '/api/lessons/import', { token: waiting, body: { lessons: [lesson] } })).status).toBe(403);
    expect((await app.request('DELETE', '/api/lessons/delete', { body: { id: newObjectId() } })).status).toBe(401);
    expect(await schedule()).toEqual([]);
  });

  it('adds a lesson with a client-made id, in the served lesson shape, extras in order', async () => {
    const _id = newObjectId();
    const res = await save({
      _id,
      date: '2030-01-11',
      title: 'Main',
      text: 'Main text',
      extras: [
        { title: 'One', text: 'first' },
        { title: 'Two', text: '' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: LESSON_MESSAGES.CREATED });
    expect(res.body.lesson).toEqual({
      _id,
      date: '2030-01-11',
      version: 1,
      D: 'January 11, 2030',
      T: 'Main',
      R: 'Main text',
      T1: 'One',
      R1: 'first',
      T2: 'Two',
      R2: '',
    });
    expect((await schedule()).find((l) => l._id === _id)).toEqual(res.body.lesson);
  });

  it('stores a Broadcast week with the title "Broadcast" and no text', async () => {
    const res = await save({ date: '2030-01-18', broadcast: true });
    expect(res.status).toBe(201);
    expect(res.body.lesson).toMatchObject({ D: 'January 18, 2030', T: 'Broadcast', R: '' });
  });

  it.each([
    ['no date', { title: 'T' }, 'date'],
    ['a date that does not exist', { date: '2030-02-30', title: 'T' }, LESSON_RULE_MESSAGES.DATE],
    ['a date in another format', { date: '01/03/2030', title: 'T' }, LESSON_RULE_MESSAGES.DATE],
    ['no title outside a Broadcast week', { date: '2030-03-01', text: 'R' }, LESSON_RULE_MESSAGES.TITLE_REQUIRED],
    ['text in a Broadcast week', { date: '2030-03-01', broadcast: true, text: 'R' }, LESSON_RULE_MESSAGES.BROADCAST_EMPTY],
    ['HTML in the text', { date: '2030-03-01', title: 'T', text: '<script>x</script>' }, 'plain text'],
    ['a too-long title', { date: '2030-03-01', title: 'x'.repeat(LIMITS.LESSON_TITLE_MAX_CHARS + 1) }, `at most ${LIMITS.LESSON_TITLE_MAX_CHARS}`],
    [
      'five extra topics',
      { date: '2030-03-01', title: 'T', extras: Array.from({ length: 5 }, (_, i) => ({ title: `E${i}`, text: '' })) },
      `at most ${LIMITS.LESSON_EXTRA_TOPICS_MAX} extra topics`,
    ],
    ['an extra topic without a title', { date: '2030-03-01', title: 'T', extras: [{ title: '', text: 'x' }] }, LESSON_RULE_MESSAGES.EXTRA_TITLE_REQUIRED],
    ['an unknown field', { date: '2030-03-01', title: 'T', $set: { deleted: true } }, 'Unexpected field'],
    ['a bad id', { _id: 'abc', date: '2030-03-01', title: 'T' }, '_id'],
  ])('refuses %s with a clear 400 and stores nothing', async (_name, lesson, message) => {
    const before = await schedule();
    const res = await save(lesson);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(String(res.body.message)).toContain(message);
    expect(await schedule()).toEqual(before);
  });

  it('allows one lesson per date: a second one is a 409 naming the date', async () => {
    expect((await save({ date: '2030-04-05', title: 'First' })).status).toBe(201);
    const second = await save({ date: '2030-04-05', title: 'Second' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(LESSON_MESSAGES.DATE_TAKEN('2030-04-05'));
    expect(second.body.message).toContain('April 5, 2030');
    expect((await schedule()).filter((l) => l.date === '2030-04-05').map((l) => l.T)).toEqual(['First']);
  });

  it('edits in place with the version; a stale version is a 409 with the server copy', async () => {
    const created = (await save({ date: '2030-05-03', title: 'V1' })).body.lesson!;
    const edited = await save({ _id: created._id, version: 1, date: '2030-05-03', title: 'V2 by Ann' });
    expect(edited.status).toBe(200);
    expect(edited.body.lesson).toMatchObject({ _id: created._id, version: 2, T: 'V2 by Ann' });

    const stale = await save({ _id: created._id, version: 1, date: '2030-05-03', title: 'V2 by Bob' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(LESSON_MESSAGES.CONFLICT);
    expect(stale.body.lesson).toMatchObject({ _id: created._id, version: 2, T: 'V2 by Ann' });
    expect((await schedule()).find((l) => l._id === created._id)?.T).toBe('V2 by Ann');
  });

  it('moves a lesson to a free date (freeing the old one) but not onto a taken one', async () => {
    const a = (await save({ date: '2030-06-07', title: 'A' })).body.lesson!;
    await save({ date: '2030-06-14', title: 'B' });
    const clash = await save({ _id: a._id, version: 1, date: '2030-06-14', title: 'A' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('June 14, 2030');
    const moved = await save({ _id: a._id, version: 1, date: '2030-06-21', title: 'A' });
    expect(moved.status).toBe(200);
    expect(moved.body.lesson).toMatchObject({ D: 'June 21, 2030', version: 2 });
    // The old date is free again.
    expect((await save({ date: '2030-06-07', title: 'C' })).status).toBe(201);
  });

  it('deletes a lesson: gone from the schedule, its date free, its id never reused', async () => {
    const lesson = (await save({ date: '2030-07-05', title: 'Doomed' })).body.lesson!;
    const res = await app.request('DELETE', '/api/lessons/delete', { token: admin, body: { id: lesson._id } });
    expect(res.status).toBe(200);
    expect((await schedule()).some((l) => l._id === lesson._id)).toBe(false);
    expect((await app.request('DELETE', '/api/lessons/delete', { token: admin, body: { id: lesson._id } })).status).toBe(404);
    const revived = await save({ _id: lesson._id, version: 1, date: '2030-07-05', title: 'Back' });
    expect(revived.status).toBe(404);
    expect(revived.body.message).toBe(LESSON_MESSAGES.WAS_DELETED);
    expect((await save({ date: '2030-07-05', title: 'Replacement' })).status).toBe(201);
  });

  it('applies a repeated save or import with the same Idempotency-Key once', async () => {
    const headers = { 'Idempotency-Key': `test-${newObjectId()}` };
    const lesson = { date: '2030-08-02', title: 'Once' };
    const first = await save(lesson, admin, headers);
    const again = await save(lesson, admin, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.lesson?._id).toBe(first.body.lesson?._id);
    expect((await schedule()).filter((l) => l.date === '2030-08-02')).toHaveLength(1);

    const importHeaders = { 'Idempotency-Key': `test-${newObjectId()}` };
    const rows = [{ date: '2030-08-09', title: 'I1', text: 'R1' }, { date: '2030-08-16', broadcast: true }];
    const imported = await importRows(rows, importHeaders);
    const repeat = await importRows(rows, importHeaders);
    expect(imported.status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.body.lessons).toEqual(imported.body.lessons);
    expect((await schedule()).filter((l) => l.date === '2030-08-09' || l.date === '2030-08-16')).toHaveLength(2);
  });

  it('imports all rows or none: every bad row is named by its line', async () => {
    const before = await schedule();
    const rows = [
      { line: 2, date: '2031-01-03', title: 'Good', text: 'R' },
      { line: 3, date: '2031-02-30', title: 'Bad date', text: 'R' },
      { line: 4, date: '2031-01-10', text: 'no title' },
      { line: 5, date: '2031-01-03', title: 'Same date as line 2', text: 'R' },
    ];
    const res = await importRows(rows);
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      { line: 3, message: LESSON_RULE_MESSAGES.DATE },
      { line: 4, message: LESSON_RULE_MESSAGES.TITLE_REQUIRED },
      { line: 5, message: 'January 3, 2031 is also on line 2: one lesson per date' },
    ]);
    expect(res.body.message).toContain('Line 3:');
    expect(res.body.message).toContain('Line 5:');
    expect(await schedule()).toEqual(before);
  });

  it('refuses an import with a row that has a title and no text, naming the line, and stores none of it', async () => {
    const before = await schedule();
    const rows = [
      { line: 1, date: '2031-04-04', title: 'Whole', text: 'Read Psalm 23' },
      { line: 2, date: '2031-04-11', broadcast: true },
      { line: 3, date: '2031-04-18', title: 'Cut short' },
    ];
    const res = await importRows(rows);
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([{ line: 3, message: LESSON_RULE_MESSAGES.IMPORT_TEXT_REQUIRED }]);
    expect(res.body.message).toContain(`Line 3: ${LESSON_RULE_MESSAGES.IMPORT_TEXT_REQUIRED}`);
    expect(await schedule()).toEqual(before);
    const claims = app.connection.collection<{ _id: string }>('lesson_dates');
    expect(await claims.countDocuments({ _id: { $in: ['2031-04-04', '2031-04-11', '2031-04-18'] } })).toBe(0);
  });

  it('refuses an import that clashes with saved lessons (409, by line) and then accepts it fixed', async () => {
    await save({ date: '2031-03-07', title: 'Already here' });
    const before = await schedule();
    const rows = [
      { line: 1, date: '2031-02-28', title: 'New', text: 'R' },
      { line: 2, date: '2031-03-07', title: 'Clash', text: 'R' },
    ];
    const refused = await importRows(rows);
    expect(refused.status).toBe(409);
    expect(refused.body.problems).toEqual([{ line: 2, message: 'there is already a lesson for March 7, 2031' }]);
    expect(await schedule()).toEqual(before);

    const accepted = await importRows([rows[0], { ...rows[1], date: '2031-03-14' }]);
    expect(accepted.status).toBe(201);
    expect(accepted.body.message).toBe(LESSON_MESSAGES.IMPORTED(2));
    expect(accepted.body.lessons?.map((l) => l.D)).toEqual(['February 28, 2031', 'March 14, 2031']);
    expect((await schedule()).length).toBe(before.length + 2);
  });

  it('refuses an empty or oversized import', async () => {
    expect((await importRows([])).status).toBe(400);
    const many = Array.from({ length: LIMITS.LESSON_IMPORT_MAX_ROWS + 1 }, (_, i) => ({ date: '2032-01-02', title: String(i) }));
    const res = await importRows(many);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`at most ${LIMITS.LESSON_IMPORT_MAX_ROWS}`);
  });

  it('lets only one of two racing saves take a date', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save({ date: '2033-01-07', title: `Racer ${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect((await schedule()).filter((l) => l.date === '2033-01-07')).toHaveLength(1);
  });
});
