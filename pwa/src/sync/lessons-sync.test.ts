// @vitest-environment node
// Lessons on the device: the schedule pulled by id with its ETag, an admin's unsent lesson changes
// kept through a pull, shown at once, sent once, and a refused one handled like an article's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lesson } from '@fw/contracts';
import { setToken } from '../lib/auth.ts';
import { db } from '../db/db.ts';
import { ScriptedServer } from '../../test/scripted-server.ts';
import { resetDb } from '../../test/reset-db.ts';
import { discardEntry, enqueue, pushOutbox, resolveConflict } from './outbox.ts';
import { pullSchedule } from './lessons-sync.ts';

const ID_A = '64f0000000000000000000a1';
const ID_B = '64f0000000000000000000b2';
const ID_NEW = '64f0000000000000000000c3';
const lesson = (id: string, date: string, T: string, version = 1): Lesson => ({ _id: id, date, version, D: date, T, R: '' });

let server: ScriptedServer;
let served: Lesson[];
beforeEach(async () => {
  await resetDb();
  server = new ScriptedServer();
  served = [lesson(ID_A, '2026-01-02', 'A'), lesson(ID_B, '2026-01-09', 'B')];
  server.script = (call) => {
    if (call.path !== '/api/schedule') return undefined;
    return { status: 200, body: { success: true, lessons: served }, headers: { ETag: `"v${served.length}"` } };
  };
  vi.stubGlobal('fetch', server.fetch);
  setToken('admin-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

const titles = async () => (await db.worship.orderBy('date').toArray()).map((l) => `${l.T}${l.pending ? '*' : ''}`);

describe('pullSchedule', () => {
  it('stores the lessons by id, sends the ETag next time, and drops lessons the server no longer has', async () => {
    await pullSchedule();
    expect(await titles()).toEqual(['A', 'B']);
    let sentEtag: string | null = null;
    vi.stubGlobal('fetch', async (_input: RequestInfo, init: RequestInit) => {
      sentEtag = new Headers(init.headers).get('If-None-Match');
      return new Response(null, { status: 304 });
    });
    await pullSchedule();
    expect(sentEtag).toBe('"v2"');
    vi.stubGlobal('fetch', server.fetch);
    served = [served[1]!];
    await pullSchedule();
    expect(await titles()).toEqual(['B']);
  });

  it('keeps an admin’s unsent lesson changes through a pull', async () => {
    await pullSchedule();
    await enqueue({ kind: 'saveLesson', recordId: ID_NEW, label: 'Add', body: { _id: ID_NEW, date: '2026-01-16', broadcast: false, title: 'New', text: 'n', extras: [] } });
    await enqueue({ kind: 'deleteLesson', recordId: ID_A, label: 'Delete', body: { id: ID_A } });
    expect(await titles()).toEqual(['B', 'New*']);
    await pullSchedule();
    expect(await titles()).toEqual(['B', 'New*']);
  });
});

describe('lesson writes through the outbox', () => {
  it('sends a new lesson once and replaces the pending copy with the server’s', async () => {
    server.script = (call) =>
      call.path === '/api/lessons/save'
        ? { status: 201, body: { success: true, lesson: lesson(ID_NEW, '2026-01-16', 'New from server') } }
        : undefined;
    await enqueue({ kind: 'saveLesson', recordId: ID_NEW, label: 'Add', body: { _id: ID_NEW, date: '2026-01-16', broadcast: false, title: 'New', text: 'n', extras: [] } });
    expect(await titles()).toEqual(['New*']);
    await pushOutbox();
    await pushOutbox();
    expect(server.calls.filter((c) => c.path === '/api/lessons/save')).toHaveLength(1);
    expect(server.calls[0]?.body).toEqual({ lesson: { _id: ID_NEW, date: '2026-01-16', broadcast: false, title: 'New', text: 'n', extras: [] } });
    expect(await titles()).toEqual(['New from server']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows a stale edit as a conflict with the server copy; taking theirs restores it', async () => {
    await pullSchedule();
    const theirs = lesson(ID_A, '2026-01-02', 'Theirs', 2);
    server.script = (call) =>
      call.path === '/api/lessons/save' ? { status: 409, body: { success: false, message: 'Changed meanwhile.', code: 'EDIT_CONFLICT', lesson: theirs } } : undefined;
    await enqueue({ kind: 'saveLesson', recordId: ID_A, label: 'Edit', body: { _id: ID_A, version: 1, date: '2026-01-02', broadcast: false, title: 'Mine', text: '', extras: [] } });
    await pushOutbox();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'conflict', serverCopy: theirs });
    expect(await titles()).toEqual(['Mine*', 'B']);
    await resolveConflict(entry!.seq!, 'theirs');
    expect(await titles()).toEqual(['Theirs', 'B']);
  });

  it('marks a taken date as refused (not retried), and discarding it removes the pending lesson', async () => {
    server.script = (call) =>
      call.path === '/api/lessons/save'
        ? { status: 409, body: { success: false, message: 'There is already a lesson for January 2, 2026.', code: 'DATE_TAKEN', date: '2026-01-02' } }
        : undefined;
    await enqueue({ kind: 'saveLesson', recordId: ID_NEW, label: 'Add', body: { _id: ID_NEW, date: '2026-01-02', broadcast: false, title: 'Dup', text: '', extras: [] } });
    await pushOutbox();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'failed', lastError: 'There is already a lesson for January 2, 2026.' });
    await discardEntry(entry!.seq!);
    expect(await titles()).toEqual([]);
  });

  it('shows imported rows at once and settles them with the server’s answer', async () => {
    const rows = [
      { _id: ID_A, line: 1, date: '2026-01-02', broadcast: false, title: 'A', text: '', extras: [] },
      { _id: ID_B, line: 2, date: '2026-01-09', broadcast: true, title: '', text: '', extras: [] },
    ];
    server.script = (call) =>
      call.path === '/api/lessons/import'
        ? { status: 201, body: { success: true, lessons: [lesson(ID_A, '2026-01-02', 'A'), lesson(ID_B, '2026-01-09', 'Broadcast')] } }
        : undefined;
    await enqueue({ kind: 'importLessons', recordId: 'import-1', label: 'Import', body: { lessons: rows } });
    expect(await titles()).toEqual(['A*', 'Broadcast*']);
    await pushOutbox();
    expect(await titles()).toEqual(['A', 'Broadcast']);
  });
});
