import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { STATUS_CODES } from 'node:http';
import { translateServer, translateValidation, type ApiError } from '@pos/contracts';
import { requestLocale } from '../i18n/locale';
import { AppException } from './app.exception';

type PgError = { code?: string; constraint?: string; detail?: string };

/**
 * Every error leaves the API as `{ statusCode, statusMessage, message, code }`, with `message` in
 * the caller's language. Database errors caused by input become 4xx; anything unexpected is a
 * logged 500 with a generic message (no stack traces to clients).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const body = this.toBody(exception, req);
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }

  toBody(exception: unknown, req: Request): ApiError {
    const locale = requestLocale(req);
    const make = (status: number, code: string, message: string): ApiError => ({
      statusCode: status,
      statusMessage: STATUS_CODES[status] ?? 'Error',
      message,
      code,
    });

    if (exception instanceof AppException) {
      const status = exception.getStatus();
      const message = exception.details.length
        ? exception.details
            .map((d) => translateValidation(locale, d.key, d.params))
            .join(locale === 'en' ? '; ' : '، ')
        : translateServer(locale, `errors.${exception.code}`, exception.params);
      return make(status, exception.code, message);
    }

    if (exception instanceof QueryFailedError) {
      const pg = exception.driverError as PgError;
      if (pg.code === '23505') {
        if (pg.constraint?.startsWith('PK_') || pg.constraint?.endsWith('_pkey')) {
          return make(
            400,
            'ID_ALREADY_EXISTS',
            translateServer(locale, 'errors.ID_ALREADY_EXISTS'),
          );
        }
        const value = /\)=\((.*)\)/.exec(pg.detail ?? '')?.[1] ?? '';
        return make(
          400,
          'UNIQUE_VIOLATION',
          translateServer(locale, 'errors.UNIQUE_VIOLATION', { value }),
        );
      }
      if (pg.code === '23503')
        return make(409, 'CONFLICT', translateServer(locale, 'errors.CONFLICT'));
      // Bad text or dates that slipped past validation (NUL: 22021; impossible dates: 22007, 22008).
      if (['22P02', '22003', '22001', '23514', '22021', '22007', '22008'].includes(pg.code ?? '')) {
        return make(400, 'VALIDATION_FAILED', translateServer(locale, 'errors.VALIDATION_FAILED'));
      }
    }

    // The database went away (restart, failover, network): a clear, retryable 503.
    const cause = exception as
      | { code?: string; message?: string; driverError?: { code?: string; message?: string } }
      | undefined;
    const dbCode = cause?.driverError?.code ?? cause?.code;
    const dbMessage = `${cause?.message ?? ''} ${cause?.driverError?.message ?? ''}`;
    if (
      (dbCode &&
        [
          'ECONNREFUSED',
          'ECONNRESET',
          'EPIPE',
          'ETIMEDOUT',
          '57P01',
          '57P02',
          '57P03',
          '08000',
          '08001',
          '08003',
          '08004',
          '08006',
          '53300',
        ].includes(dbCode)) ||
      /Connection terminated|connection timeout|already released|timeout exceeded when trying to connect|not queryable|Driver not Connected|server closed the connection|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i.test(
        dbMessage,
      )
    ) {
      return make(
        HttpStatus.SERVICE_UNAVAILABLE,
        'DATABASE_UNAVAILABLE',
        translateServer(locale, 'errors.DATABASE_UNAVAILABLE'),
      );
    }

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = this.codeFor(status, exception);
      return make(status, code, translateServer(locale, `errors.${code}`));
    }

    // body-parser errors arrive as plain errors with a status (malformed JSON, too large).
    const raw = exception as { status?: number; type?: string } | undefined;
    if (raw && typeof raw.status === 'number' && raw.status >= 400 && raw.status < 500) {
      const code =
        raw.type === 'entity.too.large'
          ? 'PAYLOAD_TOO_LARGE'
          : raw.type === 'entity.parse.failed'
            ? 'MALFORMED_JSON'
            : 'VALIDATION_FAILED';
      return make(raw.status, code, translateServer(locale, `errors.${code}`));
    }

    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return make(
      HttpStatus.INTERNAL_SERVER_ERROR,
      'INTERNAL',
      translateServer(locale, 'errors.INTERNAL'),
    );
  }

  private codeFor(status: number, exception: HttpException): string {
    const cause = exception.cause as { type?: string } | undefined;
    if (status === 400 && /JSON|Unexpected token|parse/i.test(exception.message))
      return 'MALFORMED_JSON';
    if (cause?.type === 'entity.parse.failed') return 'MALFORMED_JSON';
    switch (status) {
      case 401:
        return 'UNAUTHENTICATED';
      case 403:
        return 'FORBIDDEN';
      case 404:
        return 'ROUTE_NOT_FOUND';
      case 413:
        return 'PAYLOAD_TOO_LARGE';
      case 415:
        return 'UNSUPPORTED_FILE';
      case 429:
        return 'TOO_MANY_ATTEMPTS';
      default:
        return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
    }
  }
}
