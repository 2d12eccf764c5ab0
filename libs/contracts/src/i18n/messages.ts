// Server messages (errors and validation) in both locales. Keys: `errors.<CODE>`,
// `validation.<area>.<rule>` and `validation.constraint.<class-validator constraint>`. The texts
// live in messages-ar.ts and messages-en.ts (the client loads the other language lazily).
import { DEFAULT_LOCALE, type Locale } from './locale';
import { SERVER_MESSAGES_AR } from './messages-ar';
import { SERVER_MESSAGES_EN } from './messages-en';
import { FIELD_LABELS_AR } from './field-labels-ar';
import { FIELD_LABELS_EN } from './field-labels-en';

export * from './locale';

export const SERVER_MESSAGES: Record<Locale, Record<string, string>> = {
  ar: SERVER_MESSAGES_AR,
  en: SERVER_MESSAGES_EN,
};

/**
 * The fields' labels (`field.<property>`…), apart from the messages so that the client's first
 * load (which carries the Arabic messages) does not carry them: only the code that names fields
 * (the server's error filter, the client's form validation) imports them.
 */
export const FIELD_LABELS: Record<Locale, Record<string, string>> = {
  ar: FIELD_LABELS_AR,
  en: FIELD_LABELS_EN,
};

export function translateServer(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const template = SERVER_MESSAGES[locale][key] ?? SERVER_MESSAGES[DEFAULT_LOCALE][key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

const INDEX = /^\d+$/;

/**
 * A field's label for messages (issue 30 item 2), from its path as class-validator or findNul
 * gives it (`payment.amount`, `lines.2.quantity`, `lines[2].quantity`): the property's label, the
 * parent's own wording where it has one (`field.payment.amount`), and the list element it sits in
 * ("الكمية في السطر 3"). A key with no label (an unknown field the client sent) stays as sent.
 */
export function fieldLabel(locale: Locale, path: string): string {
  const labels = FIELD_LABELS[locale];
  const text = (key: string) => labels[key] ?? FIELD_LABELS[DEFAULT_LOCALE][key];
  const parts = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((p) => p !== '');
  if (parts.length === 0) return path;
  const fill = (key: string, params: Record<string, string | number>) =>
    (text(key) ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
  const own = (i: number): string => {
    const name = parts[i];
    const parent = i > 0 && !INDEX.test(parts[i - 1]) ? parts[i - 1] : null;
    return (parent && text(`field.${parent}.${name}`)) || text(`field.${name}`) || name;
  };
  const item = (list: string, index: string): string => {
    const n = Number(index) + 1;
    return text(`field.item.${list}`)
      ? fill(`field.item.${list}`, { n })
      : fill('field.item', { n, list: own(parts.indexOf(list)) });
  };
  // From the leaf outwards: a list element adds "in line 3", an object parent adds "(payment)"
  // unless the leaf already has the parent's own wording.
  let i = parts.length - 1;
  let label: string;
  if (INDEX.test(parts[i])) {
    if (i === 0) return path;
    label = item(parts[i - 1], parts[i]);
    i -= 2;
  } else {
    label = own(i);
    const parent = i > 0 ? parts[i - 1] : null;
    const worded = parent !== null && !INDEX.test(parent) && !!text(`field.${parent}.${parts[i]}`);
    i -= worded ? 2 : 1;
  }
  while (i >= 0) {
    if (INDEX.test(parts[i])) {
      if (i === 0) break;
      label = fill('field.in', { field: label, item: item(parts[i - 1], parts[i]) });
      i -= 2;
    } else {
      label = fill('field.of', { field: label, parent: own(i) });
      i -= 1;
    }
  }
  return label;
}

/**
 * One validation detail's text: its message with the field named by its label. An unknown field
 * keeps the key the client sent (that is what the client must fix).
 */
export function translateValidation(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const field = params.field;
  if (typeof field !== 'string' || key === 'validation.unknownField')
    return translateServer(locale, key, params);
  return translateServer(locale, key, { ...params, field: fieldLabel(locale, field) });
}

/** The class-validator rules that say a value has the wrong type. */
export const TYPE_RULES: ReadonlySet<string> = new Set([
  'isString',
  'isBoolean',
  'isInt',
  'isNumber',
  'isArray',
  'isUuid',
]);

/**
 * One failed rule per field (server and client alike): a value of the wrong type says so (`true`
 * as an amount is "must be a whole number", not also "above the limit"), else the first rule.
 */
export function onePerField<T extends { field: string; rule: string }>(found: readonly T[]): T[] {
  const typed = new Set(found.filter((f) => TYPE_RULES.has(f.rule)).map((f) => f.field));
  const seen = new Set<string>();
  return found.filter((f) => {
    if ((typed.has(f.field) && !TYPE_RULES.has(f.rule)) || seen.has(f.field)) return false;
    seen.add(f.field);
    return true;
  });
}
