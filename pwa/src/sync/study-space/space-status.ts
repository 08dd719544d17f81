// What the study sync screens show of the device's space (features/study-sync/): not syncing,
// linked and when it last heard from the space, or removed with the server's message. Read live
// from the meta table; a module of its own, since the sync engine and so space-state.ts are in the
// first screen's bundle and these hooks are not needed there.
import { useDeviceQuery } from '../../db/live.ts';
import { SPACE_STATE_KEY, stateOf } from './space-state.ts';

/** What a screen shows: the words come from `spaceWords()` (space.ts) when the person asks. */
type SpaceStatus = { status: 'none' } | { status: 'linked' } | { status: 'removed'; message: string };

/** The study sync status for screens: not syncing, linked, or removed with the server's message. */
export function useStudySpaceStatus(): SpaceStatus | undefined {
  return useDeviceQuery(async ({ db: device }) => {
    const state = stateOf(await device.meta.get(SPACE_STATE_KEY));
    if (!state) return { status: 'none' } as const;
    return state.status === 'linked' ? ({ status: 'linked' } as const) : state;
  });
}

/** When the device last heard from its space (a pull's page); undefined before the first, or unlinked. */
export function useStudySpaceSyncedAt(): number | undefined {
  return useDeviceQuery(async ({ db: device }) => {
    const state = stateOf(await device.meta.get(SPACE_STATE_KEY));
    return state?.status === 'linked' ? state.syncedAt : undefined;
  });
}
