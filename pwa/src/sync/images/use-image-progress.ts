import { useSyncExternalStore } from 'react';
import { getImageProgress, subscribeImageProgress, type ImageProgress } from './progress.ts';

export function useImageProgress(): ImageProgress | null {
  return useSyncExternalStore(subscribeImageProgress, getImageProgress, getImageProgress);
}
