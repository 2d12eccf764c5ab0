import type { RoleCreateDto, RoleResponseDto, RoleUpdateDto } from '@pos/contracts';
import { http } from '../../../shared/api/http';

export type RoleListQuery = { page: number; pageSize: number; q?: string };

export const roleKeys = {
  all: ['roles'] as const,
  list: (query: RoleListQuery) => ['roles', 'list', query] as const,
  one: (id: string) => ['roles', 'one', id] as const,
};

export const rolesApi = {
  list: (query: RoleListQuery) => http.list<RoleResponseDto>('/Roles', query),
  get: (id: string) => http.get<RoleResponseDto>(`/Roles/${encodeURIComponent(id)}`),
  create: (body: RoleCreateDto) => http.post<RoleResponseDto>('/Roles', body),
  update: (id: string, body: RoleUpdateDto) =>
    http.patch<RoleResponseDto>(`/Roles/${encodeURIComponent(id)}`, body),
  remove: (id: string) => http.delete<void>(`/Roles/${encodeURIComponent(id)}`),
};
