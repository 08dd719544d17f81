// Which address a request is counted by behind TRUST_PROXY=true: each proxy of ours appends the
// address it saw to X-Forwarded-For, so only the last TRUSTED_PROXY_HOPS entries are ours and the
// client is the leftmost of them; anything further left was written by the client. Seen through
// the rate limits' slot ids (login-ip:<address>:…) and their 429s. The same path through a real
// HAProxy is backend/test/proxy-address.test.ts.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLongWindowMs, startTestApp, TEST_RATE_LIMITS, type TestApp } from '../../test/harness.ts';
import { RATE_LIMIT_COLLECTION } from '../db/claims/index.ts';
import { LOGIN_ADDRESS_FACTOR } from './login-limits.ts';

const TINY = { limit: 2, windowMs: runLongWindowMs() };
const ADDRESS_LIMIT = TINY.limit * LOGIN_ADDRESS_FACTOR;
const forged = () => `203.0.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;

async function countedAddresses(app: TestApp): Promise<Set<string>> {
  const docs = await app.connection.collection(RATE_LIMIT_COLLECTION).find({}).toArray();
  return new Set(docs.map((d) => String(d._id)).filter((id) => id.startsWith('login-ip:')).map((id) => id.split(':')[1] ?? ''));
}

describe.each([
  { label: 'one proxy (trustedProxyHops missing: 1)', hops: undefined, ours: ['10.20.0.1'] },
  { label: 'two proxies (trustedProxyHops 2)', hops: 2, ours: ['10.20.0.2', '127.0.0.9'] },
])('behind $label', ({ hops, ours }) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ trustProxy: true, trustedProxyHops: hops, rateLimits: { ...TEST_RATE_LIMITS, login: TINY } });
  });
  afterAll(() => app.close());

  const login = (i: number) =>
    app.request('POST', '/api/admin/login', {
      body: { email: `forger${i}@example.test`, password: 'wrong password' },
      headers: { 'x-forwarded-for': [forged(), forged(), ...ours].join(', ') },
    });

  it('counts the client our proxies saw, whatever the client wrote before it, and refuses it past the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ADDRESS_LIMIT + 3; i++) statuses.push((await login(i)).status);
    expect(statuses.slice(0, ADDRESS_LIMIT)).toEqual(Array(ADDRESS_LIMIT).fill(401));
    expect(statuses.slice(ADDRESS_LIMIT)).toEqual([429, 429, 429]);
    expect([...(await countedAddresses(app))]).toEqual([ours[0]]);
  });
});

describe('without TRUST_PROXY', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ trustProxy: false, rateLimits: { ...TEST_RATE_LIMITS, login: TINY } });
  });
  afterAll(() => app.close());

  it('ignores X-Forwarded-For entirely and counts the connection', async () => {
    const res = await app.request('POST', '/api/admin/login', {
      body: { email: 'plain@example.test', password: 'wrong password' },
      headers: { 'x-forwarded-for': `${forged()}, 10.20.0.3` },
    });
    expect(res.status).toBe(401);
    expect([...(await countedAddresses(app))]).toEqual(['127.0.0.1']);
  });
});
