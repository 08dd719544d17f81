// Reading preferences kept on this device (localStorage: small, read synchronously before the first
// render, so the page never flashes the wrong theme or size): the theme and the article text size.
import { useSyncExternalStore } from 'react';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
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

export const PREF_KEYS = { THEME: 'pref:theme', TEXT_SIZE: 'pref:textSize' } as const;
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
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key && Object.values(PREF_KEYS).includes(event.key as never)) {
      memory.delete(event.key);
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function getTheme(): Theme {
  const value = get(PREF_KEYS.THEME);
  return THEMES.includes(value as Theme) ? (value as Theme) : 'system';
}

function getTextSize(): TextSize {
  const value = get(PREF_KEYS.TEXT_SIZE);
  return TEXT_SIZES.some((s) => s.id === value) ? (value as TextSize) : DEFAULT_TEXT_SIZE;
}

/** `system` leaves the choice to prefers-color-scheme (tokens.css); the others override it. */
export function applyTheme(theme: Theme = getTheme()): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
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

/** Keeps the page's theme in step with a choice made in another tab. */
export function followThemeAcrossTabs(): () => void {
  return subscribe(() => applyTheme());
}
