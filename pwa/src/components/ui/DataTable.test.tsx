// An admin table whose data is not coming (its first load failed) says why and offers Retry in
// place of "Loading…" (DataTable.tsx), and says "Loading…" only while it may still come.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './DataTable.tsx';

const columns = [{ label: '#' }, { label: 'Title' }];

describe('an admin table before its rows', () => {
  afterEach(cleanup);

  it('says Loading… while the rows may still come', () => {
    render(
      <DataTable label="Articles" columns={columns} rowCount={undefined} empty="None yet.">
        {null}
      </DataTable>,
    );
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('says why they are not coming, and retries once at a press until the retry ends', async () => {
    let retries = 0;
    let finish = () => {};
    const retry = () => {
      retries++;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    render(
      <DataTable label="Articles" columns={columns} rowCount={undefined} problem={{ message: 'Could not load this list: the server is busy.', retry }} empty="None yet.">
        {null}
      </DataTable>,
    );
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Could not load this list: the server is busy.');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const busy = screen.getByRole('button', { name: 'Retrying…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    fireEvent.click(busy);
    expect(retries).toBe(1);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('offers no Retry where none can help (offline)', () => {
    render(
      <DataTable label="Users" columns={columns} rowCount={undefined} problem={{ message: 'Offline: this list comes once the device is back online.' }} empty="None yet.">
        {null}
      </DataTable>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Offline: this list comes once the device is back online.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
