// One mongoose connection per app. Commands are not buffered while disconnected, so a request
// made while the database is down fails fast with a clear error instead of hanging.
import mongoose from 'mongoose';

export const DB_SERVER_SELECTION_TIMEOUT_MS = 5_000;

export async function connectDatabase(uri: string): Promise<mongoose.Connection> {
  const connection = mongoose.createConnection(uri, {
    bufferCommands: false,
    serverSelectionTimeoutMS: DB_SERVER_SELECTION_TIMEOUT_MS,
    socketTimeoutMS: 30_000,
    // FerretDB 1.24 has no retryable-write support worth relying on; our writes are idempotent.
    retryWrites: false,
    autoIndex: true,
  });
  await connection.asPromise();
  return connection;
}

export async function isDatabaseReachable(connection: mongoose.Connection): Promise<boolean> {
  try {
    await connection.db?.admin().ping({ maxTimeMS: 2_000 });
    return true;
  } catch {
    return false;
  }
}
