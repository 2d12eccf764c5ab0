import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../shared/lib/format';
import { useLiveEvent, useLiveResync } from '../../../../shared/realtime';
import type { CatalogStatus } from './service';

type Service = typeof import('./service');

const IDLE: CatalogStatus = { state: 'idle', progress: null, syncedAt: null };
const noStore = { get: () => IDLE, subscribe: () => () => undefined };

/**
 * Keeps the device catalog of the till's inventory current (loaded lazily after the till shows)
 * and says how it stands: a progress bar while the first load runs, a quiet line otherwise.
 * `data-state` (idle, loading, ready, error) is what tests wait on.
 */
export function DeviceCatalogStrip({ inventoryId }: { inventoryId: string | null }) {
  const { t } = useTranslation('pos');
  const [service, setService] = useState<Service | null>(null);
  useEffect(() => {
    let live = true;
    void import('./service').then((s) => live && setService(s));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!service || !inventoryId) return;
    return service.keepCatalogSynced(inventoryId);
  }, [service, inventoryId]);
  useLiveEvent('stock.changed', ({ payload }) => {
    if (service && inventoryId && payload.inventoryId === inventoryId)
      service.deviceStockChanged({
        variantId: payload.variantId,
        onHand: payload.onHand,
        reserved: payload.reserved ?? 0,
      });
  });
  // Back after a disconnection: events may have been missed, ask for the changes.
  useLiveResync(() => {
    if (service && inventoryId) void service.syncNow(inventoryId);
  });
  const store = service?.catalogStatus ?? noStore;
  const status = useSyncExternalStore(store.subscribe, store.get);
  const percent = Math.round((status.progress ?? 0) * 100);
  // Shown only while it loads or when it could not; otherwise read by screen readers only (out of
  // the page's flow, so the till's layout does not move).
  const shown = status.state === 'loading' || status.state === 'error';
  return (
    <Box
      data-testid="device-catalog-status"
      data-state={status.state}
      role="status"
      sx={shown ? { px: 0.5 } : visuallyHidden}
    >
      {status.state === 'loading' ? (
        <>
          <Typography variant="caption" color="text.secondary">
            {t('deviceCatalog.loading', { percent })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('deviceCatalog.loading', { percent })}
          />
        </>
      ) : status.state === 'error' ? (
        <Typography variant="caption" color="text.secondary">
          {t('deviceCatalog.error')}
        </Typography>
      ) : status.state === 'ready' ? (
        <Typography variant="caption">
          {t('deviceCatalog.ready', { time: formatTime(status.syncedAt) })}
        </Typography>
      ) : null}
    </Box>
  );
}
