import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_2025, scheduleResponseSchema } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

describe('GET /api/schedule', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('serves the 2025 worship schedule with an ETag', async () => {
    const res = await app.request('GET', '/api/schedule');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = scheduleResponseSchema.parse(res.body);
    expect(body).toEqual({ success: true, lessons: SCHEDULE_2025 });
    expect(res.headers.get('etag')).toMatch(/^"schedule-.+"$/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 304 without a body when the client holds the same version, also as a weak tag or in a list', async () => {
    const etag = (await app.request('GET', '/api/schedule')).headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await app.request('GET', '/api/schedule', {
        headers: { 'if-none-match': header },
      });
      expect(res.status, header).toBe(304);
      expect(res.body).toBe('');
    }
    const stale = await app.request('GET', '/api/schedule', {
      headers: { 'if-none-match': '"schedule-old"' },
    });
    expect(stale.status).toBe(200);
  });

  it('takes no input: an unknown method is refused, not treated as input', async () => {
    const res = await app.request('POST', '/api/schedule', { body: {} });
    expect(res.status).toBe(405);
  });
});
