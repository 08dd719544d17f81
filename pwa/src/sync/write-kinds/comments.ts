// Comment writes: a visitor's comment, and an admin approving or deleting one. None of them merges
// with another queued write (the outbox's coalescing): a comment is posted once and never edited,
// and approving or deleting one is a single small step, not a whole record a later write replaces.
import type { AddCommentRequest } from '@fw/contracts';
import { API_PATHS } from '@fw/contracts/paths';
import { db } from '../../db/db.ts';
import { defineKinds } from './kind.ts';

export const COMMENT_KINDS = defineKinds({
  addComment: {
    endpoint: { method: 'POST', path: API_PATHS.addComment, admin: false },
    tables: () => [db.comments],
    async optimistic(_recordId, body) {
      const c = body as unknown as AddCommentRequest & { _id: string };
      await db.comments.put({
        _id: c._id,
        article: c.article,
        name: c.name,
        content: c.content,
        createdAt: new Date().toISOString(),
        isApproved: false,
        pending: 1,
        own: 1,
      });
    },
    // Still waiting for an administrator: it stays visible to its author, no longer pending.
    confirmed: (recordId) => db.comments.update(recordId, { pending: undefined }).then(() => undefined),
    forget: (recordId) => db.comments.delete(recordId),
    // The server's approved copy of a new comment is the same comment: the feed may replace it.
    heldIds: () => [],
  },
  approveComment: {
    endpoint: { method: 'PUT', path: API_PATHS.approveComment, admin: true },
    tables: () => [db.adminComments],
    optimistic: (recordId) => db.adminComments.update(recordId, { isApproved: true, status: 'approved', pending: 1 }).then(() => undefined),
    confirmed: (recordId) => db.adminComments.update(recordId, { pending: undefined }).then(() => undefined),
  },
  deleteComment: {
    endpoint: { method: 'DELETE', path: API_PATHS.deleteComment, admin: true },
    tables: () => [db.adminComments, db.comments],
    async optimistic(recordId) {
      await db.adminComments.delete(recordId);
      await db.comments.delete(recordId);
    },
    supersedesFeed: true,
    alreadyDone: ['NOT_FOUND'],
  },
});
