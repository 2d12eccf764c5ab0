import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PendingLoad } from '../LoadingBar';

/** A device's screen (the customer display): the whole window is the page's, nothing around it. */
export function ScreenLayout() {
  return (
    <Suspense fallback={<PendingLoad />}>
      <Outlet />
    </Suspense>
  );
}
