// How long ago something happened, in moment's words ("a few seconds ago", "5 minutes ago",
// "3 days ago"): the one relative-time wording on every screen (moment is the project's date
// package). A screen in the first screen's bundle loads this module lazily: moment is not small.
import moment from 'moment';

/** The words for `at` (epoch ms or an ISO string) as seen from `now`. */
export function relativeTime(at: number | string, now: number = Date.now()): string {
  return moment(at).from(now);
}

/**
 * `at` in words, with the exact time as its machine-readable value and tooltip ("Sun, Jan 12, 2025
 * 8:30 PM"), written by moment too: the browser's toLocaleString would be a first visit's first
 * use of Intl, whose locale data takes a task of 83 to 211 ms to load at 4x CPU (lib/format.ts).
 */
export function RelativeTime({ at }: { at: number | string }) {
  const date = moment(at);
  return (
    <time dateTime={date.toISOString()} title={date.format('llll')}>
      {relativeTime(at)}
    </time>
  );
}
