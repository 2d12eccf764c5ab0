import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { guardReady } from '../shared/lib/configLoad';
import {
  lowStockState,
  publicConfigStatusState,
  searchOpenState,
  sessionState,
} from '../shared/state';
import { BarcodeListener } from './BarcodeListener';
import { loadDashboardLayout } from './layout/loadDashboardLayout';
import { LoadingBar } from './LoadingBar';
import { RouteGuard } from './RouteGuard';
import { useSearchShortcut } from './search/useSearchShortcut';
import { SessionEffects } from './session/SessionEffects';
import { useAccountStep } from './session/useAccountStep';

// Overlays load on first use, keeping them out of the initial bundle.
const SearchOverlay = lazy(() => import('./search/SearchOverlay'));
const LowStockDialog = lazy(() => import('./LowStockDialog'));
// Transfer toasts and the sidebar badge (issue 7), only for users who work with transfers.
const TransferLiveWatcher = lazy(
  () => import('../features/transfers/components/TransferLiveWatcher'),
);
// A generated password to change or two-step sign-in to set up, before anything else (issue 11).
const AccountStepPage = lazy(() => import('../features/account/AccountStepPage'));

/** Everything that lives above the layouts: session, guard, global listeners and overlays. */
export function RootLayout() {
  const session = useAtomValue(sessionState);
  const configStatus = useAtomValue(publicConfigStatusState);
  const account = useAccountStep(
    session.status === 'authenticated' ? (session.user?.id ?? null) : null,
  );
  // Signed in with no step left to take: only then does the app (and what it loads) start.
  const authenticated = session.status === 'authenticated' && account.step === 'none';
  const stepPending = session.status === 'authenticated' && account.step !== 'none';
  useSearchShortcut(authenticated);
  const searchOpen = useAtomValue(searchOpenState);
  const lowStockCount = useAtomValue(lowStockState).length;
  const [searchUsed, setSearchUsed] = useState(false);
  const canTransfer = !!session.user?.permissions.some((p) => p.key === 'can_transfer_products');
  if (searchOpen && !searchUsed) setSearchUsed(true);
  // Signed in (e.g. on /login): fetch the dashboard layout before it is navigated to.
  useEffect(() => {
    if (authenticated) loadDashboardLayout().catch(() => undefined);
  }, [authenticated]);
  return (
    <>
      <SessionEffects accountReady={!stepPending} />
      <LoadingBar force={!guardReady(session.status, configStatus) || account.step === 'loading'} />
      {stepPending ? (
        account.step !== 'loading' &&
        account.step !== 'none' && (
          <Suspense fallback={null}>
            <AccountStepPage step={account.step} onDone={account.recheck} />
          </Suspense>
        )
      ) : (
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      )}
      {authenticated && (
        <>
          <BarcodeListener />
          <Suspense fallback={null}>
            {searchUsed && <SearchOverlay />}
            {lowStockCount > 0 && <LowStockDialog />}
            {canTransfer && <TransferLiveWatcher />}
          </Suspense>
        </>
      )}
    </>
  );
}
