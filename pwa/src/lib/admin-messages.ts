// The admin area's fixed wording (the product's confirmation questions) and our own fallbacks for a
// success the server answered without a message. Screens and browser tests import these.

const CONFIRM_DELETE_TITLE = 'Confirm Delete';
const CONFIRM_APPROVE_TITLE = 'Confirm Approve';

export const CONFIRM = {
  deleteArticle: { title: CONFIRM_DELETE_TITLE, text: 'Are you sure you want to delete this article?' },
  deleteComment: { title: CONFIRM_DELETE_TITLE, text: 'Are you sure you want to delete this comment?' },
  deleteUser: { title: CONFIRM_DELETE_TITLE, text: 'Are you sure you want to delete this user?' },
  deleteLesson: { title: CONFIRM_DELETE_TITLE, text: 'Are you sure you want to delete this lesson?' },
  deleteDailyText: { title: CONFIRM_DELETE_TITLE, text: 'Are you sure you want to delete this daily text?' },
  approveUser: {
    title: CONFIRM_APPROVE_TITLE,
    text: 'Are you sure you want to make this user an admin? NOTICE: THIS ACTION CANNOT BE UNDONE.',
  },
} as const;

/** Said under an admin's N/A in the Users table, where a user has a delete button. */
export const ADMIN_NOT_DELETABLE = 'Admins cannot be deleted';

/** Asked before leaving the editor with changes not saved (use-article-save.ts). */
export const LEAVE_UNSAVED = {
  title: 'Leave without saving?',
  text: 'Your changes to this article are not saved yet. Leave and lose them?',
  yesLabel: 'Leave',
  noLabel: 'Stay',
};

export const SUCCESS_FALLBACK = {
  created: 'Article created.',
  updated: 'Article updated.',
  published: 'Article published.',
  unpublished: 'Article unpublished.',
  deletedArticle: 'Article deleted.',
  approvedComment: 'Comment approved.',
  deletedComment: 'Comment deleted.',
  approvedUser: 'User approved as an admin.',
  deletedUser: 'User deleted.',
  savedLesson: 'Lesson saved.',
  deletedLesson: 'Lesson deleted.',
  importedLessons: 'Lessons imported.',
} as const;

/** The one sentence about an edit that crossed another admin's, in the panel and its toast. */
export const CONFLICT_SENTENCE = 'Someone else saved a newer version meanwhile: choose which one to keep.';
