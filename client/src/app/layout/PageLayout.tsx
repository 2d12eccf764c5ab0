import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PendingLoad } from '../LoadingBar';
import { LocaleSwitcher, ThemeSwitcher } from './SettingsMenus';

/** The page layout (/login): a centred page with the theme and locale switchers. */
export function PageLayout() {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
        position: 'relative',
      }}
    >
      <Box sx={{ position: 'absolute', top: 8, insetInlineEnd: 8, display: 'flex', gap: 0.5 }}>
        <ThemeSwitcher />
        <LocaleSwitcher />
      </Box>
      <Suspense fallback={<PendingLoad />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
