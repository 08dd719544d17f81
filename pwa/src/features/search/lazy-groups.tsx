// The search groups (SearchGroups.tsx) as lazy components: their code is fetched with the first
// search, so the home page's first screen does not carry it.
import { lazy } from 'react';

export const PassageGroup = lazy(() => import('./SearchGroups.tsx').then((m) => ({ default: m.PassageGroup })));
export const OtherGroups = lazy(() => import('./SearchGroups.tsx').then((m) => ({ default: m.OtherGroups })));
