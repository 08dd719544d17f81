// Walks the contract's route table: every admin call refuses a missing token and a non-admin one.
// The guard runs before any validation, so an empty body is enough to reach it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteSpec } from '@fw/contracts';
import { startTestApp, type TestApp } from './harness.ts';
import { createUser } from './fixtures.ts';

/** Admin paths whose routers are mounted in app.ts; widen to every admin path as modules land. */
const ADMIN_ROUTES = Object.entries(ROUTES as Record<string, RouteSpec>)
  .filter(([, route]) => route.admin)
  .map(([name, route]) => ({ name, ...route }));

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

  it('covers every admin route of the contract', () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(11);
  });

  describe.each(ADMIN_ROUTES)('$name: $method $path', ({ method, path }) => {
    const body = method === 'GET' ? undefined : {};

    it('401 without a token', async () => {
      const res = await app.request(method, path, { body });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
    });

    it('403 with the token of an approved user who is not an admin', async () => {
      const res = await app.request(method, path, { body, token: nonAdminToken });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
    });

    it('403 with the token of a user waiting for approval', async () => {
      const res = await app.request(method, path, { body, token: pendingToken });
      expect(res.status).toBe(403);
    });
  });
});
