import { hasPermission, type PermissionKey } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { enabledModulesState, sessionUserState } from './session';

/** `can('can_see_buy_price')`: display gating only; the server enforces every call. */
export function useCan(): (...keys: PermissionKey[]) => boolean {
  const user = useAtomValue(sessionUserState);
  const modules = useAtomValue(enabledModulesState);
  return useCallback(
    (...keys: PermissionKey[]) => hasPermission(user, keys, [], modules),
    [user, modules],
  );
}

/**
 * Whether the user reads a branch's stock and figures: an admin, `can_see_branches`, or their own
 * branch. Without a branch: whether they read every branch.
 */
export function useReadsBranch(): (branchId?: string) => boolean {
  const user = useAtomValue(sessionUserState);
  const can = useCan();
  return useCallback(
    (branchId?: string) =>
      !!user?.isAdmin || can('can_see_branches') || (!!branchId && branchId === user?.branchId),
    [user, can],
  );
}
