import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type {
  UserCreateDto,
  UserResetPasswordDto,
  UserResponseDto,
  UserUpdateDto,
} from '@pos/contracts';
import { http } from '../../../shared/api/http';
import { sessionUserState } from '../../../shared/state';

export type UserListQuery = {
  page: number;
  pageSize: number;
  q?: string;
  roleId?: string;
  branchId?: string;
  active?: boolean;
};

export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
};

export const usersApi = {
  list: (query: UserListQuery) => http.list<UserResponseDto>('/Users', query),
  create: (body: UserCreateDto) => http.post<UserResponseDto>('/Users', body),
  update: (id: string, body: UserUpdateDto) =>
    http.patch<UserResponseDto>(`/Users/${encodeURIComponent(id)}`, body),
  /** DELETE deactivates (the user is signed out at once). */
  deactivate: (id: string) => http.delete<void>(`/Users/${encodeURIComponent(id)}`),
  resetPassword: (id: string, body: UserResetPasswordDto) =>
    http.post<void>(`/Users/${encodeURIComponent(id)}/reset-password`, body),
};

/** `assignable`: whether the signed-in user may give this role (its permissions are all theirs). */
export type RoleOption = { id: string; name: string; assignable: boolean };

/** Role names for the user form and filter (a user manager need not manage roles). */
export function useRoleChoices(enabled = true) {
  // Which roles are assignable depends on who asks.
  const me = useAtomValue(sessionUserState);
  return useQuery({
    queryKey: ['roles', 'choices', me?.id ?? null],
    queryFn: () => http.get<RoleOption[]>('/Users/role-options'),
    enabled,
    staleTime: 30_000,
  });
}
