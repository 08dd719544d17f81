// How long ago something happened, in moment's words ("a few seconds ago", "5 minutes ago",
// "3 days ago"): the one relative-time wording on every screen (moment is the project's date
// package). A screen in the first screen's bundle loads this module lazily: moment is not small.
import moment from 'moment';

/** The words for `at` (epoch ms or an ISO string) as seen from `now`. */
export function relativeTime(at: number | string, now: number = Date.now()): string {
  return moment(at).from(now);
}

/** `at` in words, with the exact time as its machine-readable value and tooltip. */
export function RelativeTime({ at }: { at: number | string }) {
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString()}>
      {relativeTime(at)}
    </time>
  );
}
