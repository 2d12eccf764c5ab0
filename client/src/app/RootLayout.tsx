import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { lowStockState, searchOpenState, sessionState } from '../shared/state';
import { BarcodeListener } from './BarcodeListener';
import { LoadingBar } from './LoadingBar';
import { RouteGuard } from './RouteGuard';
import { useSearchShortcut } from './search/useSearchShortcut';
import { SessionEffects } from './session/SessionEffects';

// Overlays load on first use, keeping them out of the initial bundle.
const SearchOverlay = lazy(() => import('./search/SearchOverlay'));
const LowStockDialog = lazy(() => import('./LowStockDialog'));
// Transfer toasts and the sidebar badge (issue 7), only for users who work with transfers.
const TransferLiveWatcher = lazy(() => import('../features/transfers/components/TransferLiveWatcher'));

/** Everything that lives above the layouts: session, guard, global listeners and overlays. */
export function RootLayout() {
  const session = useAtomValue(sessionState);
  const authenticated = session.status === 'authenticated';
  useSearchShortcut(authenticated);
  const searchOpen = useAtomValue(searchOpenState);
  const lowStockCount = useAtomValue(lowStockState).length;
  const [searchUsed, setSearchUsed] = useState(false);
  const canTransfer = !!session.user?.permissions.some((p) => p.key === 'can_transfer_products');
  if (searchOpen && !searchUsed) setSearchUsed(true);
  return (
    <>
      <SessionEffects />
      <LoadingBar force={session.status === 'loading'} />
      <RouteGuard>
        <Outlet />
      </RouteGuard>
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
