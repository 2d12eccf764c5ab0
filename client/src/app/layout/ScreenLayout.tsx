import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PendingLoad } from '../LoadingBar';

/** A device's screen (the customer display): the whole window is the page's, nothing around it. */
export function ScreenLayout() {
  return (
    <Box component="main" id="main" data-testid="page" sx={{ minBlockSize: '100vh' }}>
      <Suspense fallback={<PendingLoad />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
