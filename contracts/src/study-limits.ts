// Study sync's header name and limits, apart from the schemas in study-space.ts: the device's
// sync code needs only these, and importing them does not bring zod into its chunk.

/** The header that carries a space's write credential. */
export const SPACE_CREDENTIAL_HEADER = 'space-credential';

export const STUDY_LIMITS = {
  /** A sealed record's text; a long note with room to spare. */
  RECORD_MAX_CHARS: 64 * 1024,
  /** Records in one write. */
  WRITE_MAX_RECORDS: 100,
  /** Changes in one page of the feed. */
  PAGE_MAX_CHANGES: 500,
  /** What one space may hold, live records' sealed text together. */
  QUOTA_BYTES: 20 * 1024 * 1024,
  QUOTA_RECORDS: 50_000,
} as const;
