// The due minute of a reminder: the chosen wall-clock time in the person's own zone, across
// clock changes and date lines.
import { describe, expect, it } from 'vitest';
import { localDate, msOfMinute, nextDueMinute } from './reminder-time.ts';

const iso = (minute: number) => new Date(msOfMinute(minute)).toISOString();

describe('nextDueMinute', () => {
  it('is later today when the time is still ahead, else tomorrow', () => {
    const at = Date.parse('2026-03-10T05:00:00Z');
    expect(iso(nextDueMinute('07:00', 'UTC', at))).toBe('2026-03-10T07:00:00.000Z');
    expect(iso(nextDueMinute('04:59', 'UTC', at))).toBe('2026-03-11T04:59:00.000Z');
    // The minute itself has begun: the next one is tomorrow's.
    expect(iso(nextDueMinute('05:00', 'UTC', at))).toBe('2026-03-11T05:00:00.000Z');
  });

  it('follows the zone across its clock change', () => {
    // Berlin moves from UTC+1 to UTC+2 on 2026-03-29.
    const before = Date.parse('2026-03-28T12:00:00Z');
    expect(iso(nextDueMinute('07:00', 'Europe/Berlin', before))).toBe('2026-03-29T05:00:00.000Z');
    const after = Date.parse('2026-03-29T06:00:00Z');
    expect(iso(nextDueMinute('07:00', 'Europe/Berlin', after))).toBe('2026-03-30T05:00:00.000Z');
    // 02:30 does not exist that night: it comes an hour later by the new clock.
    expect(iso(nextDueMinute('02:30', 'Europe/Berlin', before))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('works on both sides of the date line', () => {
    const at = Date.parse('2026-06-01T20:00:00Z');
    // Auckland (UTC+12 in June) is already on June 2 at 08:00.
    expect(iso(nextDueMinute('09:00', 'Pacific/Auckland', at))).toBe('2026-06-01T21:00:00.000Z');
    // Honolulu (UTC-10) is on June 1 at 10:00.
    expect(iso(nextDueMinute('07:00', 'Pacific/Honolulu', at))).toBe('2026-06-02T17:00:00.000Z');
    expect(localDate(nextDueMinute('09:00', 'Pacific/Auckland', at), 'Pacific/Auckland')).toBe('2026-06-02');
  });
});
