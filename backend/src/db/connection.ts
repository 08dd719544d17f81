// One mongoose connection per app. Commands are not buffered while disconnected, so a request
// made while the database is down fails fast with a clear error instead of hanging.
import mongoose from 'mongoose';
import { within } from './within.ts';

const DB_SERVER_SELECTION_TIMEOUT_MS = 5_000;
/** How often the watchdog looks, and how long pings must fail before it suspects our own client. */
const DB_WATCHDOG_EVERY_MS = 5_000;
const DB_STUCK_AFTER_MS = 15_000;
const DB_PROBE_TIMEOUT_MS = 2_000;

const CONNECTION_OPTIONS: mongoose.ConnectOptions = {
  bufferCommands: false,
  serverSelectionTimeoutMS: DB_SERVER_SELECTION_TIMEOUT_MS,
  socketTimeoutMS: 30_000,
  // FerretDB 1.24 has no retryable-write support worth relying on; our writes are idempotent.
  retryWrites: false,
  autoIndex: true,
};

/** `monitorCommands` lets a test count the round trips a request makes (db/write-change.test.ts). */
export async function connectDatabase(
  uri: string,
  extra: Pick<mongoose.ConnectOptions, 'monitorCommands'> = {},
): Promise<mongoose.Connection> {
  const connection = mongoose.createConnection(uri, { ...CONNECTION_OPTIONS, ...extra });
  await connection.asPromise();
  watchForStuckClient(connection, uri);
  return connection;
}

export async function isDatabaseReachable(connection: mongoose.Connection): Promise<boolean> {
  try {
    await within(connection.db!.admin().ping({ maxTimeMS: DB_PROBE_TIMEOUT_MS }), DB_PROBE_TIMEOUT_MS + 500);
    return true;
  } catch {
    return false;
  }
}

/** Whether a brand-new client reaches the database (so the database itself is up). */
async function answersNewClient(uri: string): Promise<boolean> {
  const probe = mongoose.createConnection(uri, {
    ...CONNECTION_OPTIONS,
    serverSelectionTimeoutMS: DB_PROBE_TIMEOUT_MS,
    autoIndex: false,
  });
  probe.on('error', () => {});
  try {
    await within(probe.asPromise(), DB_PROBE_TIMEOUT_MS + 500);
    await within(probe.db!.admin().ping({ maxTimeMS: DB_PROBE_TIMEOUT_MS }), DB_PROBE_TIMEOUT_MS + 500);
    return true;
  } catch {
    return false;
  } finally {
    await within(probe.close(true), DB_PROBE_TIMEOUT_MS).catch(() => {});
  }
}

/**
 * Works around a hang in the MongoDB driver (seen with 7.8 against a FerretDB that was stopped
 * and started again under load): when the server closes the monitoring connection while a
 * heartbeat is being sent, that heartbeat never settles, the client never looks at the server
 * again, and every command fails server selection for good although the database is back; or
 * its commands go unanswered. When pings have failed (or gone unanswered: `within`) for
 * DB_STUCK_AFTER_MS but a new client reaches the database, the connection is closed and opened
 * again on the same URI (models and collections stay bound to it).
 */
function watchForStuckClient(connection: mongoose.Connection, uri: string): void {
  let failingSince: number | null = null;
  let busy = false;
  let reopening = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      if (await isDatabaseReachable(connection)) {
        failingSince = null;
        return;
      }
      failingSince ??= Date.now();
      if (Date.now() - failingSince < DB_STUCK_AFTER_MS || !(await answersNewClient(uri))) return;
      reopening = true;
      // Not close(true): mongoose refuses every command of a connection once force-closed, reopened or not.
      await within(connection.close(), DB_PROBE_TIMEOUT_MS).catch(() => {});
      await connection.openUri(uri, CONNECTION_OPTIONS);
      failingSince = null;
    } catch {
      // The next round looks again.
    } finally {
      reopening = false;
      busy = false;
    }
  }, DB_WATCHDOG_EVERY_MS);
  timer.unref();
  // Closed by the app (shutdown, end of a test): the watchdog goes too.
  connection.on('close', () => {
    if (!reopening) clearInterval(timer);
  });
}
