// User writes: an admin approving (which makes the user an admin) or deleting a user. Each is a
// single step taken once, so neither merges with another queued write.
import { API_PATHS } from '@fw/contracts/paths';
import { db } from '../../db/db.ts';
import { defineKinds } from './kind.ts';

export const USER_KINDS = defineKinds({
  approveUser: {
    endpoint: { method: 'POST', path: API_PATHS.approveUser, admin: true },
    tables: () => [db.users],
    optimistic: (recordId) => db.users.update(recordId, { isApproved: true, role: 'admin', pending: 1 }).then(() => undefined),
    confirmed: (recordId) => db.users.update(recordId, { pending: undefined }).then(() => undefined),
  },
  deleteUser: {
    endpoint: { method: 'DELETE', path: API_PATHS.deleteUser, admin: true },
    tables: () => [db.users],
    optimistic: (recordId) => db.users.delete(recordId),
    alreadyDone: ['NOT_FOUND'],
  },
});
