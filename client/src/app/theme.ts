import { arEG, enUS } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import { BRAND } from '../shared/ui/brand';

const FONT = '"Cairo", "Segoe UI", system-ui, -apple-system, sans-serif';

/**
 * MUI's own texts (pagination, autocomplete, alerts...) in the UI language: MUI's Arabic locale
 * for ar, its English one for en. The app shows Western digits in both (shared/lib/format.ts), so
 * the pager's "1–10 من 42" keeps them instead of arEG's Arabic-Indic digits.
 */
function muiLocale(language: string) {
  if (!language.startsWith('ar')) return enUS;
  return {
    components: {
      ...arEG.components,
      MuiTablePagination: {
        defaultProps: {
          ...arEG.components?.MuiTablePagination?.defaultProps,
          labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
            `${from}–${to} من ${count !== -1 ? count : `أكثر من ${to}`}`,
        },
      },
    },
  };
}

/** Less motion (WCAG 2.3.3) for whoever asks their system for it; browser tests ask too. */
const still =
  typeof matchMedia == 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** One theme factory; `direction` comes from the locale (STYLE.md §6), nowhere else. */
export function createAppTheme(
  mode: 'light' | 'dark',
  direction: 'rtl' | 'ltr',
  language = 'ar',
): Theme {
  const dark = mode === 'dark';
  // The focus ring (WCAG 2.4.7, 1.4.11): the primary colour, ≥ 3:1 against the page and the paper
  // in both modes. MUI's own focus cue is a faint background, and inputs drop the outline.
  const focusRing = `2px solid ${dark ? '#2dd4bf' : BRAND.primary}`;
  return createTheme(
    {
      direction,
      palette: {
        mode,
        primary: {
          main: dark ? '#2dd4bf' : BRAND.primary,
          contrastText: dark ? '#04201d' : '#fff',
        },
        secondary: { main: dark ? '#fb923c' : BRAND.accent },
        // MUI's orange (#ed6c02) is 3.1:1 on white: too faint for warning text (WCAG 1.4.3 asks 4.5:1).
        ...(dark ? {} : { warning: { main: '#b45309' } }),
        background: dark
          ? { default: '#0f1416', paper: '#161d20' }
          : { default: '#f4f6f8', paper: '#ffffff' },
        divider: dark ? 'rgba(255,255,255,0.09)' : 'rgba(15,23,42,0.09)',
        text: dark
          ? { primary: '#e6edf0', secondary: '#9aa7ad' }
          : { primary: '#1f2933', secondary: '#5b6770' },
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: FONT,
        fontSize: 13,
        h1: { fontSize: '1.6rem', fontWeight: 700 },
        h2: { fontSize: '1.35rem', fontWeight: 700 },
        h3: { fontSize: '1.2rem', fontWeight: 700 },
        h4: { fontSize: '1.1rem', fontWeight: 700 },
        h5: { fontSize: '1rem', fontWeight: 700 },
        h6: { fontSize: '0.95rem', fontWeight: 700 },
        button: { textTransform: 'none', fontWeight: 600 },
        // Small print (helper texts, captions) never below 12 px: readable on a phone (issue 20).
        caption: { fontSize: '0.75rem' },
      },
      ...(still && { transitions: { create: () => 'none' } }),
      components: {
        MuiButtonBase: { defaultProps: { disableRipple: still } },
        MuiButton: { defaultProps: { disableElevation: true, size: 'small' } },
        MuiIconButton: { defaultProps: { size: 'small' } },
        MuiTextField: { defaultProps: { size: 'small' } },
        MuiFormControl: { defaultProps: { size: 'small' } },
        MuiListItemButton: { styleOverrides: { root: { borderRadius: 6 } } },
        MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
        // A disabled field's hint is still read: MUI's disabled grey (#9e9e9e) is 2.7:1 on white.
        MuiFormHelperText: {
          styleOverrides: { root: { '&.Mui-disabled': { color: dark ? '#9aa7ad' : '#5b6770' } } },
        },
        MuiTooltip: { defaultProps: { arrow: true } },
        MuiCssBaseline: {
          styleOverrides: {
            body: { fontFamily: FONT },
            'html :focus-visible': { outline: focusRing, outlineOffset: 2 },
            // Inside an outlined field the ring sits on the field's own border.
            'html .MuiInputBase-input:focus-visible': { outline: focusRing, outlineOffset: -2 },
          },
        },
      },
    },
    muiLocale(language),
  );
}
