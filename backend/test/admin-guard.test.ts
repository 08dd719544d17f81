// Walks the contract's route table: every admin call refuses a missing token and a non-admin one,
// and the routes the app mounts (and guards) are exactly the contract's. The guard runs before
// any validation, so an empty body is enough to reach it.
import crypto from 'node:crypto';
import type Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteSpec } from '@fw/contracts';
import { startTestApp, type TestApp } from './harness.ts';
import { createUser } from './fixtures.ts';
import { IDEMPOTENCY_COLLECTION } from '../src/db/claims/index.ts';

const ALL_ROUTES = Object.entries(ROUTES as Record<string, RouteSpec>).map(([name, route]) => ({ name, ...route }));
const ADMIN_ROUTES = ALL_ROUTES.filter((route) => route.admin);
/** The names of the functions require-admin.ts returns; how a mounted route shows it is guarded. */
const GUARD_NAMES = ['checkAdmin', 'checkAdminBeside'];

/** Every `METHOD path` the app's routers mount, with whether the admin guard is in its chain. */
function mountedRoutes(app: TestApp): Array<{ call: string; guarded: boolean }> {
  const routers = app.koa.middleware
    .map((middleware) => (middleware as { router?: Router }).router)
    .filter((router): router is Router => router !== undefined);
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ call: `${method} ${layer.path}`, guarded: layer.stack.some((fn) => GUARD_NAMES.includes(fn.name)) })),
    ),
  );
}
const callsOf = (routes: Array<{ method: string; path: string }>) => routes.map((r) => `${r.method} ${r.path}`).sort();

describe('admin guard over the route table', () => {
  let app: TestApp;
  let nonAdminToken: string;
  let pendingToken: string;
  beforeAll(async () => {
    app = await startTestApp();
    ({ token: nonAdminToken } = await createUser(app, { role: 'user', isApproved: true }));
    ({ token: pendingToken } = await createUser(app, { role: 'user', isApproved: false }));
  });
  afterAll(() => app.close());

  it('the app mounts exactly the contract\'s routes, and guards exactly its admin ones', () => {
    const mounted = mountedRoutes(app);
    expect(mounted.map((route) => route.call).sort()).toEqual(callsOf(ALL_ROUTES));
    expect(mounted.filter((route) => route.guarded).map((route) => route.call).sort()).toEqual(callsOf(ADMIN_ROUTES));
  });

  it('an admin write refused to a reader or a user waiting for approval writes nothing, its Idempotency-Key included', async () => {
    const keys = app.connection.collection(IDEMPOTENCY_COLLECTION);
    const before = await keys.countDocuments({});
    const writes = ADMIN_ROUTES.filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(10);
    for (const { method, path } of writes) {
      for (const token of [nonAdminToken, pendingToken]) {
        const res = await app.request(method, path, { body: {}, token, headers: { 'Idempotency-Key': `refused-${crypto.randomUUID()}` } });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    expect(await keys.countDocuments({})).toBe(before);
  });

  describe.each(ADMIN_ROUTES)('$name: $method $path', ({ method, path }) => {
    const body = method === 'GET' ? undefined : {};

    it('401 without a token', async () => {
      const res = await app.request(method, path, { body });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, message: expect.any(String), code: 'TOKEN_MISSING' });
    });

    it('403 with the token of an approved user who is not an admin', async () => {
      const res = await app.request(method, path, { body, token: nonAdminToken });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, message: expect.any(String), code: 'NOT_ADMIN' });
    });

    it('403 with the token of a user waiting for approval', async () => {
      const res = await app.request(method, path, { body, token: pendingToken });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_APPROVED' });
    });
  });
});
