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

/** What the route's declared access means for this actor (the guard's rule, restated). */
export function expectedFor(
  route: RegisteredRoute,
  actor: Actor,
  enabledModules: string[],
): Expectation {
  const access = route.access;
  if (access.kind === 'public') return 'allowed';
  if (!actor.client && !actor.bearer) return 401;
  if (access.kind === 'session') return 'allowed';
  if (access.kind === 'admin') return actor.isAdmin ? 'allowed' : 403;
  const shape = { permissions: actor.permissions.map((key) => ({ key })) };
  return hasPermission(shape, access.permissions, access.modules ?? [], enabledModules)
    ? 'allowed'
    : 403;
}

/** The codes with which the guard refuses (a handler's own 403, e.g. a date filter, is another code). */
export const GUARD_REFUSALS = ['UNAUTHENTICATED', 'FORBIDDEN', 'CSRF_INVALID'];
