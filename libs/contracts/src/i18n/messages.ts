// Server messages (errors and validation) in both locales. Keys: `errors.<CODE>`,
// `validation.<area>.<rule>` and `validation.constraint.<class-validator constraint>`. The texts
// live in messages-ar.ts and messages-en.ts (the client loads the other language lazily).
import { DEFAULT_LOCALE, type Locale } from './locale';
import { SERVER_MESSAGES_AR } from './messages-ar';
import { SERVER_MESSAGES_EN } from './messages-en';

export * from './locale';

export const SERVER_MESSAGES: Record<Locale, Record<string, string>> = {
  ar: SERVER_MESSAGES_AR,
  en: SERVER_MESSAGES_EN,
};

export function translateServer(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const template = SERVER_MESSAGES[locale][key] ?? SERVER_MESSAGES[DEFAULT_LOCALE][key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
