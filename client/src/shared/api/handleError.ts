import i18n from 'i18next';
import { SERVER_MESSAGES, onePerField, parseLocale, translateValidation } from '@pos/contracts';
import { toast } from '../ui/toast';
import { ApiClientError } from './ApiClientError';

export type HandleErrorOptions = {
  /** Show the message as an error toast (spec §8: "toast only when requested"). */
  toast?: boolean;
  /** Toast in the shell's general style (session and store-wide loads) rather than the screen's. */
  general?: boolean;
  /** Throw the (normalised) error again after handling. */
  rethrow?: boolean;
};

type ValidationErrorLike = {
  property?: string;
  constraints?: Record<string, string>;
  children?: ValidationErrorLike[];
};

function isValidationErrors(err: unknown): err is ValidationErrorLike[] {
  return (
    Array.isArray(err) &&
    err.length > 0 &&
    err.every((e) => e && typeof e === 'object' && ('constraints' in e || 'children' in e))
  );
}

/**
 * The messages of class-validator errors, each naming its field by its label as the server does
 * (`lines.2.quantity` → "الكمية في السطر 3"): a contracts key (`validation.branch.nameRequired`)
 * as is, a built-in rule by its `validation.constraint.<rule>` text.
 */
function collectMessages(errors: ValidationErrorLike[]): string[] {
  const locale = parseLocale(i18n.language?.slice(0, 2));
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

/** Turn anything thrown into an ApiClientError (the message the user should read). */
export function normalizeError(err: unknown): ApiClientError {
  if (err instanceof ApiClientError) {
    if (err.message) return err;
    return new ApiClientError({
      status: err.status,
      code: err.code,
      message: err.statusMessage || i18n.t('common:errors.unexpected'),
      statusMessage: err.statusMessage,
    });
  }
  // Schema (class-validator) errors become a 400 with one combined message.
  if (isValidationErrors(err)) {
    return new ApiClientError({
      status: 400,
      code: 'VALIDATION_FAILED',
      // Joined as the server joins them.
      message: collectMessages(err).join(
        parseLocale(i18n.language?.slice(0, 2)) === 'en' ? '; ' : '، ',
      ),
      statusMessage: 'Bad Request',
    });
  }
  // A fetch that never reached the server (offline): the browser's English text is not shown.
  if (err instanceof TypeError && /fetch|network|load failed/i.test(err.message)) {
    return new ApiClientError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: i18n.t('common:errors.network'),
      statusMessage: '',
    });
  }
  const message =
    err instanceof Error
      ? err.message
      : typeof err === 'string'
        ? err
        : i18n.t('common:errors.unexpected');
  return new ApiClientError({ status: 0, code: 'CLIENT_ERROR', message, statusMessage: '' });
}

/**
 * The shared error handler of spec §8: network/API errors show the server's `message` (or its
 * `statusMessage`), anything else its own message; toast only when asked; rethrow when asked.
 */
export function handleError(err: unknown, options: HandleErrorOptions = {}): ApiClientError {
  const normalised = normalizeError(err);
  if (options.toast)
    toast.error(normalised.message || normalised.statusMessage, { general: options.general });
  if (options.rethrow) throw normalised;
  return normalised;
}
