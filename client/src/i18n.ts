import { DEFAULT_LOCALE, parseLocale, type Locale } from '@pos/contracts';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from './shared/lib/cookies';

// i18n bootstrap. Namespaces:
//  - every `features/<name>/i18n/{ar,en}.json` is namespace `<name>` (features/users → `users`);
//  - every `locales/<ns>/{ar,en}.json` is a shared namespace (`common`, `nav`, `shell`);
//  (The server's own messages are not a namespace: the server answers in the user's language, and
//  the forms word a rule's message with the contracts' `translateServer`, loaded with them.)
// The locale lives in the `locale` cookie (spec §4), default ar.
//  - only the first screen's feature namespaces (auth, home) are bundled; every other feature's
//    text loads with its pages (the lazy glob below), keeping it out of the initial bundle;
//    `useTranslation('<ns>')` suspends until it arrives.
type Json = { default: Record<string, unknown> };
const featureFiles = import.meta.glob<Json>(['./features/{auth,home}/i18n/*.json'], {
  eager: true,
});
const lazyFeatureFiles = import.meta.glob<Json>([
  './features/*/i18n/*.json',
  '!./features/{auth,home}/i18n/*.json',
]);

/** i18next backend for the lazy namespaces (the eager ones are bundled in `resources`). */
const lazyNamespaces = {
  type: 'backend' as const,
  init() {},
  read(
    lng: string,
    ns: string,
    done: (error: unknown, data: Record<string, unknown> | null) => void,
  ) {
    const load = lazyFeatureFiles[`./features/${ns}/i18n/${lng}.json`];
    if (!load) return done(null, {});
    load().then(
      (mod) => done(null, mod.default),
      (error: unknown) => done(error, null),
    );
  },
};
const sharedFiles = import.meta.glob<Json>('./locales/*/*.json', { eager: true });

export const LOCALE_COOKIE_NAME = 'locale';
export const SUPPORTED_LOCALES: Locale[] = ['ar', 'en'];

function buildResources(): Resource {
  const resources: Resource = { ar: {}, en: {} };
  const add = (path: string, ns: string, lang: string, data: Record<string, unknown>) => {
    if (!SUPPORTED_LOCALES.includes(lang as Locale)) throw new Error(`Unknown locale file ${path}`);
    resources[lang][ns] = data;
  };
  for (const [path, mod] of Object.entries(featureFiles)) {
    const m = /\.\/features\/([^/]+)\/i18n\/(\w+)\.json$/.exec(path);
    if (m) add(path, m[1], m[2], mod.default);
  }
  for (const [path, mod] of Object.entries(sharedFiles)) {
    const m = /\.\/locales\/([^/]+)\/(\w+)\.json$/.exec(path);
    if (m) add(path, m[1], m[2], mod.default);
  }
  return resources;
}

export const resources = buildResources();
export const namespaces = Object.keys(resources.ar);

export function initialLocale(): Locale {
  const fromCookie = getCookie(LOCALE_COOKIE_NAME);
  return fromCookie ? parseLocale(fromCookie) : DEFAULT_LOCALE;
}

export function localeDir(locale: string): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** Apply `<html dir lang>` — the one place direction is decided (STYLE.md §6). */
function applyDocumentLocale(locale: string): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDir(locale);
}

void i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: initialLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: SUPPORTED_LOCALES,
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // A key with no text in any language is recorded (window.__i18nMissing) for the page walk test
    // (tests/e2e/wcag.spec.ts, the page walk) and left visible as it is, so it is seen and fixed.
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => {
      const w = window as unknown as { __i18nMissing?: string[] };
      (w.__i18nMissing ??= []).push(`${ns}:${key}`);
    },
  });
applyDocumentLocale(i18n.language);
i18n.on('languageChanged', (lng) => {
  applyDocumentLocale(lng);
  setCookie(LOCALE_COOKIE_NAME, lng);
});

export async function changeLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
}

export default i18n;
