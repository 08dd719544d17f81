// The time limit's answer is true (middleware/timeout.ts, http/deadline.ts): "nothing was saved"
// only while no write has begun, and then no write starts afterwards; a write already under way
// answers its real result, or, past the extra budget, says the change may be saved.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';
import { requestTimeout } from './timeout.ts';
import { DEADLINE_MESSAGES, deadlineOf } from '../http/deadline.ts';

const LIMIT_MS = 30;
const FINISH_MS = 1_000;

describe('requestTimeout: a 503 never hides a stored write', () => {
  const writes: string[] = [];
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const koa = new Koa();
    koa.use(errorHandler({ log: () => {} }));
    koa.use(requestTimeout({ ms: LIMIT_MS, finishMs: FINISH_MS }));
    koa.use(async (ctx) => {
      const deadline = deadlineOf(ctx)!;
      const write = async (name: string, ms: number) => {
        deadline.enterWrite();
        await sleep(ms);
        writes.push(name);
      };
      if (ctx.path === '/slow-before-writing') {
        // Long past the limit before the first write: the write must be refused.
        await sleep(LIMIT_MS * 4);
        await write('late', 0);
      } else if (ctx.path === '/writing-past-limit') {
        await write('under way', LIMIT_MS * 4);
      } else if (ctx.path === '/writing-forever') {
        await write('never ends', FINISH_MS * 3);
      }
      ctx.body = { success: true, message: 'Saved.' };
    });
    server = await new Promise<Server>((resolve) => {
      const s = koa.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('answers "nothing was saved" when no write began, and refuses the write that comes later', async () => {
    writes.length = 0;
    const res = await fetch(`${url}/slow-before-writing`, { method: 'POST' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, message: DEADLINE_MESSAGES.NOTHING_SAVED, code: 'BUSY' });
    // The handler goes on in the background and reaches its write well after this.
    await sleep(LIMIT_MS * 8);
    expect(writes).toEqual([]);
  });

  it('lets a write that began before the limit finish and answer its real result', async () => {
    writes.length = 0;
    const res = await fetch(`${url}/writing-past-limit`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Saved.' });
    expect(writes).toEqual(['under way']);
  });

  it('past the extra budget, says the change may be saved (and that the same key is safe)', async () => {
    const plain = await fetch(`${url}/writing-forever`, { method: 'POST' });
    expect(plain.status).toBe(503);
    expect(((await plain.json()) as { message: string }).message).toBe(DEADLINE_MESSAGES.UNCONFIRMED);
    const keyed = await fetch(`${url}/writing-forever`, { method: 'POST', headers: { 'Idempotency-Key': 'key-12345678' } });
    expect(((await keyed.json()) as { message: string }).message).toBe(DEADLINE_MESSAGES.UNCONFIRMED_WITH_KEY);
  }, 30_000);
});
