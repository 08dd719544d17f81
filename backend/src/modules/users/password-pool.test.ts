import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../errors.ts';
import { passwordPool, PASSWORD_BUSY_MESSAGE, PASSWORD_BUSY_RETRY_AFTER_S, type PasswordPool } from './password-pool.ts';

/** Cheap hashes: these tests are about the pool, not bcrypt's strength. */
const COST = 4;

describe('passwordPool', () => {
  let pool: PasswordPool | undefined;
  afterEach(() => pool?.close());

  it('hashes and checks as bcryptjs does, so hashes stored before the pool keep working', async () => {
    pool = passwordPool({ threads: 2, queueMax: 4 });
    const hash = await pool.hash('correct horse', COST);
    expect(bcrypt.getRounds(hash)).toBe(COST);
    expect(await bcrypt.compare('correct horse', hash)).toBe(true);
    const older = await bcrypt.hash('stored long ago', COST);
    expect(await pool.compare('stored long ago', older)).toBe(true);
    expect(await pool.compare('not it', older)).toBe(false);
  });

  it('refuses a job past the queue at once with BUSY and Retry-After, and runs the others', async () => {
    pool = passwordPool({ threads: 1, queueMax: 1 });
    const running = pool.hash('first', COST);
    const waiting = pool.hash('second', COST);
    const refused = await pool.hash('third', COST).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, code: 'BUSY', message: PASSWORD_BUSY_MESSAGE });
    expect((refused as HttpError).headers).toEqual({ 'Retry-After': String(PASSWORD_BUSY_RETRY_AFTER_S) });
    expect(await bcrypt.compare('first', await running)).toBe(true);
    expect(await bcrypt.compare('second', await waiting)).toBe(true);
    // Room again once the queue has drained.
    expect(await pool.compare('first', await running)).toBe(true);
  });

  it('refuses what is still waiting when closed, and anything after', async () => {
    pool = passwordPool({ threads: 1, queueMax: 4 });
    const running = pool.hash('first', COST).catch((error: unknown) => error);
    const waiting = pool.hash('second', COST).catch((error: unknown) => error);
    await pool.close();
    expect(await waiting).toMatchObject({ message: 'The password pool is closed.' });
    expect(await running).toBeInstanceOf(Error);
    await expect(pool.hash('third', COST)).rejects.toThrow('The password pool is closed.');
  });

  it('never keeps a process alive: one that hashes and forgets the pool exits by itself', async () => {
    const poolUrl = new URL('./password-pool.ts', import.meta.url).href;
    const script = `const { passwordPool } = await import(${JSON.stringify(poolUrl)});
      console.log(await passwordPool({ threads: 2 }).hash('x', ${COST}));`;
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      timeout: 20_000,
    });
    const { stdout } = await run;
    expect(stdout.trim()).toMatch(/^\$2[aby]\$04\$/);
  });
});
