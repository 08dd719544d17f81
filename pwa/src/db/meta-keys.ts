// The meta-table keys the sync writes and the screens read (status line, admin lists), in a
// module of their own so a screen can read them without loading the device database or the sync engine.
export const META = {
  ARTICLES_CURSOR: 'cursor:articles',
  COMMENTS_CURSOR: 'cursor:comments',
  SCHEDULE_ETAG: 'etag:schedule',
  /** The daily texts' last answer: its ETag and the window it was for ({ etag, from, to }). */
  DAILY_WINDOW: 'daily:window',
  /** When this device first kept daily texts (ms): the home card shows only texts kept before the page loaded. */
  DAILY_KEPT_SINCE: 'daily:since',
  LAST_SYNCED_AT: 'lastSyncedAt',
  /** Set while the first article sync runs: { total } from the feed's first page (null if not told). */
  FIRST_SYNC: 'firstSync',
} as const;

/** The last sync error a person should see (null when the last round went well or was offline). */
export const SYNC_ERROR_KEY = 'syncError';

/** When the admin's view was last filled (absent until the first pull after login). */
export const ADMIN_SYNCED_AT = 'adminSyncedAt';
/** Where the admin's view stands in the admin change feed (absent: it starts from the beginning). */
export const ADMIN_CURSOR = 'cursor:admin';
/** Where a device's first walk of the admin change feed, newest change first, goes on (pull-admin.ts). */
export const ADMIN_WALK = 'cursor:admin-walk';
/** The server's counts as the walk's last page gave them, shown until the walk ends (pull-admin.ts). */
export const ADMIN_WALK_COUNTS = 'adminWalkCounts';
/** A cursor to read the admin change feed from again once the outbox holds nothing (pull-admin.ts). */
export const ADMIN_REPLAY_FROM = 'cursor:admin-replay';
