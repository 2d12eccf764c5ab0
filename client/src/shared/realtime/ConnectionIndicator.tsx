import Box from '@mui/material/Box';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { liveStatusState } from './useLiveConnection';

const COLOURS = {
  connected: 'success.main',
  connecting: 'warning.main',
  disconnected: 'error.main',
  offline: 'text.disabled',
} as const;

/** A dot in the shell header: live updates on (green), reconnecting (amber), cut off (red). */
export function ConnectionIndicator() {
  const { t } = useTranslation('shell');
  const status = useAtomValue(liveStatusState);
  const label = t(`live.${status}`);
  return (
    <Box
      role="status"
      title={label}
      aria-label={label}
      data-testid="live-indicator"
      data-state={status}
      sx={{ display: 'flex', alignItems: 'center', px: 0.75, height: 34 }}
    >
      <Box
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: COLOURS[status], boxShadow: 1 }}
      />
    </Box>
  );
}
