import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  HttpStatus,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, type MoneyCommand } from '@pos/contracts';
import { AppException } from '../errors/app.exception';

export const IDEMPOTENT_KEY = 'pos:idempotent';

/**
 * Marks a route as a command that moves money or stock (listed in `MONEY_COMMANDS` of
 * @pos/contracts; a spec checks both lists agree). `header` (the default): the request must carry
 * an `Idempotency-Key` header, and the command runs once per key (CommandRunner). `body`: the
 * command's own client id is its key (the sale) and the header is not needed.
 */
export const Idempotent = (key: MoneyCommand['key'] = 'header') =>
  key === 'header'
    ? applyDecorators(
        SetMetadata(IDEMPOTENT_KEY, key),
        ApiHeader({
          name: IDEMPOTENCY_HEADER,
          required: true,
          description:
            'A UUID per intention: the same key again answers the first result; with another request, 409',
          schema: { type: 'string', format: 'uuid' },
        }),
      )
    : SetMetadata(IDEMPOTENT_KEY, key);

/** What travels in the request's meta to the CommandRunner. */
export type IdempotencyMeta = {
  key: string;
  /** method and route template, e.g. `POST /api/Expenses` */
  scope: string;
  /** sha256 of the user, the route, its parameters and the body (and an uploaded file) */
  hash: string;
  /** set once a command of this request has committed under the key (see CommandRunner.run) */
  used?: boolean;
};

type KeyedRequest = Request & { idempotencyKey?: string; file?: { buffer?: Buffer } };

/**
 * Runs after the AuthGuard (401/403 first): on a route marked `@Idempotent()` the key must be
 * there and be a UUID, else 400 before anything else is looked at.
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const mode = this.reflector.get<MoneyCommand['key'] | undefined>(
      IDEMPOTENT_KEY,
      context.getHandler(),
    );
    if (mode !== 'header') return true;
    const req = context.switchToHttp().getRequest<KeyedRequest>();
    const key = req.get(IDEMPOTENCY_HEADER);
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key))
      throw new AppException('IDEMPOTENCY_KEY_REQUIRED', HttpStatus.BAD_REQUEST);
    req.idempotencyKey = key.toLowerCase();
    return true;
  }
}

/** JSON with the object keys sorted, so the same body hashes the same whatever its key order. */
function stable(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Buffer.isBuffer(value))
    return JSON.stringify(createHash('sha256').update(value).digest('hex'));
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
}

/**
 * The key and fingerprint of a keyed request (the guard has checked the key), read when the
 * handler's parameters are resolved, after an upload has been parsed. Null elsewhere.
 */
export function requestIdempotency(
  req: KeyedRequest,
  userId: string | null,
): IdempotencyMeta | null {
  if (!req.idempotencyKey) return null;
  const route = (req.route as { path?: string } | undefined)?.path ?? req.path;
  const scope = `${req.method} ${route}`;
  const hash = createHash('sha256')
    .update(
      stable({
        userId,
        scope,
        params: req.params ?? {},
        body: req.body ?? null,
        file: req.file?.buffer ?? null,
      }),
    )
    .digest('hex');
  return { key: req.idempotencyKey, scope, hash };
}
