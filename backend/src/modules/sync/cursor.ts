// Feed cursors carry the database's epoch: `<epoch>.<change number>`. A cursor made by another
// database (a restored backup, a replaced server) says nothing about this one's numbers, so such a
// device is told to start over (`reset`) instead of skipping changes. `0` or none: from the start.
import { HttpError } from '../../errors.ts';
import type { ReadModel, ReadState } from './read-model.ts';

interface ParsedCursor {
  since: number;
  /** The cursor came from another database: answer from the start, and say so. */
  reset: boolean;
}

export function formatCursor(epoch: string, seq: number): string {
  return `${epoch}.${seq}`;
}

/** `since` has passed the contract's pattern (syncQuerySchema). */
function parseCursor(since: string | undefined, epoch: string): ParsedCursor {
  if (since === undefined || since === '0') return { since: 0, reset: false };
  const dot = since.indexOf('.');
  // A bare number predates epochs in cursors: which database it came from is unknown.
  if (dot < 0 || since.slice(0, dot) !== epoch) return { since: 0, reset: true };
  return { since: Number(since.slice(dot + 1)), reset: false };
}

/**
 * The model a feed call is answered from and the change number the device stands at in it. A
 * cursor above every number the model knows was claimed may come from an instance further on:
 * the answer then waits for a fresh look at the horizon. Still above after it, nothing handed it
 * out, so it stands at the horizon. A cursor up to the newest claim is kept as it is (this
 * instance may lag, and nothing is above its horizon yet), so a device is never sent back.
 */
export async function placeOf(
  model: ReadModel,
  since: string | undefined,
): Promise<{ state: ReadState; since: number; reset: boolean }> {
  let state = await model.current();
  let asked = parseCursor(since, state.epoch);
  if (!asked.reset && asked.since > state.claimed) {
    state = await model.current({ reach: asked.since });
    asked = parseCursor(since, state.epoch);
  }
  return { state, since: asked.since > state.claimed ? state.horizon : asked.since, reset: asked.reset };
}

/**
 * A place in a newest-first walk of the admin change index: `<epoch>.<before>.<top>`, where `top`
 * is the newest change when the walk began (the cursor the device goes on from once it ends) and
 * `before` the change the next page starts below.
 */
export function formatWalkPlace(epoch: string, before: number, top: number): string {
  return `${epoch}.${before}.${top}`;
}

/**
 * The model a walk's page is answered from, the change its page starts below and the walk's top.
 * `latest` begins a walk at the model's horizon. A place another instance gave is answered from a
 * model holding every change up to its top (a lagging model would send a thing as it was before
 * a change the walk counts as sent, and the feed after the walk would not send it again). A place
 * of another database begins again, and says so (`reset`).
 */
export async function walkPlaceOf(
  model: ReadModel,
  place: string,
): Promise<{ state: ReadState; before: number; top: number; reset: boolean }> {
  const [epoch, before, top] = place === 'latest' ? [] : place.split('.');
  let state = await model.current();
  if (epoch === undefined || epoch !== state.epoch) {
    return { state, before: state.horizon + 1, top: state.horizon, reset: epoch !== undefined };
  }
  const walkTop = Number(top);
  if (Number(before) > walkTop + 1) throw new HttpError('INVALID_INPUT', 'before must be a before returned by this call');
  if (walkTop > state.horizon) state = await model.current({ settled: walkTop });
  if (state.epoch !== epoch) return { state, before: state.horizon + 1, top: state.horizon, reset: true };
  if (walkTop > state.horizon) throw new HttpError('BUSY', 'The server is catching up with a change made elsewhere. Try again in a moment.');
  return { state, before: Number(before), top: walkTop, reset: false };
}
