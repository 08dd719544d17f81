// The daily feature's entry point: the home page's card. Its code (and the device database it
// reads) is a chunk of its own, loaded by the home page after its own code, so its cost is its own
// (bench/weight.mjs measures it); nothing here imports the database.
import { lazy } from 'react';

export const DailyCard = lazy(async () => ({ default: (await import('./DailyCard.tsx')).DailyCard }));
