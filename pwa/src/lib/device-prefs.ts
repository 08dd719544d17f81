// Reading preferences kept on this device (localStorage: small, read synchronously before the first
// render, so the page never flashes the wrong theme or size): the theme and the article text size.
// The page's theme itself is applied by page-theme.ts, which the entry loads.
import { useSyncExternalStore } from 'react';
import { THEMES, THEME_KEY, applyTheme, type Theme } from './page-theme.ts';

export { THEMES, type Theme };
export const THEME_LABELS: Record<Theme, string> = { system: 'Same as device', light: 'Light', dark: 'Dark' };

/** Article text sizes as a factor of the reading size (18 px, 17 px on phones). */
export const TEXT_SIZES = [
  { id: 'small', label: 'Small', scale: 0.9 },
  { id: 'medium', label: 'Medium', scale: 1 },
  { id: 'large', label: 'Large', scale: 1.2 },
  { id: 'xlarge', label: 'Extra large', scale: 1.4 },
] as const;
export type TextSize = (typeof TEXT_SIZES)[number]['id'];
const DEFAULT_TEXT_SIZE: TextSize = 'medium';

export const PREF_KEYS = { THEME: THEME_KEY, TEXT_SIZE: 'pref:textSize' } as const;
/**
 * The reading-aloud speed's key (lib/read-aloud.ts keeps the speed), here with the others so that
 * the backup's list of preferences (features/study/study-store.ts) does not import read-aloud.
 */
export const LISTEN_RATE_KEY = 'pref:listenRate';

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked: defaults, nothing remembered
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Full or blocked: the choice still applies for this visit.
  }
  memory.set(key, value);
  for (const listener of listeners) listener();
}

/** What was chosen this visit, even where localStorage refuses to keep it. */
const memory = new Map<string, string>();
const get = (key: string) => memory.get(key) ?? read(key);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab's choice applies here too, over one this tab kept only in memory (whether or not a
// screen here shows the preferences just then; page-theme.ts applies a new theme to the page).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (!event.key || !Object.values(PREF_KEYS).includes(event.key as never)) return;
    memory.delete(event.key);
    for (const listener of listeners) listener();
  });
}

function getTheme(): Theme {
  const value = get(PREF_KEYS.THEME);
  return THEMES.includes(value as Theme) ? (value as Theme) : 'system';
}

function getTextSize(): TextSize {
  const value = get(PREF_KEYS.TEXT_SIZE);
  return TEXT_SIZES.some((s) => s.id === value) ? (value as TextSize) : DEFAULT_TEXT_SIZE;
}

export function setTheme(theme: Theme): void {
  write(PREF_KEYS.THEME, theme);
  applyTheme(theme);
}

export function setTextSize(size: TextSize): void {
  write(PREF_KEYS.TEXT_SIZE, size);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => 'system');
}

export function useTextSize(): TextSize {
  return useSyncExternalStore(subscribe, getTextSize, () => DEFAULT_TEXT_SIZE);
}
