import { ROUTES, type RouteDef } from '@pos/contracts';
import { lazy, Suspense, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, useParams, type RouteObject } from 'react-router';
import { pages } from '../features';
import type { PreloadablePage } from '../shared/lib/lazyPage';
import { UnderConstruction } from '../shared/ui/UnderConstruction';
import { UUID_PATTERN } from '../shared/lib/errorStatus';
import { setSignInPreload } from '../shared/lib/signInPreload';
import { DetailErrorPage, ErrorPage, RouteErrorPage } from './ErrorPage';
import { loadDashboardLayout, loadedDashboardLayout } from './layout/loadDashboardLayout';
import { PageLayout } from './layout/PageLayout';
import { ScreenLayout } from './layout/ScreenLayout';
import { PendingLoad } from './LoadingBar';
import { RootLayout } from './RootLayout';

export type RouteHandle = { name: string };

// The dashboard layout loads on its own (not needed by /login, see layout/loadDashboardLayout.ts).
// Any other first page starts fetching it at once, in parallel with the session; the sign-in page
// starts it once the user is signed in (RootLayout).
const DashboardLayout = lazy(() =>
  loadDashboardLayout().then((m) => ({ default: m.DashboardLayout })),
);

function LazyDashboardLayout() {
  // Already here (it loads with the session on every address but /login): drawn at once.
  const [Ready] = useState(() => loadedDashboardLayout()?.DashboardLayout ?? null);
  if (Ready) return <Ready />;
  return (
    <Suspense fallback={<PendingLoad />}>
      <DashboardLayout />
    </Suspense>
  );
}

/**
 * A page whose code has already arrived (the page of the address opened is preloaded with the
 * session, shared/lib/lazyPage.ts) is drawn in the same render as its route, without suspending:
 * React.lazy suspends once even for a module that is there, and React then holds the revealed
 * page back up to 300 ms after the fallback (its reveal throttle), so the first screen of `/POS`
 * appeared that much later than its data. Decided once per mount: it never switches components.
 */
function ReadyPage({ Page }: { Page: (typeof pages)[string] }) {
  const [Ready] = useState(() => (Page as Partial<PreloadablePage>).loaded?.() ?? null);
  return Ready ? <Ready /> : <Page />;
}

/** Detail routes whose `:id` may also be the word `new` (their create form). */
const NEW_ID_ROUTES = new Set(['Products-id']);

const isDetail = (route: RouteDef) => route.path.includes('/:id');

/** One route's element: its registered page (lazy) or the "قيد الإنشاء" panel. */
function RoutePage({ route }: { route: RouteDef }) {
  const Page = pages[route.name];
  if (!Page) return <UnderConstruction />;
  if (isDetail(route)) return <DetailRoutePage route={route} Page={Page} />;
  // A boundary per route: a newly shown boundary shows its fallback (and so the loading bar)
  // even inside the router's transitions.
  return (
    <Suspense fallback={<PendingLoad />}>
      <ReadyPage Page={Page} />
    </Suspense>
  );
}

/**
 * A detail page: a malformed id is a 404 at once; an unknown or refused one reaches the route's
 * error element through its record query (`meta: { detail: true }`, see app/App.tsx).
 */
function DetailRoutePage({ route, Page }: { route: RouteDef; Page: (typeof pages)[string] }) {
  const { id = '' } = useParams();
  if (!UUID_PATTERN.test(id) && !(id === 'new' && NEW_ID_ROUTES.has(route.name))) {
    return <ErrorPage statusCode={404} embedded />;
  }
  return (
    <Suspense fallback={<PendingLoad />}>
      <ReadyPage key={id} Page={Page} />
    </Suspense>
  );
}

function toRouteObject(route: RouteDef): RouteObject {
  return {
    path: route.path,
    handle: { name: route.name } satisfies RouteHandle,
    element: <RoutePage key={route.name} route={route} />,
    // Detail pages show their 404/403 inside the layout (the sidebar stays).
    ...(isDetail(route) ? { errorElement: <DetailErrorPage /> } : {}),
  };
}

// Every route of the one route table (libs/contracts ROUTES): /login in the page layout, a device's
// screen (/CustomerDisplay) in the bare screen layout, the rest in the dashboard layout; unknown paths get the 404 error page.
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          element: <PageLayout />,
          children: ROUTES.filter((r) => r.layout === 'page').map(toRouteObject),
        },
        {
          element: <ScreenLayout />,
          children: ROUTES.filter((r) => r.layout === 'screen').map(toRouteObject),
        },
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
  setSignInPreload(loadDashboardLayout);
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
