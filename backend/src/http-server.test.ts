// Connections are not held for nothing. A connection that sends nothing, one that
// sends its headers a byte at a time, one that trickles its body, and a kept-alive one after its
// answer are all closed once their limit passes (small limits here; DEFAULT_SERVER_LIMITS in use),
// and past the connection cap a new connection is closed at once while the others still work.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from './config.ts';

/** Well under the defaults' minute, well over the small limits below (the machine may be busy). */
const CLOSED_WITHIN_MS = 5_000;

interface Raw {
  socket: net.Socket;
  received: () => string;
  closed: Promise<number>;
}

/** A raw connection: what it received, and when it was closed (ms after it opened). */
function connect(url: string): Promise<Raw> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const opened = performance.now();
    let data = '';
    const socket = net.connect(Number(port), hostname);
    const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now() - opened)));
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

async function closedWithin(raw: Raw, ms: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(Infinity), ms)));
  const at = await Promise.race([raw.closed, late]);
  clearTimeout(timer);
  raw.socket.destroy();
  return at;
}

const SMALL: ServerLimits = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 200,
  idleTimeoutMs: 2_000,
  maxConnections: 50,
};

describe('connection limits', () => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp({ server: SMALL })));
  afterAll(() => app.close());

  it('keeps the defaults well below what held 1,500 idle sockets for a minute', () => {
    expect(DEFAULT_SERVER_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(20_000);
    expect(DEFAULT_SERVER_LIMITS.keepAliveTimeoutMs).toBeLessThanOrEqual(15_000);
    expect(DEFAULT_SERVER_LIMITS.maxConnections).toBeLessThan(1_500);
  });

  it('closes a connection that sends nothing, or its headers too slowly', async () => {
    const silent = await connect(app.url);
    const slow = await connect(app.url);
    slow.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => slow.socket.write('X-Drip: 1\r\n'), 100);
    const [silentAt, slowAt] = await Promise.all([
      closedWithin(silent, CLOSED_WITHIN_MS),
      closedWithin(slow, CLOSED_WITHIN_MS),
    ]);
    clearInterval(drip);
    for (const at of [silentAt, slowAt]) {
      expect(at).toBeGreaterThanOrEqual(SMALL.headersTimeoutMs - 50);
      expect(at).toBeLessThan(CLOSED_WITHIN_MS);
    }
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a request whose body trickles past the request time', async () => {
    const raw = await connect(app.url);
    raw.socket.write(
      'POST /api/admin/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const drip = setInterval(() => raw.socket.write(' '), 100);
    const at = await closedWithin(raw, CLOSED_WITHIN_MS);
    clearInterval(drip);
    expect(at).toBeGreaterThanOrEqual(SMALL.requestTimeoutMs - 50);
    expect(at).toBeLessThan(CLOSED_WITHIN_MS);
  });

  it('answers on a kept-alive connection, then lets it go once idle', async () => {
    const raw = await connect(app.url);
    raw.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const at = await closedWithin(raw, CLOSED_WITHIN_MS);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(raw.received()).toMatch(/keep-alive/i);
    expect(at).toBeLessThan(CLOSED_WITHIN_MS);
  });
});

describe('the connection cap', () => {
  let app: TestApp;
  const CAP = 3;
  // Long enough that only the cap can close a connection during the test.
  beforeAll(async () => (app = await startTestApp({ server: { ...DEFAULT_SERVER_LIMITS, maxConnections: CAP } })));
  afterAll(() => app.close());

  it('closes connections past the cap at once, and serves again when one ends', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => connect(app.url)));
    const extra = await connect(app.url);
    expect(await closedWithin(extra, CLOSED_WITHIN_MS)).toBeLessThan(CLOSED_WITHIN_MS);
    let stillOpen = 0;
    for (const raw of held) if (!raw.socket.destroyed) stillOpen += 1;
    expect(stillOpen).toBe(CAP);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    const next = await connect(app.url);
    next.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await closedWithin(next, CLOSED_WITHIN_MS);
    expect(next.received()).toMatch(/^HTTP\/1\.1 200/);
    for (const raw of held) raw.socket.destroy();
  });
});
