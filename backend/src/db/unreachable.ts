// Whether an error means "the database could not be reached" (down, restarting, network cut), as
// opposed to a fault in a request or in our code. Such a refusal is a 503 with Retry-After: the
// client did nothing wrong and the same request will work once the database is back.
// Mongoose and the MongoDB driver name their connection errors; with `bufferCommands: false`
// (db/connection.ts) a command sent while disconnected fails at once with one of these.
const UNREACHABLE_NAMES = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoExpiredSessionError',
]);

/** Seconds a client should wait before retrying after the database was unreachable. */
export const DB_UNREACHABLE_RETRY_AFTER_S = 5;
export const DB_UNREACHABLE_MESSAGE =
  'The database cannot be reached right now. Please try again in a few seconds.';

/** The connection-closed text mongoose throws when a command is sent without a connection. */
const DISCONNECTED_TEXT = /Client must be connected|connection .* closed|Connection was force closed|buffering timed out/i;

/**
 * FerretDB on PostgreSQL stays up while PostgreSQL is away and answers InternalError (code 1) with
 * the driver's text, as seen here with the cluster stopped and restarting: "failed to connect to
 * `user=… database=…`: … dial error", "write failed: … broken pipe", and PostgreSQL's own "the
 * database system is shutting down / starting up" and "terminating connection due to
 * administrator command" (SQLSTATE 57P01-57P03).
 */
const BACKEND_AWAY_TEXT =
  /failed to connect to|dial error|broken pipe|connection reset by peer|connection refused|unexpected EOF|conn closed|the database system is (shutting down|starting up|in recovery mode)|terminating connection due to administrator command|SQLSTATE 57P0[123]/i;
const INTERNAL_ERROR_CODE = 1;

/**
 * The embedded database is a Unix socket (scripts/lib/db.mjs): when FerretDB stops, the driver can
 * let the socket's own error through unwrapped (seen: `Error: write EPIPE` from its writeCommand).
 * Handlers reach no other socket, so such an error on a request's path is the database going away.
 */
const SOCKET_AWAY_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ENOENT']);
const SOCKET_CALLS = new Set(['write', 'read', 'connect']);

/**
 * The driver answers an `insertMany` whose command failed as a whole with a MongoBulkWriteError (a
 * MongoServerError by class) that copies the command's error and keeps it as `errorResponse`
 * (db/batched-insert.ts sends such batches).
 */
const SERVER_ERROR_NAMES = new Set(['MongoServerError', 'MongoBulkWriteError']);

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { name, message, cause, code, syscall, errorResponse } = current as {
      name?: string; message?: string; cause?: unknown; code?: unknown; syscall?: unknown; errorResponse?: unknown;
    };
    if (typeof code === 'string' && SOCKET_AWAY_CODES.has(code) && typeof syscall === 'string' && SOCKET_CALLS.has(syscall)) return true;
    if (name && UNREACHABLE_NAMES.has(name)) return true;
    if (name?.startsWith('Mongo') && message && DISCONNECTED_TEXT.test(message)) return true;
    if (name && SERVER_ERROR_NAMES.has(name) && code === INTERNAL_ERROR_CODE && message && BACKEND_AWAY_TEXT.test(message)) return true;
    current = cause ?? (errorResponse instanceof Error ? errorResponse : undefined);
  }
  return false;
}
