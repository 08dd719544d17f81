// Scheduled publication times as the admin screens show and edit them, in the device's own time
// zone (the admin's): the editor's "Publish at" field holds a local "YYYY-MM-DDTHH:mm" (what a
// datetime-local input gives), the server stores an absolute ISO time. moment is the project's
// date package; this module is used by admin screens only, which load lazily.
import moment from 'moment';

const LOCAL_INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

/** An ISO time as a datetime-local value in this device's time zone ('' for none). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const at = moment(iso);
  return at.isValid() ? at.format(LOCAL_INPUT_FORMAT) : '';
}

/** A datetime-local value (this device's time zone) as an ISO time; null when blank or invalid. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const at = moment(local, LOCAL_INPUT_FORMAT, true);
  return at.isValid() ? at.toISOString() : null;
}

/** Whether a datetime-local value names a time already gone (false for blank). */
export function isPast(local: string, nowMs: number = Date.now()): boolean {
  const iso = fromLocalInput(local);
  return iso !== null && Date.parse(iso) <= nowMs;
}

/** "Dec 1, 2026 at 9:00 AM" (the device's time zone). */
export function scheduledTime(iso: string): string {
  return moment(iso).format('MMM D, YYYY [at] h:mm A');
}

/** "Scheduled for Dec 1, 2026 at 9:00 AM" (the device's time zone). */
export function scheduledLabel(iso: string): string {
  return `Scheduled for ${scheduledTime(iso)}`;
}

/** The time zone the admin edits in, e.g. "Europe/Berlin (UTC+01:00)". */
export function timeZoneLabel(at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `${zone} (UTC${moment(at).format('Z')})`;
}
