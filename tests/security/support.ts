import { hasPermission } from '@pos/contracts';
import { Client, type TestApp } from '../medium/support/app';
import type { RegisteredRoute } from '../medium/support/routes';

export const DEMO_ROLES = ['admin', 'manager', 'cashier', 'storekeeper', 'accountant'] as const;

export type Actor = {
  name: string;
  client: Client | null;
  isAdmin: boolean;
  permissions: string[];
  branchId: string | null;
  /** An integration's API key (Authorization: Bearer), instead of a session. */
  bearer?: string;
};

/** A demo user signed in, with what the server says they hold (GET /api/auth/session). */
export async function demoActor(t: TestApp, username: string): Promise<Actor> {
  const client = new Client(t.app);
  const res = await client.signIn(username);
  if (res.status !== 200)
    throw new Error(`sign-in ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  const session = await client.get('/api/auth/session');
  const user = session.body.user;
  return {
    name: username,
    client,
    isAdmin: user.isAdmin,
    permissions: user.permissions.map((p: { key: string }) => p.key),
    branchId: user.branchId,
  };
}

export type Expectation = 'allowed' | 401 | 403;

/**
 * The permission keys an API key must hold on this route, or [] when no key may call it (issue 30
 * item 11: a key acts only through endpoints that name the keys it holds).
 */
export function apiKeyKeys(route: RegisteredRoute): string[] {
  const access = route.access;
  if (access.kind === 'permissions') return access.permissions;
  if (access.kind === 'session') return access.apiKey ?? [];
  return [];
}

/** What the route's declared access means for this actor (the guard's rule, restated). */
export function expectedFor(
  route: RegisteredRoute,
  actor: Actor,
  enabledModules: string[],
): Expectation {
  const access = route.access;
  if (access.kind === 'public') return 'allowed';
  if (!actor.client && !actor.bearer) return 401;
  if (access.kind === 'admin') return actor.isAdmin ? 'allowed' : 403;
  const shape = { permissions: actor.permissions.map((key) => ({ key })) };
  if (actor.bearer) {
    const keys = apiKeyKeys(route);
    if (!keys.length) return 403;
    const modules = access.kind === 'permissions' ? (access.modules ?? []) : [];
    return hasPermission(shape, keys, modules, enabledModules) ? 'allowed' : 403;
  }
  if (access.kind === 'session') return 'allowed';
  return hasPermission(shape, access.permissions, access.modules ?? [], enabledModules)
    ? 'allowed'
    : 403;
}

/** The code of the guard's 403 for this actor on this route. */
export function refusalCode(route: RegisteredRoute, actor: Actor): string {
  return actor.bearer && route.access.kind !== 'admin' && apiKeyKeys(route).length === 0
    ? 'API_KEY_NOT_ALLOWED'
    : 'FORBIDDEN';
}

/** The codes with which the guard refuses (a handler's own 403, e.g. a date filter, is another code). */
export const GUARD_REFUSALS = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'API_KEY_NOT_ALLOWED',
  'CSRF_INVALID',
];
