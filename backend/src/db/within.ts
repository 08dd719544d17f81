// A database call awaited with a client-side limit. A command's maxTimeMS bounds the server's work
// only: seen here after FerretDB was stopped and started again under load, the driver left some
// commands (pings, inserts) unanswered for minutes (db/connection.ts, db/batched-insert.ts).

/** Settles as `promise` does, or rejects once `ms` have passed. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer from the database in ${ms} ms.`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
