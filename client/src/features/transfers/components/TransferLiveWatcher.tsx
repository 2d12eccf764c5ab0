import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveResync } from '../../../shared/realtime';
import { navBadgesState } from '../../../shared/state';
import { useToast } from '../../../shared/ui/useToast';
import { transferKeys, transfersApi } from '../api/transfers.api';
import { useTransferLive } from '../hooks/useTransferLive';
import { isOwnStep } from '../lib/ownSteps';

/**
 * Mounted once in the dashboard layout for users with can_transfer_products: a toast on each
 * transfer.* event another user caused, fresh transfer screens, and the sidebar badge (requests
 * waiting for this branch: to approve or ship as the source, to receive as the destination).
 */
export default function TransferLiveWatcher() {
  const { t } = useTranslation('transfers');
  const toast = useToast();
  const queryClient = useQueryClient();
  const setBadges = useSetAtom(navBadgesState);
  const counts = useQuery({
    queryKey: transferKeys.counts,
    queryFn: transfersApi.counts,
    staleTime: 30_000,
  });
  useEffect(() => {
    setBadges((prev) => ({ ...prev, 'Inventories-TransferRequests': counts.data?.pending ?? 0 }));
  }, [counts.data?.pending, setBadges]);
  useEffect(
    () => () => setBadges((prev) => ({ ...prev, 'Inventories-TransferRequests': 0 })),
    [setBadges],
  );
  useTransferLive((event, payload) => {
    void queryClient.invalidateQueries({ queryKey: transferKeys.all });
    const kind = event.type.slice('transfer.'.length);
    if (!isOwnStep(payload.transferId, payload.state))
      toast.info(t(`live.${kind}`, { number: payload.number }));
  });
  useLiveResync(() => void queryClient.invalidateQueries({ queryKey: transferKeys.all }));
  return null;
}
