// What reminders say and open, and the path of a device's reminders: shared by the server's
// sender and the PWA's screen. No schema library here, so the PWA imports it without zod.
import { API_PATHS } from './paths.ts';

/** The pages a reminder opens (the PWA's routes). */
export const REMINDER_PAGES = { daily: '/daily', weekly: '/family' } as const;

/** What each reminder says. The server sends these; the service worker shows them. */
export const REMINDER_TEXTS = {
  daily: { title: 'Time for today’s reading', body: 'Open today’s text and reading.' },
  weekly: { title: 'This week’s Family Worship lesson is up', body: 'Open the lesson for your family.' },
} as const;

export type ReminderKind = keyof typeof REMINDER_PAGES;

/** What a push carries (JSON, encrypted for the device): shown as a notification that opens `url`. */
export interface ReminderMessage {
  kind: ReminderKind;
  title: string;
  body: string;
  url: string;
}

/** The time a new reminder is offered at. */
export const REMINDER_DEFAULT_TIME = '07:00';

/** The path of one device's reminders (`:id` filled in). */
export function reminderPath(id: string): string {
  return API_PATHS.saveReminder.replace(':id', encodeURIComponent(id));
}
