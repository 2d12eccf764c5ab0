// Home: the welcome panel at `/` (a later issue turns it into the live dashboard).
import { lazyPage } from '../../shared/lib/lazyPage';

export const pages = {
  index: lazyPage(() => import('./HomePage')),
};
