// GET /api/schedule: the lessons from the database in the served lesson shape, an ETag that changes with
// the lessons, and 304 for a device that already holds them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_2025, scheduleResponseSchema, type Lesson } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { demoLessonsFrom, seedDemoLessons, seedSchedule2025 } from '../../seed/lessons-seed.ts';
import { loadDemoLessons } from '../../seed/seed-data.ts';
import { isoDay } from '@fw/contracts';

/** The fixed fields of a served lesson, `D`, `T`, `R`, `T1`…`R4` (the database adds _id, date, version). */
const specFields = (lesson: Lesson) => {
  const rest: Partial<Lesson> = { ...lesson };
  delete rest._id;
  delete rest.date;
  delete rest.version;
  // Added by the server (scripture/lesson-scripture.ts), checked below.
  delete rest.scripture;
  return rest;
};

describe('GET /api/schedule', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp();
    ({ token: admin } = await createUser(app));
  });
  afterAll(() => app.close());

  it('answers an empty schedule before anything is seeded', async () => {
    const res = await app.request('GET', '/api/schedule');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, lessons: [] });
  });

  it('serves the seeded 2025 schedule in the served lesson shape with an ETag; a second seed adds nothing', async () => {
    expect(await seedSchedule2025(app.connection, app.scripture)).toEqual({ seeded: true });
    expect(await seedSchedule2025(app.connection, app.scripture)).toEqual({ seeded: false });
    const res = await app.request<{ lessons: Lesson[] }>('GET', '/api/schedule');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = scheduleResponseSchema.parse(res.body);
    const byDate = (a: Lesson, b: Lesson) => Date.parse(a.D) - Date.parse(b.D);
    expect(body.lessons.map(specFields)).toEqual([...SCHEDULE_2025].sort(byDate));
    expect(body.lessons.find((l) => l.D === 'January 3, 2025')?.scripture?.R?.map((c) => c.osis)).toEqual(['Gen.1', 'Ps.104.24']);
    for (const lesson of body.lessons) {
      expect(lesson._id).toMatch(/^[0-9a-f]{24}$/);
      expect(lesson.date).toMatch(/^2025-\d\d-\d\d$/);
      expect(lesson.version).toBe(1);
    }
    expect(res.headers.get('etag')).toMatch(/^"schedule-.+"$/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 304 without a body when the client holds the same version, also as a weak tag or in a list', async () => {
    const etag = (await app.request('GET', '/api/schedule')).headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await app.request('GET', '/api/schedule', { headers: { 'if-none-match': header } });
      expect(res.status, header).toBe(304);
      expect(res.body).toBe('');
    }
    const stale = await app.request('GET', '/api/schedule', { headers: { 'if-none-match': '"schedule-old"' } });
    expect(stale.status).toBe(200);
  });

  it('gives a new ETag and the new lesson after a change, and the same ETag again when it is undone', async () => {
    const before = await app.request<{ lessons: Lesson[] }>('GET', '/api/schedule');
    const etag = before.headers.get('etag')!;
    const saved = await app.request<{ lesson: Lesson }>('POST', '/api/lessons/save', {
      token: admin,
      body: { lesson: { date: '2026-01-02', title: 'New year', text: 'Read Psalm 90:12.' } },
    });
    expect(saved.status).toBe(201);
    const after = await app.request<{ lessons: Lesson[] }>('GET', '/api/schedule', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.lessons.at(-1)).toMatchObject({ D: 'January 2, 2026', T: 'New year', R: 'Read Psalm 90:12.' });

    const removed = await app.request('DELETE', '/api/lessons/delete', { token: admin, body: { id: saved.body.lesson._id } });
    expect(removed.status).toBe(200);
    const again = await app.request('GET', '/api/schedule', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('schedules the demo weeks from the lesson day of the seeding week, once', async () => {
    // Sunday 2026-11-22: that week's Friday was the 20th (still current), then weekly.
    const dates = demoLessonsFrom(isoDay('2026-11-22')).map((l) => l.date);
    expect(dates.slice(0, 3)).toEqual(['2026-11-20', '2026-11-27', '2026-12-04']);
    expect(dates).toHaveLength(loadDemoLessons().length);
    expect(demoLessonsFrom(isoDay('2026-11-20'))[0]?.date).toBe('2026-11-20');

    expect(await seedDemoLessons(app.connection, app.scripture, new Date(2026, 10, 22, 12))).toEqual({ seeded: true });
    expect(await seedDemoLessons(app.connection, app.scripture, new Date(2026, 10, 22, 12))).toEqual({ seeded: false });
    const served = (await app.request<{ lessons: Lesson[] }>('GET', '/api/schedule')).body.lessons;
    expect(served.filter((l) => dates.includes(l.date!)).map((l) => l.date)).toEqual(dates);
    expect(served.find((l) => l.date === dates[2])).toMatchObject({ T: 'Broadcast', R: '' });
  });

  it('takes no input: an unknown method is refused, not treated as input', async () => {
    const before = await app.request('GET', '/api/schedule');
    const res = await app.request('POST', '/api/schedule', { body: { lessons: [] } });
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
    expect(res.headers.get('allow')).toBe('HEAD, GET');
    const after = await app.request('GET', '/api/schedule');
    expect(after.body).toEqual(before.body);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
  });
});
