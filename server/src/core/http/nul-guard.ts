import { HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { findNul } from '@pos/contracts';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { AppException } from '../errors/app.exception';

const filter = new AllExceptionsFilter();

/** The decoded path, or the raw one when it does not decode (routing then answers that). */
function decodedPath(req: Request): string {
  try {
    return decodeURIComponent(req.path);
  } catch {
    return req.path;
  }
}

/**
 * One check for the whole API, before routing (issue 11, item 4): a NUL character anywhere in the
 * path, the query, or a parsed form or JSON body is a 400 in the caller's language. PostgreSQL text
 * cannot hold NUL, and no legitimate input needs it; without this check it reached the database as
 * a 500. Multipart text fields are checked by the validation pipe (see createValidationPipe).
 */
export function rejectNulBytes(req: Request, res: Response, next: NextFunction): void {
  const field =
    (decodedPath(req).includes('\u0000') ? 'path' : null) ??
    findNul(req.query) ??
    (req.body && typeof req.body === 'object' ? findNul(req.body) : null);
  if (!field) return next();
  const error = new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
    { key: 'validation.constraint.nul', params: { field } },
  ]);
  const body = filter.toBody(error, req);
  res.status(body.statusCode).json(body);
}
