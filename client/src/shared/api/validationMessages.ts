import { SERVER_MESSAGES, onePerField, parseLocale, translateValidation } from '@pos/contracts';
import { setValidationDescriber, type ValidationErrorLike } from './handleError';

/**
 * The messages of class-validator errors, each naming its field by its label as the server does
 * (`lines.2.quantity` → "الكمية في السطر 3"): a contracts key (`validation.branch.nameRequired`)
 * as is, a built-in rule by its `validation.constraint.<rule>` text.
 */
export function collectMessages(errors: ValidationErrorLike[], language: string): string[] {
  const locale = parseLocale(language?.slice(0, 2));
  const found: { field: string; rule: string; key: string }[] = [];
  const walk = (list: ValidationErrorLike[], prefix: string): void => {
    for (const e of list) {
      const field = prefix ? `${prefix}.${e.property ?? ''}` : (e.property ?? '');
      for (const [rule, message] of Object.entries(e.constraints ?? {})) {
        const key =
          rule === 'whitelistValidation'
            ? 'validation.unknownField'
            : SERVER_MESSAGES.ar[message] !== undefined
              ? message
              : SERVER_MESSAGES.ar[`validation.constraint.${rule}`] !== undefined
                ? `validation.constraint.${rule}`
                : 'validation.constraint.default';
        found.push({ field, rule, key });
      }
      if (e.children?.length) walk(e.children, field);
    }
  };
  walk(errors, '');
  return onePerField(found).map((f) => translateValidation(locale, f.key, { field: f.field }));
}

/** Joined as the server joins them. */
export function describeValidationErrors(errors: ValidationErrorLike[], language: string): string {
  return collectMessages(errors, language).join(
    parseLocale(language?.slice(0, 2)) === 'en' ? '; ' : '، ',
  );
}

setValidationDescriber(describeValidationErrors);
