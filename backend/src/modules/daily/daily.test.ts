// The daily text calls: who may write, what a text must be, one text per date, edits with a
// version (409 on a stale one), delete, the public window read and what it costs.
import type { CommandStartedEvent } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_LIMITS, DAILY_RULE_MESSAGES, newObjectId, type DailyText } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { DAILY_MESSAGES } from './daily.service.ts';

type Body = Record<string, unknown> & { dailyText?: DailyText; dailyTexts?: DailyText[]; message?: string };

describe('daily text calls', () => {
  let app: TestApp;
  let admin: string;
  let waiting: string;
  const commands: { name: string; collection: string; filter: unknown }[] = [];
  const window = async (from = '2030-01-01', to = '2030-03-31') =>
    app.request<Body>('GET', `/api/daily?from=${from}&to=${to}`);
  const texts = async (from?: string, to?: string) => (await window(from, to)).body.dailyTexts ?? [];
  const save = (dailyText: unknown, token = admin, headers: Record<string, string> = {}) =>
    app.request<Body>('POST', '/api/daily/save', { token, body: { dailyText }, headers });
  const remove = (body: unknown, headers: Record<string, string> = {}) =>
    app.request<Body>('DELETE', '/api/daily/delete', { token: admin, body, headers });

  beforeAll(async () => {
    app = await startTestApp({}, { monitorCommands: true });
    ({ token: admin } = await createUser(app));
    ({ token: waiting } = await createUser(app, { role: 'user', isApproved: false }));
    const database = app.connection.name;
    app.connection.getClient().on('commandStarted', (event: CommandStartedEvent) => {
      const collection = String(event.command[event.commandName]);
      if (event.databaseName !== database || collection !== 'daily_texts') return;
      commands.push({ name: event.commandName, collection, filter: event.command.filter ?? event.command.query });
    });
  });
  afterAll(() => app.close());

  it('refuses callers who are not administrators, and changes nothing', async () => {
    const text = { date: '2030-01-02', reference: 'John 3:16', comment: 'Love.' };
    expect((await app.request('POST', '/api/daily/save', { body: { dailyText: text } })).status).toBe(401);
    expect((await save(text, waiting)).status).toBe(403);
    expect((await app.request('POST', '/api/daily/import', { token: waiting, body: { dailyTexts: [text] } })).status).toBe(403);
    expect((await app.request('DELETE', '/api/daily/delete', { body: { date: '2030-01-02' } })).status).toBe(401);
    expect(await texts()).toEqual([]);
  });

  it('adds a text with the passage its reference names and the citations of its comment', async () => {
    const res = await save({ date: '2030-01-03', reference: 'John 3:16-18', comment: 'God so loved the world. See also Romans 5:8.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: DAILY_MESSAGES.CREATED });
    expect(res.body.dailyText).toMatchObject({ date: '2030-01-03', reference: 'John 3:16-18', version: 1, osis: 'John.3.16-John.3.18' });
    expect(res.body.dailyText?.scripture?.[0]).toMatchObject({ osis: 'Rom.5.8' });
    expect(await texts()).toEqual([res.body.dailyText]);
  });

  it.each([
    ['no date', { reference: 'Psalm 23:1', comment: 'c' }, 'date'],
    ['a date that does not exist', { date: '2030-02-30', reference: 'Psalm 23:1', comment: 'c' }, DAILY_RULE_MESSAGES.DATE],
    ['no reference', { date: '2030-02-01', reference: ' ', comment: 'c' }, DAILY_RULE_MESSAGES.REFERENCE_REQUIRED],
    ['a reference that names no passage', { date: '2030-02-01', reference: 'Love one another', comment: 'c' }, DAILY_RULE_MESSAGES.NOT_A_REFERENCE],
    ['words around the reference', { date: '2030-02-01', reference: 'Read John 3:16 today', comment: 'c' }, DAILY_RULE_MESSAGES.NOT_A_REFERENCE],
    ['no comment', { date: '2030-02-01', reference: 'Psalm 23:1', comment: '' }, DAILY_RULE_MESSAGES.COMMENT_REQUIRED],
    ['HTML in the comment', { date: '2030-02-01', reference: 'Psalm 23:1', comment: '<b>x</b>' }, 'plain text'],
    ['a too-long comment', { date: '2030-02-01', reference: 'Psalm 23:1', comment: 'x'.repeat(DAILY_LIMITS.COMMENT_MAX_CHARS + 1) }, `at most ${DAILY_LIMITS.COMMENT_MAX_CHARS}`],
    ['an unknown field', { date: '2030-02-01', reference: 'Psalm 23:1', comment: 'c', $where: '1' }, 'unexpected field'],
  ])('refuses %s with a 400 that says so', async (_name, text, expected) => {
    const res = await save(text);
    expect(res.status).toBe(400);
    expect(String(res.body.message).toLowerCase()).toContain(expected.toLowerCase());
    expect((await texts('2030-02-01', '2030-02-28')).length).toBe(0);
  });

  it('edits with the version; a stale version, or a second new text for the date, is a 409 with the server copy', async () => {
    const created = (await save({ date: '2030-01-04', reference: 'Psalm 23:1', comment: 'First.' })).body.dailyText!;
    const edited = await save({ date: '2030-01-04', reference: 'Psalm 23:1-2', comment: 'Second.', version: created.version });
    expect(edited.status).toBe(200);
    expect(edited.body.dailyText).toMatchObject({ version: 2, osis: 'Ps.23.1-Ps.23.2', comment: 'Second.' });
    const stale = await save({ date: '2030-01-04', reference: 'Psalm 23:1', comment: 'Third.', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'EDIT_CONFLICT', dailyText: { version: 2, comment: 'Second.' } });
    const another = await save({ date: '2030-01-04', reference: 'Psalm 1:1', comment: 'Other.' });
    expect(another.status).toBe(409);
    const same = await save({ date: '2030-01-04', reference: 'Psalm 23:1-2', comment: 'Second.', version: 1 });
    expect(same.body).toMatchObject({ message: DAILY_MESSAGES.UNCHANGED, dailyText: { version: 2 } });
  });

  it('deletes a text: gone from the window, a repeated delete is a 404, the date takes a new text numbered on', async () => {
    await save({ date: '2030-01-05', reference: 'Micah 6:8', comment: 'Walk humbly.' });
    expect((await remove({ date: '2030-01-05' })).status).toBe(200);
    expect((await texts()).map((t) => t.date)).not.toContain('2030-01-05');
    expect((await remove({ date: '2030-01-05' })).status).toBe(404);
    const queuedEdit = await save({ date: '2030-01-05', reference: 'Micah 6:8', comment: 'Edited offline.', version: 1 });
    expect(queuedEdit.status).toBe(404);
    const again = await save({ date: '2030-01-05', reference: 'Micah 7:18', comment: 'He delights in mercy.' });
    expect(again.status).toBe(201);
    expect(again.body.dailyText).toMatchObject({ version: 3 });
    expect((await remove({ date: '2030-01-05', version: 2 })).status).toBe(409);
  });

  it('applies a repeated save, delete or import with the same Idempotency-Key once', async () => {
    const headers = { 'Idempotency-Key': `test-${newObjectId()}` };
    const text = { date: '2030-01-06', reference: 'Isaiah 40:31', comment: 'Wait on the LORD.' };
    const first = await save(text, admin, headers);
    const again = await save(text, admin, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const deleteHeaders = { 'Idempotency-Key': `test-${newObjectId()}` };
    expect((await remove({ date: '2030-01-06' }, deleteHeaders)).status).toBe(200);
    expect((await remove({ date: '2030-01-06' }, deleteHeaders)).status).toBe(200);
    const importHeaders = { 'Idempotency-Key': `test-${newObjectId()}` };
    const rows = [{ date: '2030-01-07', reference: 'Philippians 4:6', comment: 'Pray about everything.' }];
    const imported = await app.request<Body>('POST', '/api/daily/import', { token: admin, body: { dailyTexts: rows }, headers: importHeaders });
    const replay = await app.request<Body>('POST', '/api/daily/import', { token: admin, body: { dailyTexts: rows }, headers: importHeaders });
    expect(imported.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await texts()).filter((t) => t.date === '2030-01-07')).toHaveLength(1);
  });

  it('imports all rows or none: every bad row and every clash is named by its line', async () => {
    const importRows = (dailyTexts: unknown[]) => app.request<Body>('POST', '/api/daily/import', { token: admin, body: { dailyTexts } });
    const bad = await importRows([
      { line: 2, date: '2030-03-01', reference: 'Proverbs 3:5', comment: 'Trust.' },
      { line: 3, date: '2030-03-02', reference: 'no passage', comment: 'x' },
      { line: 4, date: '2030-03-01', reference: 'Proverbs 3:6', comment: 'Paths.' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Line 3:');
    expect(bad.body.message).toContain('Line 4: Friday, March 1, 2030 is also on line 2');
    expect(await texts('2030-03-01', '2030-03-31')).toEqual([]);
    const clash = await importRows([
      { line: 2, date: '2030-03-03', reference: 'Proverbs 3:5', comment: 'Trust.' },
      { line: 3, date: '2030-01-03', reference: 'Psalm 1:1', comment: 'Another text for a taken date.' },
    ]);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('Line 3: there is already a daily text for Thursday, January 3, 2030');
    expect(await texts('2030-03-01', '2030-03-31')).toEqual([]);
    const good = await importRows([
      { line: 2, date: '2030-03-03', reference: 'Proverbs 3:5', comment: 'Trust.' },
      { line: 3, date: '2030-03-04', reference: 'Proverbs 3:6', comment: 'Paths.' },
    ]);
    expect(good.status).toBe(201);
    expect(good.body.message).toBe(DAILY_MESSAGES.IMPORTED(2));
    expect((await texts('2030-03-01', '2030-03-31')).map((t) => t.osis)).toEqual(['Prov.3.5', 'Prov.3.6']);
  });

  it('refuses a window that is upside down or too long', async () => {
    expect((await window('2030-01-10', '2030-01-09')).status).toBe(400);
    expect((await window('2030-01-01', '2031-12-31')).status).toBe(400);
    expect((await app.request('GET', '/api/daily?from=2030-01-01')).status).toBe(400);
  });

  it('answers a window from memory after one stamp read, reads texts by _id after a change, and answers 304 on its ETag', async () => {
    await window('2030-01-01', '2030-03-31');
    commands.length = 0;
    const kept = await window('2030-01-01', '2030-03-31');
    expect(commands).toEqual([]);
    const notModified = await app.request('GET', '/api/daily?from=2030-01-01&to=2030-03-31', {
      headers: { 'If-None-Match': kept.headers.get('etag')! },
    });
    expect(notModified.status).toBe(304);
    await save({ date: '2030-01-20', reference: 'Psalm 46:1', comment: 'A very present help.' });
    commands.length = 0;
    const after = await window('2030-01-01', '2030-03-31');
    expect(after.body.dailyTexts!.map((t) => t.date)).toContain('2030-01-20');
    expect(commands.length).toBe(90);
    for (const command of commands) {
      expect(command.name).toBe('find');
      expect(Object.keys(command.filter as object)).toEqual(['_id']);
      expect(typeof (command.filter as { _id: unknown })._id).toBe('string');
    }
  });
});
