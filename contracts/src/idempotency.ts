// Which answer to a write sent with an Idempotency-Key is kept and replayed to a retry of the same
// key, and which is not (the retry then runs again). One rule, read by the server's key layer
// (backend/src/middleware/idempotency.ts) and by the scripted server the PWA's sync tests run
// against, so the two cannot drift apart.

/** Answers that ask the client to try again later (log in, slow down): never replayed. */
const RETRY_LATER_STATUSES: ReadonlySet<number> = new Set([401, 403, 408, 429]);

/** The fields of a compact refusal; anything more (the server's copy in a 409) is fresh data. */
const COMPACT_REFUSAL_FIELDS: ReadonlySet<string> = new Set(['success', 'message', 'code']);

/**
 * True when an answer with this status and JSON body is kept for replay: a success, or a compact
 * refusal that a retry would get again (400, 404, 409 without a copy). Server errors, answers that
 * ask for a retry, and refusals carrying the server's current copy (a retry must see the copy as
 * it is then) are not kept.
 */
export function isReplayedAnswer(status: number, body: unknown): boolean {
  if (status < 200 || status >= 500 || RETRY_LATER_STATUSES.has(status)) return false;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  if (status < 300) return true;
  return Object.keys(body).every((field) => COMPACT_REFUSAL_FIELDS.has(field));
}
