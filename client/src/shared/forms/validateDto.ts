import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import '../api/validationMessages';
import {
  SERVER_MESSAGES,
  fieldLabel as labelOf,
  parseLocale,
  translateServer,
} from '@pos/contracts';

/** Field name → the message to show under it (first failing rule). */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Validates a form's payload with the same class-validator DTO class the server uses, and turns
 * each failure into text in the user's language. A message that is an i18n key of the contracts
 * (`validation.branch.nameRequired`) is translated as is; a built-in constraint message is
 * replaced by the contracts' `validation.constraint.<name>` text with the field's label — the
 * same wording the server would answer with.
 */
export async function validateDto(
  dto: new () => object,
  payload: object,
  language: string,
  fieldLabel?: (field: string) => string,
): Promise<FieldErrors> {
  const instance = plainToInstance(dto, payload);
  const errors = await validate(instance, { skipMissingProperties: false });
  const locale = parseLocale(language?.slice(0, 2));
  // The form's own label, else the field's label from the contracts (as the server names it).
  const label = fieldLabel ?? ((field: string) => labelOf(locale, field));
  const out: FieldErrors = {};
  const walk = (list: ValidationError[], prefix: string): void => {
    for (const error of list) {
      const field = prefix ? `${prefix}.${error.property}` : error.property;
      if (error.constraints && out[field] === undefined) {
        const [name, message] = Object.entries(error.constraints)[0];
        out[field] = describe(locale, name, message, label(field));
      }
      if (error.children?.length) walk(error.children, field);
    }
  };
  walk(errors, '');
  return out;
}

function describe(locale: 'ar' | 'en', constraint: string, message: string, label: string): string {
  if (SERVER_MESSAGES[locale][message] !== undefined || SERVER_MESSAGES.ar[message] !== undefined) {
    return translateServer(locale, message, { field: label });
  }
  const key = `validation.constraint.${constraint}`;
  const known = SERVER_MESSAGES[locale][key] !== undefined;
  return translateServer(locale, known ? key : 'validation.constraint.default', { field: label });
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((value) => value !== undefined);
}

/** One failed rule's text in the user's language (for errors found by another validator run, e.g. react-hook-form's resolver). */
export function describeError(
  language: string,
  constraint: string,
  message: string,
  label: string,
): string {
  return describe(parseLocale(language?.slice(0, 2)), constraint, message, label);
}
