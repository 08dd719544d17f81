import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@fw/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

describe('GET /api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('reports the real database as reachable', async () => {
    const res = await app.request('GET', '/api/health');
    expect(res.status).toBe(200);
    const body = healthResponseSchema.parse(res.body);
    expect(body).toMatchObject({ success: true, database: 'reachable' });
  });

  it('answers an unknown API path with 404 and a message', async () => {
    const res = await app.request('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'No such API call: GET /api/nothing-here', code: 'NO_SUCH_ROUTE' });
  });

  it('answers broken JSON with 400 and never a stack trace', async () => {
    const res = await app.request('POST', '/api/health', { rawBody: '{"a":' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'The request body is not valid JSON.', code: 'INVALID_JSON' });
  });

  it('answers a method the path does not have with 405, the JSON error shape and an Allow header', async () => {
    const res = await app.request('PUT', '/api/health', { body: {} });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({
      success: false,
      message: 'PUT /api/health is not allowed; this path allows HEAD, GET.',
      code: 'METHOD_NOT_ALLOWED',
    });
    expect(res.headers.get('allow')).toBe('HEAD, GET');
  });
});
