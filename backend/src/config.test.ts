import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, loadConfig, parseRateLimit } from './config.ts';
import { DEFAULT_PASSWORD_QUEUE_MAX, DEFAULT_PASSWORD_THREADS } from './modules/users/password-pool.ts';

const FALLBACK = { limit: 3, windowMs: 1000 };
const BASE_ENV = { MONGODB_URI: 'mongodb://127.0.0.1:1/x', JWT_SECRET: 'x'.repeat(32) };

describe('password hashing from the environment', () => {
  it('defaults to a thread per core and reads both variables', () => {
    expect(loadConfig(BASE_ENV).passwordHashing).toEqual({ threads: DEFAULT_PASSWORD_THREADS, queueMax: DEFAULT_PASSWORD_QUEUE_MAX });
    const config = loadConfig({ ...BASE_ENV, PASSWORD_HASH_THREADS: '3', PASSWORD_HASH_QUEUE_MAX: '0' });
    expect(config.passwordHashing).toEqual({ threads: 3, queueMax: 0 });
  });

  it.each([
    ['PASSWORD_HASH_THREADS', '0'],
    ['PASSWORD_HASH_THREADS', 'two'],
    ['PASSWORD_HASH_QUEUE_MAX', '-1'],
  ])('refuses %s=%j naming the variable', (name, value) => {
    expect(() => loadConfig({ ...BASE_ENV, [name]: value })).toThrow(name);
  });
});

describe('rate limits from the environment', () => {
  it.each([
    [undefined, FALLBACK],
    ['', FALLBACK],
    ['10/900000', { limit: 10, windowMs: 900_000 }],
    [' 7 / 60000 ', { limit: 7, windowMs: 60_000 }],
    ['7', { limit: 7, windowMs: 1000 }],
  ])('%j → %j', (value, expected) => {
    expect(parseRateLimit('RATE_LIMIT_LOGIN', value, FALLBACK)).toEqual(expected);
  });

  it.each(['0', '10/0', '-1', 'ten', '10/15m', '10/'])('refuses %j naming the variable', (value) => {
    expect(() => parseRateLimit('RATE_LIMIT_LOGIN', value, FALLBACK)).toThrow(/RATE_LIMIT_LOGIN/);
  });

  it('defaults every limit and reads each variable', () => {
    expect(loadConfig(BASE_ENV).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    const config = loadConfig({ ...BASE_ENV, RATE_LIMIT_LOGIN: '2/1000', RATE_LIMIT_REGISTER: '3', RATE_LIMIT_COMMENT: '4/5000' });
    expect(config.rateLimits).toEqual({
      login: { limit: 2, windowMs: 1000 },
      register: { limit: 3, windowMs: DEFAULT_RATE_LIMITS.register.windowMs },
      comment: { limit: 4, windowMs: 5000 },
    });
  });
});
