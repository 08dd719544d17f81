import { describe, expect, it } from 'vitest';
import { compareNewestFirst } from './order.ts';

describe('compareNewestFirst', () => {
  it('puts the newest first and breaks a tie on the date by the larger id, as the database sorts', () => {
    const rows = [
      { createdAt: '2025-01-01T00:00:00.000Z', _id: 'b' },
      { createdAt: '2025-03-01T00:00:00.000Z', _id: 'a' },
      { createdAt: '2025-01-01T00:00:00.000Z', _id: 'c' },
    ];
    const sorted = [...rows].sort((x, y) =>
      compareNewestFirst(x.createdAt, x._id, y.createdAt, y._id),
    );
    expect(sorted.map((r) => r._id)).toEqual(['a', 'c', 'b']);
    expect(compareNewestFirst('2025-01-01', 'a', '2025-01-01', 'a')).toBe(0);
  });
});
