import type { AuthUser } from './auth.types';
import { Errors } from '../errors/app.exception';

/** No branch at all: a scope that matches nothing (a user or key without a branch). */
const NO_BRANCH = '00000000-0000-0000-0000-000000000000';

// The one branch-scope rule (issue 12): every context asks these, none writes its own.

/** Who reads every branch: administrators and holders of can_see_branches; everyone else their own. */
export const seesAllBranches = (user: AuthUser): boolean =>
  user.isAdmin || user.permissions.includes('can_see_branches');

/** The branch whose documents a user may *read*, or null for every branch. */
export const branchReadScope = (user: AuthUser): string | null =>
  seesAllBranches(user) ? null : (user.branchId ?? NO_BRANCH);

/**
 * The branch whose documents a user may *change*, or null for every branch (administrators only).
 * Reading is wider (`can_see_branches` reads every branch); changing another branch's stock or
 * settings is an administrator's act, so a manager who may look at branch B cannot adjust it.
 */
export const branchWriteScope = (user: AuthUser): string | null =>
  user.isAdmin ? null : (user.branchId ?? NO_BRANCH);

/** The branch a list asks for, within the user's read scope (403 outside it); none asked: the scope. */
export function askedBranch(user: AuthUser, asked?: string | null): string | null {
  const scope = branchReadScope(user);
  if (asked && scope && asked !== scope) throw Errors.forbidden();
  return asked ?? scope;
}
