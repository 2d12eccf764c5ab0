import i18n from 'i18next';
import { toast } from '../ui/toast';
import { ApiClientError } from './ApiClientError';

export type HandleErrorOptions = {
  /** Show the message as an error toast (spec §8: "toast only when requested"). */
  toast?: boolean;
  /** Toast in the shell's general style (session and store-wide loads) rather than the screen's. */
  general?: boolean;
};

export type ValidationErrorLike = {
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
 * How class-validator errors become one message. The labelled version (the contracts' field labels
 * and messages, as the server names fields: `shared/api/validationMessages.ts`) registers itself
 * when a form that validates loads it, so the shell's first load does not carry the catalogue;
 * until then a rule's own text is used.
 */
let describeValidation: (errors: ValidationErrorLike[], language: string) => string = (errors) =>
  errors
    .flatMap(function texts(e): string[] {
      return [...Object.values(e.constraints ?? {}), ...(e.children ?? []).flatMap(texts)];
    })
    .join('، ');

export function setValidationDescriber(describe: typeof describeValidation): void {
  describeValidation = describe;
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
      message: describeValidation(err, i18n.language),
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
 * `statusMessage`), anything else its own message; toast only when asked.
 */
export function handleError(err: unknown, options: HandleErrorOptions = {}): ApiClientError {
  const normalised = normalizeError(err);
  if (options.toast)
    toast.error(normalised.message || normalised.statusMessage, { general: options.general });
  return normalised;
}
