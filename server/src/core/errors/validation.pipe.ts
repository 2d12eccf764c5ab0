import {
  HttpException,
  HttpStatus,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import { findNul, onePerField } from '@pos/contracts';
import { AppException } from './app.exception';
import { cacheValidationMetadata } from './validation-metadata-cache';

type Detail = { key: string; params?: Record<string, string | number> };

const CONSTRAINT_KEYS: Record<string, string> = {
  isString: 'isString',
  isBoolean: 'isBoolean',
  isInt: 'isInt',
  isNumber: 'isNumber',
  isArray: 'isArray',
  isUuid: 'isUuid',
  isIn: 'isIn',
  min: 'min',
  max: 'max',
  minLength: 'minLength',
  maxLength: 'maxLength',
  arrayUnique: 'arrayUnique',
  matches: 'matches',
  isEmail: 'isEmail',
  isUrl: 'isUrl',
};

/**
 * Flattens class-validator errors into i18n keys: a DTO's own key, else one per constraint; one
 * message per field (onePerField: the type rule first).
 */
export function validationDetails(errors: ValidationError[], prefix = ''): Detail[] {
  const found: { detail: Detail; field: string; rule: string }[] = [];
  const walk = (list: ValidationError[], base: string): void => {
    for (const error of list) {
      const field = base ? `${base}.${error.property}` : error.property;
      for (const [rule, message] of Object.entries(error.constraints ?? {})) {
        const key =
          rule === 'whitelistValidation'
            ? 'validation.unknownField'
            : message.startsWith('validation.')
              ? message
              : `validation.constraint.${CONSTRAINT_KEYS[rule] ?? 'default'}`;
        found.push({ detail: { key, params: { field } }, field, rule });
      }
      if (error.children?.length) walk(error.children, field);
    }
  };
  walk(errors, prefix);
  return onePerField(found).map((f) => f.detail);
}

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The path of the first key that names an object's prototype (`__proto__`, `constructor`,
 * `prototype`) anywhere in a parsed body. class-transformer skips such keys, so the whitelist never
 * sees them: without this a body made only of them would pass as an empty, valid one.
 */
export function findPrototypeKey(value: unknown, path = '', depth = 0): string | null {
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const key of Object.keys(value)) {
    const here = path ? `${path}.${key}` : key;
    if (PROTOTYPE_KEYS.has(key)) return here;
    const inner = findPrototypeKey((value as Record<string, unknown>)[key], here, depth + 1);
    if (inner) return inner;
  }
  return null;
}

/**
 * class-transformer converts before class-validator checks, and a conversion can throw on hostile
 * input (`Number({ toString: 'x' })` → TypeError). Such a body is bad input, never a 500.
 */
class SafeValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Behind the global NUL check (nul-guard.ts), for what it does not see: multipart text fields.
    const nul = metadata.type === 'custom' ? null : findNul(value);
    if (nul) {
      const field =
        metadata.type === 'body' || metadata.type === 'query' ? nul : (metadata.data ?? nul);
      throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
        { key: 'validation.constraint.nul', params: { field } },
      ]);
    }
    const polluting =
      metadata.type === 'body' || metadata.type === 'query' ? findPrototypeKey(value) : null;
    if (polluting) {
      throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
        { key: 'validation.unknownField', params: { field: polluting } },
      ]);
    }
    try {
      return await super.transform(value, metadata);
    } catch (e) {
      if (e instanceof HttpException) throw e;
      throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
        { key: 'validation.constraint.default', params: { field: metadata.data ?? metadata.type } },
      ]);
    }
  }
}

export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new SafeValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) =>
      new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, validationDetails(errors)),
  });
}
