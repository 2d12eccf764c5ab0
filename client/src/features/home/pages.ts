// Home: the welcome panel at `/` (a later issue turns it into the live dashboard).
import { lazyPage, prefetchQuiet } from '../../shared/lib/lazyPage';
import { dashboardApi, dashboardKeys } from './api/dashboard.api';

export const pages = {
  index: lazyPage(() => import('./HomePage'), {
    // The cards' own namespaces too: a card drawn later that suspended on its strings would hide
    // the page for a moment and drop the focus its heading had.
    namespaces: ['home', 'expenses', 'installments', 'eta'],
    // The shortcuts wait for the dashboard (no layout shift): fetch it with the session.
    early: ['/Dashboard'],
    prefetch: (queryClient) =>
      prefetchQuiet(queryClient, {
        queryKey: dashboardKeys.all,
        queryFn: dashboardApi.get,
        staleTime: 60_000,
      }),
  }),
};
