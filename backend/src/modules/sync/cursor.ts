// Feed cursors carry the database's epoch: `<epoch>.<change number>`. A cursor made by another
// database (a restored backup, a replaced server) says nothing about this one's numbers, so such a
// device is told to start over (`reset`) instead of skipping changes. `0` or none: from the start.

export interface ParsedCursor {
  since: number;
  /** The cursor came from another database: answer from the start, and say so. */
  reset: boolean;
}

export function formatCursor(epoch: string, seq: number): string {
  return `${epoch}.${seq}`;
}

/** `since` has passed the contract's pattern (syncQuerySchema). */
export function parseCursor(since: string | undefined, epoch: string): ParsedCursor {
  if (since === undefined || since === '0') return { since: 0, reset: false };
  const dot = since.indexOf('.');
  // A bare number predates epochs in cursors: which database it came from is unknown.
  if (dot < 0 || since.slice(0, dot) !== epoch) return { since: 0, reset: true };
  return { since: Number(since.slice(dot + 1)), reset: false };
}
