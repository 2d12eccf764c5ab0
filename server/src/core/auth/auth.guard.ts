import { logRequestUser } from '../logging/logging';
import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import {
  CSRF_HEADER,
  DEVICE_GRANT_HEADER,
  SESSION_COOKIE,
  hasPermission,
  type PermissionKey,
} from '@pos/contracts';
import { AppException, Errors } from '../errors/app.exception';
import type { AuthUser } from './auth.types';
import { BearerAuthenticator } from './bearer-authenticator';
import { SettingsReader } from './settings.reader';
import { csrfMatches } from './csrf';
import {
  ACCEPTS_DEVICE_GRANT_KEY,
  ACCESS_KEY,
  ALLOW_PENDING_KEY,
  type Access,
  SKIP_CSRF_KEY,
} from './decorators';
import { DeviceGrantService } from './device-grants';
import { SecretsService } from './secrets.service';
import { SessionService } from './session.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The permission keys an API key must hold to pass an endpoint's access, or an empty list when
 * no key may call it at all (issue 30 item 11): a `permissions` endpoint's keys (none named, as a
 * module-only endpoint: refused), a `session` endpoint's `apiKey` keys (none: refused); an
 * `admin` endpoint refuses every key before this (a key is never an administrator).
 */
export function apiKeyPermissions(access: Access): readonly PermissionKey[] {
  if (access.kind === 'permissions') return access.permissions;
  if (access.kind === 'session') return access.apiKey ?? [];
  return [];
}

/**
 * A cookie-carrying state change must come from this site: its Origin (or, without one, its
 * Referer) names the host the request was sent to. No header at all is allowed (non-browser
 * clients; browsers send Origin on every cross-site POST). Defence in depth under SameSite + CSRF.
 */
export function sameOrigin(req: Request): boolean {
  const source = req.get('origin') ?? req.get('referer');
  if (source === undefined) return true;
  let host: string;
  try {
    host = new URL(source).host;
  } catch {
    return false; // "null" (sandboxed or privacy-redirected) and garbage
  }
  // req.host honours X-Forwarded-Host only when `trust proxy` says the proxy is trusted.
  return host !== '' && (host === req.get('host') || host === req.host);
}

/**
 * The one gate of the API: resolves the session, then applies the endpoint's declared access
 * (401 without a session, 403 without the permission), and the CSRF header on state changes.
 * An endpoint that declares nothing needs a session.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    private readonly secrets: SecretsService,
    private readonly settings: SettingsReader,
    private readonly apiKeys: BearerAuthenticator,
    private readonly grants: DeviceGrantService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request & { user?: unknown }>();
    const access =
      this.reflector.getAllAndOverride<Access>(ACCESS_KEY, [
        context.getHandler(),
        context.getClass(),
      ]) ?? ({ kind: 'session' } as Access);
    const cookies = req.cookies as Record<string, string> | undefined;
    if (
      !SAFE_METHODS.has(req.method) &&
      cookies &&
      Object.keys(cookies).length > 0 &&
      !sameOrigin(req)
    ) {
      throw Errors.csrf();
    }
    const token = cookies?.[SESSION_COOKIE];
    // A cashier's till grant where the endpoint takes one (a sale rung offline, sent later: it is
    // the cashier's whoever is signed in now); a grant that no longer holds is a refusal, final.
    const grant = req.get(DEVICE_GRANT_HEADER);
    const byGrant =
      grant !== undefined &&
      this.reflector.getAllAndOverride<boolean>(ACCEPTS_DEVICE_GRANT_KEY, [
        context.getHandler(),
        context.getClass(),
      ]);
    let user: AuthUser | null;
    if (byGrant) {
      user = await this.grants.resolve(grant);
      if (!user) throw new AppException('DEVICE_GRANT_INVALID', HttpStatus.FORBIDDEN);
    } else {
      // A session cookie, or else an integration's API key (`Authorization: Bearer pos_…`).
      user =
        (await this.sessions.resolve(token)) ??
        (await this.apiKeys.resolve(req.get('authorization')));
    }
    if (user) {
      req.user = user;
      logRequestUser(user);
    }
    if (access.kind === 'public') return true;
    if (!user) throw Errors.unauthenticated();

    const skipCsrf = this.reflector.getAllAndOverride<boolean>(SKIP_CSRF_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (
      !SAFE_METHODS.has(req.method) &&
      !skipCsrf &&
      !user.viaApiKey &&
      !user.deviceGrant &&
      !csrfMatches(req, req.get(CSRF_HEADER), this.secrets)
    ) {
      throw Errors.csrf();
    }

    // A generated password to change, or two-step sign-in to set up: nothing else until it is done.
    if (
      user.pendingStep &&
      !this.reflector.getAllAndOverride<boolean>(ALLOW_PENDING_KEY, [
        context.getHandler(),
        context.getClass(),
      ])
    ) {
      throw new AppException(user.pendingStep, HttpStatus.FORBIDDEN);
    }

    if (access.kind === 'admin' && !user.isAdmin) throw Errors.forbidden();
    // An API key acts only through endpoints that name the permission keys it must hold.
    const required = user.viaApiKey ? apiKeyPermissions(access) : null;
    if (required !== null && required.length === 0) {
      throw new AppException('API_KEY_NOT_ALLOWED', HttpStatus.FORBIDDEN);
    }
    if (access.kind === 'permissions' || required) {
      const modules = await this.settings.enabledModules();
      const shape = { permissions: user.permissions.map((key) => ({ key })) };
      const keys = required ?? (access.kind === 'permissions' ? access.permissions : []);
      const needed = access.kind === 'permissions' ? (access.modules ?? []) : [];
      if (!hasPermission(shape, keys, needed, modules)) {
        throw Errors.forbidden();
      }
    }
    return true;
  }
}
