// Roles: a name and a set of the spec's permission keys, edited as grouped checkboxes.
// Owns /Roles and /Roles/:id (can_manage_permissions).
import { lazy } from 'react';

export const pages = {
  Roles: lazy(() => import('./components/RolesPage').then((m) => ({ default: m.RolesPage }))),
  'Roles-id': lazy(() => import('./components/RolePage').then((m) => ({ default: m.RolePage }))),
};
