import { colorSchemeFor, isRealtimeDark, parseThemeSetting, resolveThemeMode } from './themeMode';

const at = (h: number, m = 0, s = 0) => new Date(2026, 0, 1, h, m, s);

describe('realtime theme rule', () => {
  it('is dark from 17:00 to 05:59 and light otherwise', () => {
    expect(isRealtimeDark(at(16, 59, 59))).toBe(false);
    expect(isRealtimeDark(at(17, 0, 0))).toBe(true);
    expect(isRealtimeDark(at(23, 59))).toBe(true);
    expect(isRealtimeDark(at(0, 0))).toBe(true);
    expect(isRealtimeDark(at(5, 59, 59))).toBe(true);
    expect(isRealtimeDark(at(6, 0, 0))).toBe(false);
    expect(isRealtimeDark(at(12, 0))).toBe(false);
  });

  it('flips at the boundary when re-checked a second later', () => {
    expect(resolveThemeMode('realtime', at(16, 59, 59), false)).toBe('light');
    expect(resolveThemeMode('realtime', at(17, 0, 0), false)).toBe('dark');
    expect(resolveThemeMode('realtime', at(5, 59, 59), true)).toBe('dark');
    expect(resolveThemeMode('realtime', at(6, 0, 0), true)).toBe('light');
  });
});

describe('theme settings', () => {
  it('light/dark are fixed, system follows the OS', () => {
    expect(resolveThemeMode('light', at(22), true)).toBe('light');
    expect(resolveThemeMode('dark', at(10), false)).toBe('dark');
    expect(resolveThemeMode('system', at(10), true)).toBe('dark');
    expect(resolveThemeMode('system', at(22), false)).toBe('light');
  });

  it('maps to the locally stored colour-scheme preference', () => {
    expect(colorSchemeFor('light', at(22))).toBe('light');
    expect(colorSchemeFor('dark', at(10))).toBe('dark');
    expect(colorSchemeFor('system', at(10))).toBe('auto');
    expect(colorSchemeFor('realtime', at(18))).toBe('dark');
    expect(colorSchemeFor('realtime', at(9))).toBe('light');
  });

  it('defaults to system for a missing or unknown cookie', () => {
    expect(parseThemeSetting(undefined)).toBe('system');
    expect(parseThemeSetting('sepia')).toBe('system');
    expect(parseThemeSetting('realtime')).toBe('realtime');
  });
});
