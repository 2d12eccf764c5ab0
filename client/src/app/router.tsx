import { ROUTES, type RouteDef } from '@pos/contracts';
import { lazy, Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { pages } from '../features';
import type { PreloadablePage } from '../shared/lib/lazyPage';
import { UnderConstruction } from '../shared/ui/UnderConstruction';
import { ErrorPage, RouteErrorPage } from './ErrorPage';
import { loadDashboardLayout } from './layout/loadDashboardLayout';
import { PageLayout } from './layout/PageLayout';
import { PendingLoad } from './LoadingBar';
import { RootLayout } from './RootLayout';

export type RouteHandle = { name: string };

// The dashboard layout loads on its own (not needed by /login, see layout/loadDashboardLayout.ts).
// Any other first page starts fetching it at once, in parallel with the session; the sign-in page
// starts it once the user is signed in (RootLayout).
const DashboardLayout = lazy(() => loadDashboardLayout().then((m) => ({ default: m.DashboardLayout })));

function LazyDashboardLayout() {
  return (
    <Suspense fallback={<PendingLoad />}>
      <DashboardLayout />
    </Suspense>
  );
}

/** One route's element: its registered page (lazy) or the "قيد الإنشاء" panel. */
function RoutePage({ route }: { route: RouteDef }) {
  const Page = pages[route.name];
  if (!Page) return <UnderConstruction />;
  // A boundary per route: a newly shown boundary shows its fallback (and so the loading bar)
  // even inside the router's transitions.
  return (
    <Suspense fallback={<PendingLoad />}>
      <Page />
    </Suspense>
  );
}

function toRouteObject(route: RouteDef): RouteObject {
  return {
    path: route.path,
    handle: { name: route.name } satisfies RouteHandle,
    element: <RoutePage key={route.name} route={route} />,
  };
}

// Every route of the one route table (libs/contracts ROUTES): /login in the page layout, the rest
// in the dashboard layout; unknown paths get the 404 error page.
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { element: <PageLayout />, children: ROUTES.filter((r) => r.layout === 'page').map(toRouteObject) },
        {
          element: <LazyDashboardLayout />,
          children: ROUTES.filter((r) => r.layout === 'dashboard').map(toRouteObject),
        },
        { path: '*', element: <ErrorPage /> },
      ],
    },
  ];
}

export function createAppRouter(queryClient?: QueryClient) {
  if (window.location.pathname !== '/login') loadDashboardLayout().catch(() => undefined);
  const routes = buildRoutes();
  if (queryClient) preloadPageFor(routes, window.location.pathname, queryClient);
  return createBrowserRouter(routes);
}

/** Starts loading the page of the address the app opens on (pages made with lazyPage). */
function preloadPageFor(routes: RouteObject[], pathname: string, queryClient: QueryClient) {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const name = (match?.route.handle as RouteHandle | undefined)?.name;
  const page = name ? (pages[name] as Partial<PreloadablePage> | undefined) : undefined;
  page?.preload?.(queryClient).catch(() => undefined);
}
