// The HTTP server under the app, with the limits of config.ts's ServerLimits (issue 21, L7):
// without them Node held a connection that sent nothing for 60-90 s and had no cap on how many,
// so anyone could hold the server's sockets open (1,500 idle ones were held for a minute).
import http from 'node:http';
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from './config.ts';

/** How often Node checks for requests past their time: a fraction of the shortest limit. */
function checkingIntervalMs(limits: ServerLimits): number {
  return Math.min(5_000, Math.max(50, Math.floor(limits.headersTimeoutMs / 4)));
}

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
