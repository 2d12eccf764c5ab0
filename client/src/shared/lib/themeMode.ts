// Theme setting rules (spec §4/§9), kept free of DOM so they can be unit tested.
export const THEME_SETTINGS = ['light', 'dark', 'system', 'realtime'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];
export type ColorSchemePreference = 'auto' | 'light' | 'dark';
export type ThemeMode = 'light' | 'dark';

export const THEME_COOKIE = 'theme';
export const DEFAULT_THEME_SETTING: ThemeSetting = 'system';
export const COLOR_SCHEME_STORAGE_KEY = 'color-scheme';
/** The realtime setting is re-checked this often (ms). */
export const REALTIME_CHECK_MS = 1000;

export function parseThemeSetting(value: unknown): ThemeSetting {
  return (THEME_SETTINGS as readonly unknown[]).includes(value)
    ? (value as ThemeSetting)
    : DEFAULT_THEME_SETTING;
}

/** Realtime: dark from 17:00 to 05:59 (local time), light otherwise. */
export function isRealtimeDark(date: Date): boolean {
  const hour = date.getHours();
  return hour >= 17 || hour < 6;
}

/** The locally stored colour-scheme preference a theme setting amounts to. */
export function colorSchemeFor(setting: ThemeSetting, now: Date): ColorSchemePreference {
  if (setting === 'system') return 'auto';
  if (setting === 'realtime') return isRealtimeDark(now) ? 'dark' : 'light';
  return setting;
}

export function resolveThemeMode(
  setting: ThemeSetting,
  now: Date,
  systemPrefersDark: boolean,
): ThemeMode {
  const scheme = colorSchemeFor(setting, now);
  if (scheme === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return scheme;
}
