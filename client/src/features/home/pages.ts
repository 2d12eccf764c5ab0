// Home: the welcome panel at `/` (a later issue turns it into the live dashboard).
import { lazyPage, prefetchQuiet } from '../../shared/lib/lazyPage';
import { dashboardApi, dashboardKeys } from './api/dashboard.api';

export const pages = {
  index: lazyPage(() => import('./HomePage'), {
    // The shortcuts wait for the dashboard (no layout shift): fetch it with the session.
    prefetch: (queryClient) =>
      prefetchQuiet(queryClient, {
        queryKey: dashboardKeys.all,
        queryFn: dashboardApi.get,
        staleTime: 60_000,
      }),
  }),
};
