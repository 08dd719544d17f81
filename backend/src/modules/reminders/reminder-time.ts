// When a reminder is due: a time of day on the wall clock of a named time zone, as a UTC minute
// (minutes since 1970). With Intl (the project has moment but not moment-timezone's zone data).
// A time that a clock change skips (02:30 on a spring-forward night) comes an hour later that day;
// one it repeats comes at its first occurrence.
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** One formatter per zone: making one costs far more than using it, and the sender uses thousands. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock of `zone` at `ms`, read as if it were UTC (so its difference to `ms` is the offset). */
function wallAsUtcMs(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
}

/** The UTC instant at which `zone`'s clock shows `wallMs` (a wall time read as UTC). */
function instantOfWall(wallMs: number, zone: string): number {
  // The offset at the guess, then again at the first answer: right on both sides of a clock change.
  const first = wallMs - (wallAsUtcMs(wallMs, zone) - wallMs);
  return wallMs - (wallAsUtcMs(first, zone) - first);
}

/** "HH:MM" → minutes after midnight. */
function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** The first minute after `afterMs` at which `zone`'s clock reads `time`. */
export function nextDueMinute(time: string, zone: string, afterMs: number): number {
  const todayWall = Math.floor(wallAsUtcMs(afterMs, zone) / DAY_MS) * DAY_MS;
  const offsetMs = minutesOfDay(time) * MINUTE_MS;
  // Yesterday's time may still lie ahead west of UTC's date line; two days ahead covers any zone.
  for (let day = -1; day <= 2; day += 1) {
    const atMs = instantOfWall(todayWall + day * DAY_MS + offsetMs, zone);
    if (atMs > afterMs) return Math.floor(atMs / MINUTE_MS);
  }
  throw new Error(`No ${time} in ${zone} within two days`);
}

/** The calendar day (`YYYY-MM-DD`) in `zone` at a UTC minute. */
export function localDate(minute: number, zone: string): string {
  return new Date(wallAsUtcMs(minute * MINUTE_MS, zone)).toISOString().slice(0, 10);
}

export function minuteOf(ms: number): number {
  return Math.floor(ms / MINUTE_MS);
}

export function msOfMinute(minute: number): number {
  return minute * MINUTE_MS;
}
