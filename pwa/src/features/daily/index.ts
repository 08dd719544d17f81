// The daily feature's entry point: the home page's card, and the day the device is on (the admin
// screen lists texts from it).
export { DailyCard } from './DailyCard.tsx';
export { todayIso } from './use-daily.ts';
