import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/fixtures.ts';

const ALLOWED = 'https://family.example.org';
const STRANGER = 'https://evil.example.com';

const preflight = (origin: string, method = 'DELETE') => ({
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
});

describe('CORS', () => {
  let app: TestApp;
  let token: string;
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-cors-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-abc.js'), 'export const a = 1;');
    // A trailing slash in the configuration still matches what browsers send.
    app = await startTestApp({ corsOrigins: [`${ALLOWED}/`], staticDir });
    ({ token } = await createUser(app));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('leaves the PWA files alone: one cacheable answer whoever asks (no Vary: Origin)', async () => {
    // A module script is requested with Origin, the service worker's precache without: the
    // precache reuses the page's copy from the HTTP cache only when the answer does not vary.
    for (const origin of [app.url, ALLOWED]) {
      const res = await app.request('GET', '/assets/app-abc.js', { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/immutable/);
      expect(res.headers.get('vary') ?? '').not.toMatch(/origin/i);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('answers a preflight from a listed origin with the allowed methods and headers', async () => {
    const res = await app.request('OPTIONS', '/api/admin/users', preflight(ALLOWED));
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
    const allowedHeaders = res.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of ['authorization', 'token', 'content-type', 'idempotency-key']) {
      expect(allowedHeaders).toContain(header);
    }
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('lets a listed origin read an answer, including error answers', async () => {
    const ok = await app.request('GET', '/api/admin/users', { token, headers: { origin: ALLOWED } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(ok.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const refused = await app.request('GET', '/api/admin/users', { headers: { origin: ALLOWED } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('refuses a preflight from an unlisted origin with 403 and a message', async () => {
    const res = await app.request('OPTIONS', '/api/admin/delete', preflight(STRANGER));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      message: `Requests from ${STRANGER} are not allowed. Add it to CORS_ORIGINS to allow it.`,
      code: 'ORIGIN_NOT_ALLOWED',
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gives an unlisted origin no CORS headers, so its browser hides the answer', async () => {
    const res = await app.request('GET', '/api/health', { headers: { origin: STRANGER } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves same-origin requests (with or without Origin) without CORS headers', async () => {
    const plain = await app.request('GET', '/api/health');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    const sameOrigin = await app.request('OPTIONS', '/api/admin/login', preflight(app.url, 'POST'));
    expect(sameOrigin.status).not.toBe(403);
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS with no origins configured (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('refuses every cross-origin preflight', async () => {
    const res = await app.request('OPTIONS', '/api/admin/login', preflight(ALLOWED, 'POST'));
    expect(res.status).toBe(403);
  });
});
