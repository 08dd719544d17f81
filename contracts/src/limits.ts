// Bounds, patterns and header names: plain constants with no schema library, so the PWA can
// import them without bundling zod.

export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

/** Server-side bounds (the screens show none; the server still needs them). */
export const LIMITS = {
  COMMENT_NAME_MAX_CHARS: 80,
  COMMENT_TEXT_MAX_CHARS: 2000,
  ARTICLE_TITLE_MAX_CHARS: 200,
  ARTICLE_SUBTITLE_MAX_CHARS: 200,
  /** Content as sent, pasted pictures included as data URLs (three phone photos fit). */
  ARTICLE_CONTENT_MAX_BYTES: 32 * 1024 * 1024,
  /** Content as stored, once its pictures are files (modules/images): what every device syncs. */
  ARTICLE_STORED_CONTENT_MAX_BYTES: 8 * 1024 * 1024,
  /** A JSON body may hold a 32 MB article plus its JSON-string escaping. */
  REQUEST_BODY_MAX_BYTES: 34 * 1024 * 1024,
  USER_NAME_MAX_CHARS: 100,
  EMAIL_MAX_CHARS: 254,
  PASSWORD_MIN_CHARS: 8,
  /** What login accepts (accounts made before the byte limit keep logging in). */
  PASSWORD_MAX_CHARS: 200,
  /** bcrypt reads only this many bytes of a password (UTF-8); registration refuses longer ones. */
  PASSWORD_MAX_BYTES: 72,
  SYNC_PAGE_MAX_ITEMS: 2000,
  /** A feed page when none is asked for, and the comment pages a device asks for. */
  SYNC_PAGE_DEFAULT_ITEMS: 200,
  /** The article pages a device asks for, read and written as they arrive (pwa/src/sync/feed-stream.ts). */
  SYNC_ARTICLE_PAGE_ITEMS: 2000,
  LESSON_TITLE_MAX_CHARS: 200,
  LESSON_TEXT_MAX_CHARS: 4000,
  /** Extra title/text pairs beside the main topic (a lesson has at most five topics). */
  LESSON_EXTRA_TOPICS_MAX: 4,
  /** Rows in one import: a year of weekly lessons with room for special days, several times over. */
  LESSON_IMPORT_MAX_ROWS: 400,
} as const;

/** The header names the API reads. */
export const HEADERS = {
  IDEMPOTENCY_KEY: 'Idempotency-Key',
  TOKEN: 'token',
} as const;

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** How many rows the admin dashboard's "Recent Articles" shows (server call and the device alike). */
export const DASHBOARD_RECENT_ARTICLES = 5;

/** The most changes one page of the admin change feed holds (each article is read whole). */
export const ADMIN_CHANGES_MAX_ITEMS = 200;
