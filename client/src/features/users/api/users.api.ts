import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { UserResetPasswordDto } from '@pos/contracts';
import { http } from '../../../shared/api/http';
import { sessionUserState } from '../../../shared/state';

// The list, create and edit go through the resource kit (USERS); these are the users' own calls.
const item = (id: string) => `/Users/${encodeURIComponent(id)}`;

export const usersApi = {
  /** DELETE deactivates (the user is signed out at once). */
  deactivate: (id: string) => http.delete<void>(item(id)),
  resetPassword: (id: string, body: UserResetPasswordDto) =>
    http.post<void>(`${item(id)}/reset-password`, body),
};

/** `assignable`: whether the signed-in user may give this role (its permissions are all theirs). */
export type RoleOption = { id: string; name: string; assignable: boolean };

/** Role names for the user form and filter (a user manager need not manage roles). */
export function useRoleChoices() {
  // Which roles are assignable depends on who asks.
  const me = useAtomValue(sessionUserState);
  return useQuery({
    queryKey: ['roles', 'choices', me?.id ?? null],
    queryFn: () => http.get<RoleOption[]>('/Users/role-options'),
    staleTime: 30_000,
  });
}
