// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

const { DateTimeFormat, NumberFormat } = Intl;
afterEach(() => {
  Object.assign(Intl, { DateTimeFormat, NumberFormat });
  vi.resetModules();
});

/** Counts the objects made by Intl's `name` constructor from now on (restored after each test). */
function countMade(name: 'DateTimeFormat' | 'NumberFormat'): { made: number } {
  const counter = { made: 0 };
  const Original = Intl[name];
  const counting = new Proxy(Original, {
    construct(target, args: unknown[]) {
      counter.made += 1;
      return Reflect.construct(target, args) as object;
    },
  });
  Object.assign(Intl, { [name]: counting });
  return counter;
}

describe('formatCount', () => {
  it('groups thousands as en-US does', async () => {
    const { formatCount } = await import('./format.ts');
    const enUS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const n of [0, 7, 42, 999, 1000, 1001, 12_345, 100_000, 999_999, 1_000_000, 1_234_567_890, -1, -1234, 2.4, 2_499.6]) {
      expect(formatCount(n)).toBe(enUS.format(n));
    }
  });

  it('writes what is not a number as it is', async () => {
    const { formatCount } = await import('./format.ts');
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(formatCount(-0.2)).toBe('0');
  });
});

describe('megabytes', () => {
  it('writes one decimal, the unit kept on the number’s line (a no-break space)', async () => {
    const { megabytes } = await import('./format.ts');
    expect(megabytes(1_049_600)).toBe('1.0\u00a0MB');
    expect(megabytes(0)).toBe('0.0\u00a0MB');
    expect(megabytes(12_345_678)).toBe('12.3\u00a0MB');
  });
});

describe('Intl on first use only', () => {
  it('makes no Intl object when loaded or counting, and one date formatter for every date', async () => {
    const dateFormat = countMade('DateTimeFormat');
    const numberFormat = countMade('NumberFormat');
    const { formatCount, plural, shortDate } = await import('./format.ts');
    expect(plural(2_000, 'article')).toBe('2,000 articles');
    expect(formatCount(1)).toBe('1');
    expect(dateFormat.made).toBe(0);
    expect(numberFormat.made).toBe(0);

    expect(shortDate('not a date')).toBe('');
    expect(dateFormat.made).toBe(0);
    const first = shortDate('2025-01-12T12:00:00Z');
    expect(first).toMatch(/2025/);
    expect(shortDate('2024-03-01T12:00:00Z')).toMatch(/2024/);
    expect(dateFormat.made).toBe(1);
  });
});
