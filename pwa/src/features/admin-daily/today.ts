// The device's own calendar day as `YYYY-MM-DD` (contracts/lessons.ts localDay): the admin screen's
// "upcoming" starts there, and a new text's date does.
import { isoFromDay, localDay } from '@fw/contracts/lessons';
import { now } from '../../lib/clock.ts';

export const todayIso = (): string => isoFromDay(localDay(now()));
