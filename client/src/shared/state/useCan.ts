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
