// The UI locales (spec §4: Arabic first, English second), the default and the cookie's parser.
export type Locale = 'ar' | 'en';
export const LOCALES: Locale[] = ['ar', 'en'];
export const DEFAULT_LOCALE: Locale = 'ar';

export function parseLocale(value: unknown): Locale {
  return value === 'en' ? 'en' : 'ar';
}
