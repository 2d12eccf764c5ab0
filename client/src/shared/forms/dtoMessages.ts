import '../api/validationMessages';
import { SERVER_MESSAGES, parseLocale, translateServer } from '@pos/contracts';

/**
 * One failed rule's text in the user's language, naming the field by its label — the same wording
 * the server answers with: a message that is a contracts key (`validation.branch.nameRequired`) is
 * translated as is; a built-in constraint is replaced by the contracts' `validation.constraint.<name>`.
 */
export function describeError(
  language: string,
  constraint: string,
  message: string,
  label: string,
): string {
  const locale = parseLocale(language?.slice(0, 2));
  if (SERVER_MESSAGES[locale][message] !== undefined || SERVER_MESSAGES.ar[message] !== undefined) {
    return translateServer(locale, message, { field: label });
  }
  const key = `validation.constraint.${constraint}`;
  const known = SERVER_MESSAGES[locale][key] !== undefined;
  return translateServer(locale, known ? key : 'validation.constraint.default', { field: label });
}
