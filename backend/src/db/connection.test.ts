// The health check and the watchdog (connection.ts) ask the database with a ping; a ping the
// client never settles must still come back as "not reachable", within a few seconds.
import type mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { isDatabaseReachable } from './connection.ts';

/** A connection whose pings answer as `ping` does. */
const answering = (ping: () => Promise<unknown>) =>
  ({ db: { admin: () => ({ ping }) } }) as unknown as mongoose.Connection;

describe('isDatabaseReachable', () => {
  it('says yes when the ping answers', async () => {
    expect(await isDatabaseReachable(answering(async () => ({ ok: 1 })))).toBe(true);
  });

  it('says no when the ping fails', async () => {
    expect(await isDatabaseReachable(answering(() => Promise.reject(new Error('closed'))))).toBe(false);
  });

  it('says no within a few seconds when the ping is never answered', async () => {
    const started = Date.now();
    expect(await isDatabaseReachable(answering(() => new Promise(() => {})))).toBe(false);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('says no before the connection has a database', async () => {
    expect(await isDatabaseReachable({ db: undefined } as unknown as mongoose.Connection)).toBe(false);
  });
});
