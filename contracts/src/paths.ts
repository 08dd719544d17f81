// Every API path, once: the contracts' route table, the backend's routers and the PWA's calls all
// read them from here. No zod here, so the PWA imports it without the schema library.
export const API_PATHS = {
  health: '/api/health',
  // Public reading and comments.
  listArticles: '/api/articles/all',
  getArticle: '/api/articles/:id',
  /** One stored image file (`<hash>-<width>.<ext>`, see images.ts). */
  imageFile: '/api/images/:file',
  listComments: '/api/articles/comments',
  addComment: '/api/articles/add-comment',
  schedule: '/api/schedule',
  articleFeed: '/api/sync/articles',
  commentFeed: '/api/sync/comments',
  // Accounts.
  register: '/api/admin/register',
  login: '/api/admin/login',
  // The admin area.
  dashboard: '/api/admin/dashboard',
  articles: '/api/admin/articles',
  articleRevisions: '/api/admin/articles/:id/revisions',
  articleRevision: '/api/admin/articles/:id/revisions/:n',
  addArticle: '/api/articles/add',
  deleteArticle: '/api/articles/delete',
  togglePublish: '/api/articles/toggle-publish',
  comments: '/api/admin/comments',
  approveComment: '/api/admin/comments/approve',
  deleteComment: '/api/admin/comments/delete',
  users: '/api/admin/users',
  deleteUser: '/api/admin/delete',
  approveUser: '/api/admin/approve',
  saveLesson: '/api/lessons/save',
  deleteLesson: '/api/lessons/delete',
  importLessons: '/api/lessons/import',
  // The daily texts (daily-schema.ts): a window of dates to read, and the admin writes.
  dailyTexts: '/api/daily',
  saveDailyText: '/api/daily/save',
  deleteDailyText: '/api/daily/delete',
  importDailyTexts: '/api/daily/import',
  previewLink: '/api/admin/articles/preview-link',
  // The admin screens' pages (admin-pages.ts); the full lists above stay for older clients.
  articlePage: '/api/admin/article-page',
  commentPage: '/api/admin/comment-page',
  userPage: '/api/admin/user-page',
  // The admin view by change (admin-changes.ts): what an admin device syncs.
  adminChanges: '/api/admin/changes',
  // Study sync spaces (study-space.ts): the same path, a call per method.
  createSpace: '/api/study/spaces/:space',
  removeSpace: '/api/study/spaces/:space',
  writeRecords: '/api/study/spaces/:space/records',
  spaceChanges: '/api/study/spaces/:space/changes',
  // Web Push reminders (reminders.ts): the server's public key, and a device's choices.
  reminderKey: '/api/reminders/key',
  saveReminder: '/api/reminders/subscriptions/:id',
  removeReminder: '/api/reminders/subscriptions/:id',
} as const;


/** Every path the server answers starts with this; anything else is the PWA's own pages. */
export const API_PREFIX = '/api/';

/** The path of one article's revisions, or of one of them. */
export function revisionsPath(id: string, n?: number): string {
  const list = API_PATHS.articleRevisions.replace(':id', encodeURIComponent(id));
  return n === undefined ? list : `${list}/${n}`;
}

/** A study space's path (`:space` filled in); `tail` adds `/records` or `/changes`. */
export function spacePath(space: string, tail: '' | '/records' | '/changes' = ''): string {
  return `${API_PATHS.createSpace.replace(':space', encodeURIComponent(space))}${tail}`;
}

/** The path of one article (the `:id` of `getArticle` filled in). */
export function articlePath(id: string): string {
  return API_PATHS.getArticle.replace(':id', encodeURIComponent(id));
}
