// @vitest-environment node
// Daily texts on the device: the window around today pulled by date with its ETag, an admin's
// unsent changes kept through a pull, shown at once, sent once, a stale edit shown as a conflict.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DailyText } from '@fw/contracts';
import { isoDay } from '@fw/contracts/lessons';
import { setToken } from '../lib/auth.ts';
import { db } from '../db/db.ts';
import { ScriptedServer } from '../../test/scripted-server.ts';
import { resetDb } from '../../test/reset-db.ts';
import { enqueue, pushOutbox, resolveConflict } from './outbox.ts';
import { pullDailyTexts } from './daily-sync.ts';

const TODAY = isoDay('2026-11-27');
const text = (date: string, comment: string, version = 1): DailyText => ({ date, reference: 'Psalm 23:1', comment, version, osis: 'Ps.23.1' });

let server: ScriptedServer;
let served: DailyText[];
beforeEach(async () => {
  await resetDb();
  server = new ScriptedServer();
  served = [text('2026-11-26', 'Yesterday'), text('2026-11-27', 'Today')];
  server.script = (call) => {
    if (!call.path.startsWith('/api/daily?')) return undefined;
    return { status: 200, body: { success: true, dailyTexts: served }, headers: { ETag: `"d${served.length}"` } };
  };
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

const comments = async () => (await db.dailyTexts.orderBy('date').toArray()).map((t) => `${t.comment}${t.pending ? '*' : ''}`);

describe('pullDailyTexts', () => {
  it('asks for the 30 days before today and the 60 after, a year ahead for an admin', async () => {
    await pullDailyTexts(TODAY);
    setToken('admin-token');
    await pullDailyTexts(TODAY);
    const asked = server.calls.filter((c) => c.path.startsWith('/api/daily?')).map((c) => c.path);
    expect(asked).toEqual(['/api/daily?from=2026-10-28&to=2027-01-26', '/api/daily?from=2026-10-28&to=2027-11-27']);
  });

  it('stores the texts by date, sends the ETag for the same window only, and drops texts no longer served', async () => {
    await pullDailyTexts(TODAY);
    expect(await comments()).toEqual(['Yesterday', 'Today']);
    const sent: (string | null)[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo, init: RequestInit) => {
      sent.push(new Headers(init.headers).get('If-None-Match'));
      return String(input).includes('from=2026-10-28') ? new Response(null, { status: 304 }) : server.fetch(input, init);
    });
    await pullDailyTexts(TODAY);
    await pullDailyTexts(TODAY + 1);
    expect(sent).toEqual(['"d2"', null]);
    vi.stubGlobal('fetch', server.fetch);
    served = [served[1]!];
    await pullDailyTexts(TODAY + 1);
    expect(await comments()).toEqual(['Today']);
  });

  it('keeps an admin’s unsent changes through a pull', async () => {
    setToken('admin-token');
    await pullDailyTexts(TODAY);
    await enqueue({ kind: 'saveDailyText', recordId: '2026-11-28', label: 'Add', body: { date: '2026-11-28', reference: 'John 1:1', comment: 'New' } });
    await enqueue({ kind: 'deleteDailyText', recordId: '2026-11-26', label: 'Delete', body: { date: '2026-11-26' } });
    expect(await comments()).toEqual(['Today', 'New*']);
    vi.stubGlobal('fetch', async () => new Response(null, { status: 503 }));
    await pushOutbox();
    vi.stubGlobal('fetch', server.fetch);
    await db.meta.clear();
    await pullDailyTexts(TODAY);
    expect(await comments()).toEqual(['Today', 'New*']);
  });
});

describe('daily text writes through the outbox', () => {
  beforeEach(() => setToken('admin-token'));

  it('sends a new text once and replaces the pending copy with the server’s', async () => {
    server.script = (call) =>
      call.path === '/api/daily/save' ? { status: 201, body: { success: true, dailyText: text('2026-11-28', 'From server') } } : undefined;
    await enqueue({ kind: 'saveDailyText', recordId: '2026-11-28', label: 'Add', body: { date: '2026-11-28', reference: 'Psalm 23:1', comment: 'Mine' } });
    expect(await comments()).toEqual(['Mine*']);
    await pushOutbox();
    await pushOutbox();
    expect(server.calls.filter((c) => c.path === '/api/daily/save')).toHaveLength(1);
    expect(server.calls[0]?.body).toEqual({ dailyText: { date: '2026-11-28', reference: 'Psalm 23:1', comment: 'Mine' } });
    expect(await comments()).toEqual(['From server']);
  });

  it('shows a stale edit as a conflict with the server copy; taking theirs restores it', async () => {
    await pullDailyTexts(TODAY);
    const theirs = text('2026-11-27', 'Theirs', 2);
    server.script = (call) =>
      call.path === '/api/daily/save'
        ? { status: 409, body: { success: false, message: 'Changed meanwhile.', code: 'EDIT_CONFLICT', dailyText: theirs } }
        : undefined;
    await enqueue({ kind: 'saveDailyText', recordId: '2026-11-27', label: 'Edit', body: { date: '2026-11-27', reference: 'Psalm 23:1', comment: 'Mine', version: 1 } });
    await pushOutbox();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'conflict', serverCopy: theirs });
    expect(await comments()).toEqual(['Yesterday', 'Mine*']);
    await resolveConflict(entry!.seq!, 'theirs');
    expect(await comments()).toEqual(['Yesterday', 'Theirs']);
  });

  it('shows imported rows at once and settles them with the server’s answer', async () => {
    const rows = [
      { line: 1, date: '2026-12-01', reference: 'Psalm 1:1', comment: 'One' },
      { line: 2, date: '2026-12-02', reference: 'Psalm 2:1', comment: 'Two' },
    ];
    server.script = (call) =>
      call.path === '/api/daily/import'
        ? { status: 201, body: { success: true, dailyTexts: [text('2026-12-01', 'One'), text('2026-12-02', 'Two')] } }
        : undefined;
    await enqueue({ kind: 'importDailyTexts', recordId: 'import-1', label: 'Import', body: { dailyTexts: rows } });
    expect(await comments()).toEqual(['One*', 'Two*']);
    await pushOutbox();
    expect(await comments()).toEqual(['One', 'Two']);
  });
});
