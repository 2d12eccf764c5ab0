import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { guardReady } from '../shared/lib/configLoad';
import { findRoute } from '../shared/lib/routeMatch';
import {
  lowStockState,
  publicConfigStatusState,
  searchOpenState,
  sessionState,
  storeSettingsState,
} from '../shared/state';
import { BarcodeListener } from './BarcodeListener';
import { loadDashboardLayout } from './layout/loadDashboardLayout';
import { LoadingBar } from './LoadingBar';
import { RouteGuard } from './RouteGuard';
import { useSearchShortcut } from './search/useSearchShortcut';
import { useRefreshSession } from '../shared/api/useRefreshSession';
import { SessionEffects } from './session/SessionEffects';
import { useDocumentTitle } from './useDocumentTitle';

// Overlays load on first use, keeping them out of the initial bundle.
const SearchOverlay = lazy(() => import('./search/SearchOverlay'));
const LowStockDialog = lazy(() => import('./LowStockDialog'));
// Transfer toasts and the sidebar badge (issue 7), only for users who work with transfers.
const TransferLiveWatcher = lazy(() =>
  import('../features/transfers').then((m) => ({ default: m.TransferLiveWatcher })),
);
// A generated password to change or two-step sign-in to set up, before anything else (issue 11).
const AccountStepPage = lazy(() =>
  import('../features/account').then((m) => ({ default: m.AccountStepPage })),
);

/** Everything that lives above the layouts: session, guard, global listeners and overlays. */
export function RootLayout() {
  const session = useAtomValue(sessionState);
  const configStatus = useAtomValue(publicConfigStatusState);
  const refreshSession = useRefreshSession();
  // A step the account must take first (the session answer names it): only without one does the
  // app (and what it loads) start.
  const step = session.status === 'authenticated' ? (session.step ?? null) : null;
  const authenticated = session.status === 'authenticated' && !step;
  // A device's screen (the customer display, docs/decisions/0115) shows nothing of the back office
  // over it: no page search, no transfer toasts, no scan to /POS (the low-stock warning waits).
  const deviceScreen = findRoute(useLocation().pathname)?.layout === 'screen';
  useSearchShortcut(authenticated && !deviceScreen);
  useDocumentTitle();
  const searchOpen = useAtomValue(searchOpenState);
  const lowStockCount = useAtomValue(lowStockState).length;
  // Dates are formatted in the store time zone (shared/lib/format.ts). Pages drawn before the store
  // settings arrived with another zone than the default are drawn again, once, with it.
  const timeZone = useAtomValue(storeSettingsState).timeZone;
  const [searchUsed, setSearchUsed] = useState(false);
  const canTransfer = !!session.user?.permissions.some((p) => p.key === 'can_transfer_products');
  if (searchOpen && !searchUsed) setSearchUsed(true);
  // Signed in (e.g. on /login): fetch the dashboard layout before it is navigated to.
  useEffect(() => {
    if (authenticated) loadDashboardLayout().catch(() => undefined);
  }, [authenticated]);
  return (
    <>
      <SessionEffects accountReady={!step} />
      <LoadingBar force={!guardReady(session.status, configStatus)} />
      {step ? (
        <Suspense fallback={null}>
          <AccountStepPage step={step} onDone={() => void refreshSession()} />
        </Suspense>
      ) : (
        <RouteGuard>
          <Outlet key={timeZone} />
        </RouteGuard>
      )}
      {authenticated && (
        <>
          {!deviceScreen && <BarcodeListener />}
          <Suspense fallback={null}>
            {searchUsed && <SearchOverlay />}
            {lowStockCount > 0 && <LowStockDialog />}
            {canTransfer && !deviceScreen && <TransferLiveWatcher />}
          </Suspense>
        </>
      )}
    </>
  );
}
