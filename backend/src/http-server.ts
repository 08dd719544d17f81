// The HTTP server under the app, with the limits of config.ts's ServerLimits:
// without them Node held a connection that sent nothing for 60-90 s and had no cap on how many,
// so anyone could hold the server's sockets open (1,500 idle ones were held for a minute).
import http from 'node:http';
import { DEFAULT_SERVER_LIMITS, type ServerLimits, type ShutdownTimes } from './config.ts';
import type { Readiness } from './modules/health/health.routes.ts';

/** How often Node checks for requests past their time: a fraction of the shortest limit. */
function checkingIntervalMs(limits: ServerLimits): number {
  return Math.min(5_000, Math.max(50, Math.floor(limits.headersTimeoutMs / 4)));
}

/** Answers not yet finished, per server: a drain marks them to close their connection. */
const answering = new WeakMap<http.Server, Set<http.ServerResponse>>();
/** Servers being drained: every answer from then on closes its connection. */
const draining = new WeakSet<http.Server>();

/** A server answering with `handler` (set later with `server.on('request', …)` when absent). */
export function createHttpServer(
  limits: ServerLimits = DEFAULT_SERVER_LIMITS,
  handler?: http.RequestListener,
): http.Server {
  const server = http.createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: checkingIntervalMs(limits),
  });
  const live = new Set<http.ServerResponse>();
  answering.set(server, live);
  // First of the request listeners: Koa writes its answer a tick later, with this header on it.
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining.has(server)) res.setHeader('connection', 'close');
    live.add(res);
    res.once('close', () => live.delete(res));
  });
  if (handler) server.on('request', handler);
  // A socket with no byte moving for this long is closed (e.g. a client that stopped reading).
  server.setTimeout(limits.idleTimeoutMs, (socket) => socket.destroy());
  server.maxConnections = limits.maxConnections;
  return server;
}

export function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * A graceful stop behind a load balancer (SIGTERM): say not ready (the health route answers 503),
 * keep answering for `graceMs` while the balancer's checks notice, with every answer closing its
 * connection so kept-alive clients reconnect elsewhere; then stop accepting and wait for the
 * requests in flight (at most `limitMs`). Resolves once every connection is closed.
 */
export async function drain(server: http.Server, readiness: Readiness, times: ShutdownTimes): Promise<void> {
  readiness.ready = false;
  draining.add(server);
  for (const res of answering.get(server) ?? []) if (!res.headersSent) res.setHeader('connection', 'close');
  await new Promise((resolve) => setTimeout(resolve, times.graceMs));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const late = setTimeout(() => server.closeAllConnections(), times.limitMs);
  await closed;
  clearTimeout(late);
}
