import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasPermission, routePath } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { enabledModulesState, sessionUserState } from '../../../shared/state';
import { Panel } from '../../../shared/ui/DetailKit';
import { etaApi, etaKeys } from '../api/eta.api';
import { ageParts } from '../lib/eta';

/** The pending age as it grows between two reads of the queue (a tick every 5 s). */
function useAge(seconds: number | null | undefined, readAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (seconds === null || seconds === undefined) return;
    const timer = window.setInterval(() => setNow(Date.now()), 5000);
    return () => window.clearInterval(timer);
  }, [seconds]);
  if (seconds === null || seconds === undefined) return null;
  return seconds + Math.max(0, Math.floor((now - readAt) / 1000));
}

/**
 * The dashboard's ETA tile for administrators: receipts waiting (queue depth), failures (invalid or
 * rejected) and dead letters, and the oldest pending receipt's age — read again on every
 * `einvoice.status` push, so it moves while the queue drains.
 */
export function EtaQueueCard() {
  const user = useAtomValue(sessionUserState);
  const modules = useAtomValue(enabledModulesState);
  const allowed = !!user?.isAdmin && hasPermission(user, ['can_see_einvoice'], [], modules);
  // Nothing of the card (not even its texts) for anyone else: the home page of a cashier is not
  // held up by the `eta` namespace.
  return allowed ? <QueueTile /> : null;
}

function QueueTile() {
  const { t } = useTranslation('eta');
  const queryClient = useQueryClient();
  const queue = useQuery({
    queryKey: etaKeys.queue,
    queryFn: etaApi.queue,
    refetchInterval: 60_000,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: etaKeys.queue });
  useLiveEvent('einvoice.status', refresh);
  useLiveResync(refresh);
  const age = useAge(queue.data?.oldestPendingAgeSeconds, queue.dataUpdatedAt);
  if (!queue.data) return null;
  const q = queue.data;
  const parts = age === null ? null : ageParts(age);
  const figure = (label: string, value: string | number, testId: string, bad = false) => (
    <div>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        sx={{ fontSize: 22, fontWeight: 800 }}
        color={bad ? 'error' : undefined}
        data-testid={testId}
        data-value={value}
      >
        {value}
      </Typography>
    </div>
  );
  return (
    <Panel title={t('queue.title')} sx={{ p: 2 }} testId="dashboard-eta-queue">
      <Stack direction="row" sx={{ gap: 4, my: 1, flexWrap: 'wrap' }}>
        {figure(t('queue.depth'), q.depth, 'eta-queue-depth')}
        {figure(t('queue.failures'), q.failures, 'eta-queue-failures', q.failures > 0)}
        {figure(t('queue.deadLetter'), q.deadLetter, 'eta-queue-dead-letter', q.deadLetter > 0)}
        {figure(
          t('queue.oldest'),
          parts === null
            ? t('queue.none')
            : parts.hours
              ? t('queue.ageHours', parts)
              : parts.minutes
                ? t('queue.ageMinutes', parts)
                : t('queue.ageSeconds', parts),
          'eta-queue-oldest',
          (age ?? 0) > 15 * 60,
        )}
      </Stack>
      <Button component={Link} to={routePath('E-receipts')} size="small">
        {t('queue.open')}
      </Button>
    </Panel>
  );
}
