import { atom } from 'jotai';
import { getCookie, setCookie } from '../../shared/lib/cookies';
import {
  COLOR_SCHEME_STORAGE_KEY,
  colorSchemeFor,
  parseThemeSetting,
  resolveThemeMode,
  THEME_COOKIE,
  type ColorSchemePreference,
  type ThemeSetting,
} from '../../shared/lib/themeMode';

const themeSettingBase = atom<ThemeSetting>(parseThemeSetting(getCookie(THEME_COOKIE)));

/** The theme setting (cookie `theme`, default system). */
export const themeSettingState = atom(
  (get) => get(themeSettingBase),
  (_get, set, next: ThemeSetting) => {
    set(themeSettingBase, next);
    setCookie(THEME_COOKIE, next);
  },
);

/** Whether the OS prefers dark, kept live by ThemeRoot. */
export const systemPrefersDarkState = atom<boolean>(
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-color-scheme: dark)').matches,
);

/** "Now", ticked every second by ThemeRoot while the realtime setting is on. */
export const clockState = atom<number>(Date.now());

export const colorSchemeState = atom<ColorSchemePreference>((get) =>
  colorSchemeFor(get(themeSettingState), new Date(get(clockState))),
);

export const themeModeState = atom((get) =>
  resolveThemeMode(get(themeSettingState), new Date(get(clockState)), get(systemPrefersDarkState)),
);

export function storeColorScheme(pref: ColorSchemePreference): void {
  try {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, pref);
  } catch {
    // storage may be unavailable (private mode); the cookie still holds the setting
  }
}
