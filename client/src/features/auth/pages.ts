// Auth: the sign-in page (/login, page layout).
import { lazy } from 'react';

export const pages = {
  login: lazy(() => import('./LoginPage')),
};
