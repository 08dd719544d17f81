// The page's theme before the first render, and in step with a choice made in another tab. Apart
// from device-prefs.ts (the preferences, their hooks and setters), which only the screens that
// show or change them load: the entry needs this much.
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_KEY = 'pref:theme';

function storedTheme(): Theme {
  let value: string | null = null;
  try {
    value = localStorage.getItem(THEME_KEY);
  } catch {
    // storage blocked: the device's own theme
  }
  return THEMES.includes(value as Theme) ? (value as Theme) : 'system';
}

/** `system` leaves the choice to prefers-color-scheme (tokens.css); the others override it. */
export function applyTheme(theme: Theme = storedTheme()): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/** Keeps the page's theme in step with a choice made in another tab (this tab's own applies it at once). */
export function followThemeAcrossTabs(): void {
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY) applyTheme();
  });
}
