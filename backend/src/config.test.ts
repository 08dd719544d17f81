import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_QUEUE_MAX,
  DEFAULT_PASSWORD_QUEUE_MAX,
  DEFAULT_PASSWORD_THREADS,
  DEFAULT_RATE_LIMITS,
  DEFAULT_SERVER_LIMITS,
  loadConfig,
  parseRateLimit,
} from './config.ts';

const FALLBACK = { limit: 3, windowMs: 1000 };
const BASE_ENV = { MONGODB_URI: 'mongodb://127.0.0.1:1/x', JWT_SECRET: 'x'.repeat(32) };

describe('the picture queue from the environment', () => {
  it('defaults, reads IMAGE_QUEUE_MAX, and refuses a bad value naming the variable', () => {
    expect(loadConfig(BASE_ENV).images).toEqual({ queueMax: DEFAULT_IMAGE_QUEUE_MAX });
    expect(loadConfig({ ...BASE_ENV, IMAGE_QUEUE_MAX: '0' }).images).toEqual({ queueMax: 0 });
    expect(() => loadConfig({ ...BASE_ENV, IMAGE_QUEUE_MAX: '-1' })).toThrow('IMAGE_QUEUE_MAX');
  });
});

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
    const config = loadConfig({
      ...BASE_ENV,
      RATE_LIMIT_LOGIN: '2/1000',
      RATE_LIMIT_REGISTER: '3',
      RATE_LIMIT_COMMENT: '4/5000',
      RATE_LIMIT_ANON_KEYS: '6000',
      RATE_LIMIT_SPACE_CREATE: '7/8000',
      RATE_LIMIT_SPACE_WRITE: '9',
      RATE_LIMIT_REMINDER: '11/12000',
    });
    expect(config.rateLimits).toEqual({
      login: { limit: 2, windowMs: 1000 },
      register: { limit: 3, windowMs: DEFAULT_RATE_LIMITS.register.windowMs },
      comment: { limit: 4, windowMs: 5000 },
      anonKeys: { limit: 6000, windowMs: DEFAULT_RATE_LIMITS.anonKeys.windowMs },
      spaceCreate: { limit: 7, windowMs: 8000 },
      spaceWrite: { limit: 9, windowMs: DEFAULT_RATE_LIMITS.spaceWrite.windowMs },
      reminder: { limit: 11, windowMs: 12000 },
    });
  });
});

describe('reminders from the environment', () => {
  const pair = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) };

  it('takes the VAPID pair, subject, push hosts and check interval, each optional', () => {
    expect(loadConfig(BASE_ENV).reminders).toEqual({});
    const config = loadConfig({ ...BASE_ENV, ...pair, VAPID_SUBJECT: 'mailto:ops@example.org', PUSH_SERVICE_HOSTS: 'Push.Example.org, *.push.example', REMINDER_CHECK_MS: '1000' });
    expect(config.reminders).toEqual({
      vapid: { publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY },
      subject: 'mailto:ops@example.org',
      pushHosts: ['push.example.org', '*.push.example'],
      checkMs: 1000,
    });
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'],
    [{ ...pair, VAPID_PRIVATE_KEY: 'short' }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'],
    [{ VAPID_SUBJECT: 'ops@example.org' }, 'VAPID_SUBJECT'],
    [{ REMINDER_CHECK_MS: '5' }, 'REMINDER_CHECK_MS'],
  ])('refuses %o naming the variable', (env, name) => {
    expect(() => loadConfig({ ...BASE_ENV, ...env })).toThrow(name);
  });
});

describe('the site address (PUBLIC_URL)', () => {
  const PRODUCTION = { ...BASE_ENV, NODE_ENV: 'production' };

  it('is required in production, like JWT_SECRET', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(/PUBLIC_URL must be set in production/);
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: ' ' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'https://family.example.org/' }).publicUrl).toBe(
      'https://family.example.org',
    );
  });

  it('defaults to the listening address in development', () => {
    expect(loadConfig(BASE_ENV).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ ...BASE_ENV, HOST: '0.0.0.0', PORT: '3000' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ ...BASE_ENV, HOST: '192.168.1.20', PORT: '80' }).publicUrl).toBe('http://192.168.1.20');
    expect(loadConfig({ ...BASE_ENV, HOST: 'fd00::1', PORT: '8080' }).publicUrl).toBe('http://[fd00::1]:8080');
  });

  it.each([
    'family.example.org',
    'ftp://family.example.org',
    'https://family.example.org/app',
    'https://family.example.org/?x=1',
    'https://user:pw@family.example.org',
    'javascript:alert(1)',
  ])('refuses %j', (value) => {
    expect(() => loadConfig({ ...BASE_ENV, PUBLIC_URL: value })).toThrow(/PUBLIC_URL must be the address/);
  });
});

describe('connection limits', () => {
  it('default to values for a phone on a slow line, and read each variable', () => {
    expect(loadConfig(BASE_ENV).server).toEqual(DEFAULT_SERVER_LIMITS);
    const config = loadConfig({
      ...BASE_ENV,
      SERVER_HEADERS_TIMEOUT_MS: '5000',
      SERVER_REQUEST_TIMEOUT_MS: '30000',
      SERVER_KEEP_ALIVE_TIMEOUT_MS: '2000',
      SERVER_IDLE_TIMEOUT_MS: '40000',
      SERVER_MAX_CONNECTIONS: '50',
    });
    expect(config.server).toEqual({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 30000,
      keepAliveTimeoutMs: 2000,
      idleTimeoutMs: 40000,
      maxConnections: 50,
    });
  });

  it('refuses nonsense, naming the variable', () => {
    expect(() => loadConfig({ ...BASE_ENV, SERVER_MAX_CONNECTIONS: '0' })).toThrow(/SERVER_MAX_CONNECTIONS/);
    expect(() => loadConfig({ ...BASE_ENV, SERVER_HEADERS_TIMEOUT_MS: 'soon' })).toThrow(/SERVER_HEADERS_TIMEOUT_MS/);
    expect(() =>
      loadConfig({ ...BASE_ENV, SERVER_HEADERS_TIMEOUT_MS: '9000', SERVER_REQUEST_TIMEOUT_MS: '8000' }),
    ).toThrow(/SERVER_HEADERS_TIMEOUT_MS must not be more/);
  });
});

describe('the scheduled-publishing check', () => {
  it('is left to its default unless PUBLISH_CHECK_MS says, and refuses nonsense naming it', () => {
    expect(loadConfig(BASE_ENV).publishCheckMs).toBeUndefined();
    expect(loadConfig({ ...BASE_ENV, PUBLISH_CHECK_MS: '1000' }).publishCheckMs).toBe(1000);
    for (const value of ['50', '600000', 'soon']) {
      expect(() => loadConfig({ ...BASE_ENV, PUBLISH_CHECK_MS: value })).toThrow(/PUBLISH_CHECK_MS/);
    }
  });
});

describe('proxies in front (TRUST_PROXY, TRUSTED_PROXY_HOPS)', () => {
  it('trusts one hop unless TRUSTED_PROXY_HOPS says, and refuses nonsense naming it', () => {
    expect(loadConfig({ ...BASE_ENV, TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, trustedProxyHops: 1 });
    expect(loadConfig({ ...BASE_ENV, TRUST_PROXY: 'true', TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2);
    for (const value of ['0', 'two', '-1', '1.5']) {
      expect(() => loadConfig({ ...BASE_ENV, TRUSTED_PROXY_HOPS: value })).toThrow(/TRUSTED_PROXY_HOPS/);
    }
  });
});
