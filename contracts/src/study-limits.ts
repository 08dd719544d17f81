// Study sync's header name and limits, apart from the schemas in study-space.ts: the device's
// sync code needs only these, and importing them does not bring zod into its chunk.

/** The header that carries a space's write credential. */
export const SPACE_CREDENTIAL_HEADER = 'space-credential';

export const STUDY_LIMITS = {
  /** A sealed record's text; a long note with room to spare. */
  RECORD_MAX_CHARS: 64 * 1024,
  /** Records in one write: the server keeps a write as one document (a change number). */
  WRITE_MAX_RECORDS: 500,
  /** The sealed text of one write together, so its document stays well under a database's 16 MB. */
  WRITE_MAX_CHARS: 8 * 1024 * 1024,
  /** Records in one page of the feed (whole writes: a page holds at least one, whatever its size). */
  PAGE_MAX_CHANGES: 2000,
  /** The sealed text of one page, past which it ends (after at least one write). */
  PAGE_MAX_CHARS: 8 * 1024 * 1024,
  /** What one space may hold, live records' sealed text together. */
  QUOTA_BYTES: 20 * 1024 * 1024,
  QUOTA_RECORDS: 50_000,
} as const;
