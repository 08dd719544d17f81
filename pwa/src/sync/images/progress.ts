// What the device holds of its articles' pictures, as one small state the "On this device"
// figures read (kept apart from the keeper, so the footer does not load it). The keeping runs in
// a worker (image-keeper.ts), which sends this state to the page.

export interface ImageProgress {
  /** Picture files the device's articles use (their WebP copies, every width). */
  needed: number;
  /** Of those, how many are in the service worker's cache, and their bytes. */
  kept: number;
  bytes: number;
  /** The browser refused to store more. */
  quotaFull: boolean;
  /** Files not fetched this time (offline, or the server said no); fetched at the next sync. */
  missing: number;
}

let progress: ImageProgress | null = null;
const listeners = new Set<() => void>();

/** Null until the keeper has looked at the device's articles once. */
export const getImageProgress = () => progress;

export function setImageProgress(next: ImageProgress): void {
  progress = next;
  for (const listener of listeners) listener();
}

export function subscribeImageProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
