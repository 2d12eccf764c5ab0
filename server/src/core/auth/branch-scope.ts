import type { AuthUser } from './auth.types';

/** No branch at all: a scope that matches nothing (a user or key without a branch). */
const NO_BRANCH = '00000000-0000-0000-0000-000000000000';

/**
 * The branch whose documents a user may *change*, or null for every branch (administrators only).
 * Reading is wider (`can_see_branches` reads every branch); changing another branch's stock or
 * settings is an administrator's act, so a manager who may look at branch B cannot adjust it.
 */
export const branchWriteScope = (user: AuthUser): string | null => (user.isAdmin ? null : (user.branchId ?? NO_BRANCH));
