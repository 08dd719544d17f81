import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { RelativeTime, relativeTime } from './RelativeTime.tsx';

const MINUTE_MS = 60_000;
const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);

describe('relativeTime', () => {
  it('says how long ago in words, from epoch ms or an ISO string', () => {
    expect(relativeTime(NOW - 10_000, NOW)).toBe('a few seconds ago');
    expect(relativeTime(NOW - 5 * MINUTE_MS, NOW)).toBe('5 minutes ago');
    expect(relativeTime(new Date(NOW - 3 * 60 * MINUTE_MS).toISOString(), NOW)).toBe('3 hours ago');
    expect(relativeTime(NOW - 3 * 24 * 60 * MINUTE_MS, NOW)).toBe('3 days ago');
  });

  it('shows the words in a <time> carrying the exact instant', () => {
    const at = Date.now() - 5 * MINUTE_MS;
    const { container } = render(<RelativeTime at={at} />);
    const time = container.querySelector('time')!;
    expect(time.textContent).toBe('5 minutes ago');
    expect(time.getAttribute('datetime')).toBe(new Date(at).toISOString());
  });

  it('gives the exact time as its tooltip, written by moment (no Intl on a first screen)', () => {
    const local = new Date(2025, 0, 12, 20, 30).getTime();
    const { container } = render(<RelativeTime at={local} />);
    expect(container.querySelector('time')!.getAttribute('title')).toBe('Sun, Jan 12, 2025 8:30 PM');
  });
});
