import { useSyncExternalStore } from 'react';
import { getBibleProgress, subscribeBibleProgress, type BibleProgress } from './progress.ts';

export function useBibleProgress(): BibleProgress {
  return useSyncExternalStore(subscribeBibleProgress, getBibleProgress, getBibleProgress);
}
