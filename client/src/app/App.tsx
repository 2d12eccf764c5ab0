import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { startOnlineAsTheBrowserSays } from '../shared/api/onlineStart';
import { detailErrorStatus } from '../shared/lib/errorStatus';
import { ConfirmProvider } from '../shared/ui/ConfirmDialog';
import { ToastHost } from '../shared/ui/ToastHost';
import { createAppRouter } from './router';
import { ThemeRoot } from './theme/ThemeRoot';

/** The app's one jotai store (also usable outside React). */
export const appStore = createStore();

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // A 4xx will not change on a retry (an unknown id stays unknown).
      retry: (failures, error) => {
        const status = (error as { status?: number }).status ?? 0;
        return failures < 1 && !(status >= 400 && status < 500);
      },
      staleTime: 30_000,
      // A detail page's own record (`meta: { detail: true }`) that is unknown, malformed or refused
      // goes to the route's error page (404/403), once for every detail page (app/router.tsx).
      throwOnError: (error, query) =>
        query.meta?.detail === true && detailErrorStatus(error) !== null,
    },
  },
});

startOnlineAsTheBrowserSays();

export function App() {
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <JotaiProvider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <ThemeRoot>
          <ToastHost>
            <ConfirmProvider>
              <RouterProvider router={router} useTransitions />
            </ConfirmProvider>
          </ToastHost>
        </ThemeRoot>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
