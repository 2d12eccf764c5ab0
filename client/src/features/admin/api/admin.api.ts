import { http } from '../../../shared/api/http';

export const adminKeys = {
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
  audit: (query: AuditQuery) => http.list<AuditLogRow>('/AuditLogs', query),
  auditEntities: () => http.get<string[]>('/AuditLogs/entities'),
  users: async () =>
    (
      await http.list<{ id: string; username: string; displayName?: string | null }>('/Users', {
        pageSize: 500,
      })
    ).rows,
};
