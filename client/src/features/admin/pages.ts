// Administration: API keys (/admin/apiKeys) and the audit log (/AuditLogs), admins only.
import { lazy } from 'react';

export const pages = {
  'admin-apiKeys': lazy(() => import('./components/ApiKeysPage')),
  AuditLogs: lazy(() => import('./components/AuditLogsPage')),
};
