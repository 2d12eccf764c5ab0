import { ROUTES, type RouteDef } from '@pos/contracts';
import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { pages } from '../features';
import { UnderConstruction } from '../shared/ui/UnderConstruction';
import { ErrorPage } from './ErrorPage';
import { DashboardLayout } from './layout/DashboardLayout';
import { PageLayout } from './layout/PageLayout';
import { PendingLoad } from './LoadingBar';
import { RootLayout } from './RootLayout';

export type RouteHandle = { name: string };

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
      errorElement: <ErrorPage statusCode={500} />,
      children: [
        { element: <PageLayout />, children: ROUTES.filter((r) => r.layout === 'page').map(toRouteObject) },
        {
          element: <DashboardLayout />,
          children: ROUTES.filter((r) => r.layout === 'dashboard').map(toRouteObject),
        },
        { path: '*', element: <ErrorPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
