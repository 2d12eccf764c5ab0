import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { ModuleKey, PermissionKey } from '@pos/contracts';
import type { AuthUser } from './auth.types';
import { requestIdempotency, type IdempotencyMeta } from '../http/idempotency';

export const ACCESS_KEY = 'pos:access';

/**
 * What an endpoint needs. Every handler declares one (the route-permission test walks them all):
 * - `public`: anyone, no session;
 * - `session`: any signed-in user;
 * - `permissions`: every key (and, if modules are given, at least one enabled module);
 * - `admin`: the user's isAdmin flag.
 *
 * An API key (issue 30 item 11) is bounded by its permissions everywhere: it may call a
 * `permissions` endpoint that names at least one key, holding them all; a `session` endpoint
 * only where the endpoint names the keys that admit an API key (`apiKey`), holding them all;
 * a `public` one like anybody; nothing else (403 `API_KEY_NOT_ALLOWED`, or `FORBIDDEN` without
 * the keys). See docs/api-foundation.md "API keys".
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session'; apiKey?: PermissionKey[] }
  | { kind: 'permissions'; permissions: PermissionKey[]; modules?: ModuleKey[] }
  | { kind: 'admin' };

export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies Access);
/**
 * Any signed-in user. `apiKey`: the keys an integration's API key must hold to call it too
 * (without it, keys are refused: a person's endpoint, such as the till's shift and sale).
 */
export const Authenticated = (options: { apiKey?: PermissionKey[] } = {}) =>
  SetMetadata(ACCESS_KEY, {
    kind: 'session',
    ...(options.apiKey?.length ? { apiKey: options.apiKey } : {}),
  } satisfies Access);
export const AdminOnly = () => SetMetadata(ACCESS_KEY, { kind: 'admin' } satisfies Access);
export const RequirePermissions = (permissions: PermissionKey[], modules?: ModuleKey[]) =>
  SetMetadata(ACCESS_KEY, { kind: 'permissions', permissions, modules } satisfies Access);

/**
 * Reachable while the account has a step to take (a password to change, two-step sign-in to set
 * up): the account endpoints that take it. Every other call answers 403 with the step's code.
 */
export const ALLOW_PENDING_KEY = 'pos:allow-pending';
export const AllowPending = () => SetMetadata(ALLOW_PENDING_KEY, true);

/**
 * The endpoint also accepts a cashier's till grant (`X-Pos-Device-Grant`, issue 32 item 7): with
 * the header, the request acts as the grant's user, whoever the session cookie is. Only creating a
 * sale: the endpoint checks the grant's device against the sale's (core/auth/device-grants.ts).
 */
export const ACCEPTS_DEVICE_GRANT_KEY = 'pos:accepts-device-grant';
export const AcceptsDeviceGrant = () => SetMetadata(ACCEPTS_DEVICE_GRANT_KEY, true);

/** Skip the CSRF header check (the session endpoints check the form's token themselves). */
export const SKIP_CSRF_KEY = 'pos:skip-csrf';
export const SkipCsrf = () => SetMetadata(SKIP_CSRF_KEY, true);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest().user;
});

export type RequestMeta = {
  ip: string | null;
  userAgent: string | null;
  userId: string | null;
  /** On a route marked `@Idempotent()`: the request's key and fingerprint (CommandRunner.run). */
  idempotency?: IdempotencyMeta | null;
};
export const Meta = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestMeta => {
  const req = ctx.switchToHttp().getRequest();
  const userId = req.user?.id ?? null;
  const idempotency = requestIdempotency(req, userId);
  return {
    ip: req.ip ?? null,
    userAgent: req.get?.('user-agent') ?? null,
    userId,
    ...(idempotency ? { idempotency } : {}),
  };
});
