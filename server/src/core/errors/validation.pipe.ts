import {
  HttpException,
  HttpStatus,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import { findNul } from '@pos/contracts';
import { AppException } from './app.exception';

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

/** The class-validator rules that say a value has the wrong type. */
const TYPE_RULES = new Set(['isString', 'isBoolean', 'isInt', 'isNumber', 'isArray', 'isUuid']);

/**
 * Flattens class-validator errors into i18n keys: a DTO's own key, else one per constraint. One
 * message per field: a value of the wrong type says so (`true` as an amount is "must be a whole
 * number", not also "above the limit"), else the first rule it fails.
 */
export function validationDetails(errors: ValidationError[], prefix = ''): Detail[] {
  const found: { detail: Detail; type: boolean }[] = [];
  const walk = (list: ValidationError[], base: string): void => {
    for (const error of list) {
      const field = base ? `${base}.${error.property}` : error.property;
      for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
        const key =
          constraint === 'whitelistValidation'
            ? 'validation.unknownField'
            : message.startsWith('validation.')
              ? message
              : `validation.constraint.${CONSTRAINT_KEYS[constraint] ?? 'default'}`;
        found.push({ detail: { key, params: { field } }, type: TYPE_RULES.has(constraint) });
      }
      if (error.children?.length) walk(error.children, field);
    }
  };
  walk(errors, prefix);
  const fieldOf = (d: Detail) => String(d.params?.field ?? '');
  const typed = new Set(found.filter((f) => f.type).map((f) => fieldOf(f.detail)));
  const seen = new Set<string>();
  return found
    .filter(({ detail, type }) => {
      const field = fieldOf(detail);
      if ((typed.has(field) && !type) || seen.has(field)) return false;
      seen.add(field);
      return true;
    })
    .map((f) => f.detail);
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
