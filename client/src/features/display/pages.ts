// The customer display (/CustomerDisplay, issue 35 item 3, docs/decisions/0115): a device's screen
// paired with a register, in the bare screen layout.
import { lazyPage } from '../../shared/lib/lazyPage';

export const pages = {
  CustomerDisplay: lazyPage(() => import('./components/CustomerDisplayPage'), {
    namespaces: ['display'],
  }),
};
