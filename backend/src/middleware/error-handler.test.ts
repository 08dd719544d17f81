import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { errorHandler } from './error-handler.ts';

describe('errorHandler: what a 5xx leaves in the log', () => {
  const logged: unknown[][] = [];
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const koa = new Koa();
    koa.use(errorHandler({ log: (...args) => logged.push(args) }));
    koa.use((ctx) => {
      if (ctx.path === '/busy') throw new HttpError('BUSY', 'Busy right now. Please try again.', {}, { 'Retry-After': '2' });
      throw new Error('a fault in our code');
    });
    server = await new Promise<Server>((resolve) => {
      const s = koa.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('logs a BUSY refusal as one line, without a stack', async () => {
    logged.length = 0;
    const res = await fetch(`${url}/busy`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({ success: false, message: 'Busy right now. Please try again.', code: 'BUSY' });
    expect(logged).toEqual([['[api] GET /busy 503 BUSY: Busy right now. Please try again.']]);
  });

  it('still logs a fault with its stack', async () => {
    logged.length = 0;
    const res = await fetch(`${url}/fault`);
    expect(res.status).toBe(500);
    expect(logged).toHaveLength(1);
    const error = logged[0]!.find((part) => part instanceof Error) as Error;
    expect(error.stack).toContain('a fault in our code');
  });
});
