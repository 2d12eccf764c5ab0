// Users: staff accounts (role, branch, screens list, admin flag, discount limit), gated by
// can_manage_users. Owns the /Users page.
import { lazy } from 'react';

export const pages = {
  Users: lazy(() => import('./components/UsersPage').then((m) => ({ default: m.UsersPage }))),
};
