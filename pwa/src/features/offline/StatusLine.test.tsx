// The status line on every screen: offline is said as offline, never as an error; a round that
// failed while the browser is online (the server's reason, or that it cannot be reached) is said
// with Retry, which starts a round.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setMeta } from '../../db/db.ts';
import { SYNC_ERROR_KEY } from '../../db/meta-keys.ts';
import { resetDb } from '../../../test/reset-db.ts';
import { StatusLine } from './StatusLine.tsx';

const requestSync = vi.fn(() => Promise.resolve());
vi.mock('../../sync/engine.ts', () => ({ requestSync: () => requestSync() }));

let online = true;
beforeEach(async () => {
  await resetDb();
  online = true;
  requestSync.mockClear();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the status line', () => {
  it('says why the last round failed and offers Retry, which syncs again', async () => {
    await setMeta(SYNC_ERROR_KEY, 'The server cannot be reached right now.');
    render(<StatusLine />);
    const line = await screen.findByTestId('status-line');
    expect(line.textContent).toContain('Could not sync: The server cannot be reached right now.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requestSync).toHaveBeenCalledTimes(1));
  });

  it('says offline, not the last error, while the browser is offline', async () => {
    online = false;
    await setMeta(SYNC_ERROR_KEY, 'The server cannot be reached right now.');
    render(<StatusLine />);
    expect(await screen.findByText(/Offline: showing what this device has saved/)).toBeTruthy();
    expect(screen.getByTestId('status-line').textContent).not.toContain('Could not sync');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
