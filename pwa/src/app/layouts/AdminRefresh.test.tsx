// The refresh line above the admin lists says when the admin's view was last pulled; while a new
// device's first walk of it has stopped short (pull-admin.ts keeps the server's counts until it
// ends), the device holds only part of it, and the line does not claim it is fresh.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { db, setMeta } from '../../db/db.ts';
import { ADMIN_SYNCED_AT, ADMIN_WALK_COUNTS } from '../../db/meta-keys.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { AdminRefresh } from './AdminRefresh.tsx';

vi.mock('../../sync/engine.ts', () => ({ requestSync: () => Promise.resolve() }));

const SERVER_COUNTS = { articles: 502, published: 480, drafts: 20, scheduled: 2, commentsWaiting: 3, commentsApproved: 40, usersWaiting: 1, users: 9 };

beforeEach(async () => {
  await resetDb();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the admin refresh line', () => {
  it('says the view is not fully synced while the first walk has stopped short, and when it was once it has ended', async () => {
    // A page of the walk came a moment ago; the rest has not.
    await setMeta(ADMIN_SYNCED_AT, Date.now());
    await setMeta(ADMIN_WALK_COUNTS, SERVER_COUNTS);
    render(<AdminRefresh />);
    expect(await screen.findByText('Not fully synced yet')).toBeTruthy();
    expect(screen.queryByText(/^Last synced/)).toBeNull();

    // The walk reached its end (pull-admin.ts deletes the counts with the last page).
    await db.meta.delete(ADMIN_WALK_COUNTS);
    expect(await screen.findByText('Last synced a few seconds ago')).toBeTruthy();
  });
});
