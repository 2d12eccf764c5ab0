// Settings: store information, feature flags and modules (/SystemSettings) and the
// administrative site settings (/admin/settings, admin only).
import { lazy } from 'react';

export const pages = {
  SystemSettings: lazy(() => import('./components/SystemSettingsPage')),
  'admin-settings': lazy(() => import('./components/AdminSettingsPage')),
};
