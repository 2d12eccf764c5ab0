import { HttpException, HttpStatus } from '@nestjs/common';
import { changeTooLargeDetail, type ErrorCode } from '@pos/contracts';

/**
 * The one exception the app throws on purpose: a stable code (→ i18n key `errors.<code>`), an HTTP
 * status, and parameters for the message. Validation errors carry their already combined keys.
 */
export class AppException extends HttpException {
  constructor(
    readonly code: ErrorCode | string,
    status: HttpStatus,
    readonly params: Record<string, string | number> = {},
    /** i18n keys (with params) to combine instead of `errors.<code>` */
    readonly details: { key: string; params?: Record<string, string | number> }[] = [],
  ) {
    super(code, status);
  }
}

export const Errors = {
  unauthenticated: () => new AppException('UNAUTHENTICATED', HttpStatus.UNAUTHORIZED),
  forbidden: () => new AppException('FORBIDDEN', HttpStatus.FORBIDDEN),
  notFound: () => new AppException('NOT_FOUND', HttpStatus.NOT_FOUND),
  csrf: () => new AppException('CSRF_INVALID', HttpStatus.FORBIDDEN),
  badRequest: (code: ErrorCode | string, params?: Record<string, string | number>) =>
    new AppException(code, HttpStatus.BAD_REQUEST, params),
  conflict: (code: ErrorCode | string, params?: Record<string, string | number>) =>
    new AppException(code, HttpStatus.CONFLICT, params),
};

/**
 * A payment beyond one document's money (LIMITS.documentTotal), found by the command after it
 * checked what is owed: the validation message of that field, as the DTO rule would give it.
 */
export const paymentTooLarge = (field: string) =>
  new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
    { key: 'validation.limit.documentTotal', params: { field } },
  ]);

/**
 * Change beyond LIMITS.maxChange (docs/decisions/0131): the amount received was mistyped. The
 * message names the cash payment's field by its label, the change and the bound.
 */
export const changeTooLarge = (over: { change: number; field: string }) =>
  new AppException('CHANGE_TOO_LARGE', HttpStatus.BAD_REQUEST, {}, [changeTooLargeDetail(over)]);
