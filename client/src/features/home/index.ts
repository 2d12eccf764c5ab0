// Home: the welcome panel at `/` (a later issue turns it into the live dashboard).
import { lazy } from 'react';

export const pages = {
  index: lazy(() => import('./HomePage')),
};
