// The device's own calendar day as `YYYY-MM-DD` (contracts/lessons.ts localDay), in a module with
// no database behind it: the home page's entry imports it without pulling the device database in.
import { isoFromDay, localDay } from '@fw/contracts/lessons';
import { now } from '../../lib/clock.ts';

export const todayIso = (): string => isoFromDay(localDay(now()));
