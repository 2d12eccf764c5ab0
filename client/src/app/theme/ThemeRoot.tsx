import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { localeDir } from '../../i18n';
import { REALTIME_CHECK_MS } from '../../shared/lib/themeMode';
import { createAppTheme } from '../theme';
import {
  clockState,
  colorSchemeState,
  storeColorScheme,
  systemPrefersDarkState,
  themeModeState,
  themeSettingState,
} from './themeState';

// RTL in one place (STYLE.md §6): the locale decides `dir`; <html dir lang> is set by i18n.ts,
// the theme gets `direction`, and emotion flips every style (portals included, since the cache
// is global) through stylis-plugin-rtl.
const caches: Partial<Record<'rtl' | 'ltr', EmotionCache>> = {};
function emotionCache(dir: 'rtl' | 'ltr'): EmotionCache {
  caches[dir] ??=
    dir === 'rtl'
      ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'mui', stylisPlugins: [prefixer] });
  return caches[dir];
}

function useThemeClock() {
  const setting = useAtomValue(themeSettingState);
  const setNow = useSetAtom(clockState);
  const setPrefersDark = useSetAtom(systemPrefersDarkState);
  useEffect(() => {
    if (setting !== 'realtime') return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), REALTIME_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [setting, setNow]);
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return;
    const onChange = () => setPrefersDark(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [setPrefersDark]);
}

export function ThemeRoot({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  useThemeClock();
  const mode = useAtomValue(themeModeState);
  const scheme = useAtomValue(colorSchemeState);
  const dir = localeDir(i18n.language);
  const theme = useMemo(() => createAppTheme(mode, dir, i18n.language), [mode, dir, i18n.language]);
  useEffect(() => storeColorScheme(scheme), [scheme]);
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <CacheProvider value={emotionCache(dir)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
