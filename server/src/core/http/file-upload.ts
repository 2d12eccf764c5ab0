import {
  HttpStatus,
  PayloadTooLargeException,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { catchError, throwError, type Observable } from 'rxjs';
import { AppException } from '../errors/app.exception';

/** A form with one uploaded file in its `file` field (at most `maxBytes`): `@UploadedFile()`. */
export const FileUpload = (maxBytes: number) =>
  UseInterceptors(FileInterceptor('file', { limits: { fileSize: maxBytes, files: 1 } }));

/** A file over the limit: a localised 400 naming the field by its label (`field.<label>`). */
export const fileTooLarge = (label: string, maxBytes: number) =>
  new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
    {
      key: 'validation.fileTooLarge',
      params: { field: label, max: Math.round((maxBytes / (1024 * 1024)) * 10) / 10 },
    },
  ]);

/**
 * One uploaded file in the form field `field` (at most `maxBytes`); one over the limit is refused
 * as bad input naming the field by its label (`field.<label>`), not as a bare 413.
 */
export const NamedFileUpload = (field: string, maxBytes: number, label: string) => {
  class TooLargeNamed implements NestInterceptor {
    intercept(_: ExecutionContext, next: CallHandler): Observable<unknown> {
      return next
        .handle()
        .pipe(
          catchError((err: unknown) =>
            throwError(() =>
              err instanceof PayloadTooLargeException ? fileTooLarge(label, maxBytes) : err,
            ),
          ),
        );
    }
  }
  return UseInterceptors(
    TooLargeNamed,
    FileInterceptor(field, { limits: { fileSize: maxBytes, files: 1 } }),
  );
};
