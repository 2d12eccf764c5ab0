import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ConfirmProvider } from '../shared/ui/ConfirmDialog';
import { ToastHost } from '../shared/ui/ToastHost';
import { createAppRouter } from './router';
import { ThemeRoot } from './theme/ThemeRoot';

/** The app's one jotai store (also usable outside React). */
export const appStore = createStore();

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 } },
});

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
