import type { ApiKeyCreateDto, ApiKeyDto } from '@pos/contracts';
import { http } from '../../../shared/api/http';

export const adminKeys = {
  apiKeys: ['admin', 'api-keys'] as const,
  audit: (query: AuditQuery) => ['admin', 'audit', query] as const,
  auditEntities: ['admin', 'audit', 'entities'] as const,
  users: ['admin', 'audit', 'users'] as const,
};

/** One audit row as GET /api/AuditLogs sends it. */
export type AuditLogRow = {
  id: string;
  at: string;
  userId: string | null;
  userName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** the record's document number or name (null: a type without one, or a deleted record) */
  entityLabel: string | null;
  ip: string | null;
  userAgent: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export type AuditQuery = {
  page: number;
  pageSize: number;
  userId?: string;
  entity?: string;
  from?: string;
  to?: string;
};

export const adminApi = {
  apiKeys: () => http.get<ApiKeyDto[]>('/admin/apiKeys'),
  createApiKey: (body: ApiKeyCreateDto) =>
    http.post<ApiKeyDto & { key: string }>('/admin/apiKeys', body),
  revokeApiKey: (id: string) => http.delete<void>(`/admin/apiKeys/${encodeURIComponent(id)}`),
  audit: (query: AuditQuery) => http.list<AuditLogRow>('/AuditLogs', query),
  auditEntities: () => http.get<string[]>('/AuditLogs/entities'),
  users: async () =>
    (
      await http.list<{ id: string; username: string; displayName?: string | null }>('/Users', {
        pageSize: 500,
      })
    ).rows,
};
