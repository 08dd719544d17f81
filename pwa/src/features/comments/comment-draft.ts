// An unsent comment (name and text) kept per article while the reader is away from its page: a
// link followed, Back or Forward, a reload. Kept in sessionStorage keyed by the article's id, not
// in the history entry (lib/entry-state.ts): the entry's state is written with replaceState, and a
// comment typed is a burst of changes that browsers refuse past a limit (the same file says so of
// a search typed quickly); and the entry is one visit's, so the draft would not be there when the
// reader opens the article again by a link, from the home list or Saved. sessionStorage stays with
// the tab, reloads included, and goes with it: a shared family device does not keep one reader's
// half-written comment for the next. Cleared once the comment is posted or queued (CommentForm.tsx).
export interface CommentDraft {
  name: string;
  content: string;
}

const KEY_PREFIX = 'comment-draft:';
const EMPTY: CommentDraft = { name: '', content: '' };

/** The draft kept for `articleId`, or an empty one. Read defensively: it outlives this version of the app. */
export function readDraft(articleId: string): CommentDraft {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY_PREFIX + articleId) ?? 'null') as Partial<CommentDraft> | null;
    return {
      name: typeof kept?.name === 'string' ? kept.name : '',
      content: typeof kept?.content === 'string' ? kept.content : '',
    };
  } catch {
    return EMPTY;
  }
}

/** Keeps `draft` for `articleId`; an empty one is forgotten. */
export function keepDraft(articleId: string, draft: CommentDraft): void {
  try {
    if (!draft.name && !draft.content) sessionStorage.removeItem(KEY_PREFIX + articleId);
    else sessionStorage.setItem(KEY_PREFIX + articleId, JSON.stringify(draft));
  } catch {
    // Storage refused (full, or turned off): the form keeps working, only the draft is not kept.
  }
}
