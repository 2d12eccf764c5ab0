// Branches: every spec §3 field, logo and receipt footer uploads, ETA credentials (secrets
// write-only) and the branch limit of the site settings. Owns /Branches.
import { lazy } from 'react';

export const pages = {
  Branches: lazy(() => import('./components/BranchesPage')),
};
