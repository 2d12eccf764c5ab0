import type { ShiftDto } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { outboxWaitingCount } from '../../../shared/lib/outboxWaiting';
import { salesKeys } from '../../sales';
import { paymentMethodsOrDevice } from '../offline/catalog';
import { isDeviceShift } from './useCurrentShift';

/** The till's active payment methods: the server's, or the device catalog's when it cannot be reached. */
export function useTillPaymentMethods() {
  return useQuery({
    queryKey: ['sales', 'payment-methods', 'till'],
    queryFn: paymentMethodsOrDevice,
    staleTime: 60_000,
    networkMode: 'always',
  });
}

/**
 * Whether the sale about to be paid will be completed on the device (docs/offline.md): the
 * browser is offline, older sales still wait in the outbox (they go first), or the server could
 * not be reached at the last read of the shift. Checked each time the payment dialog opens.
 */
export function useSellsOffline(open: boolean): boolean {
  const queryClient = useQueryClient();
  const offline = useQuery({
    queryKey: ['pos', 'sells-offline'],
    queryFn: async () =>
      navigator.onLine === false ||
      isDeviceShift(queryClient.getQueryData<ShiftDto | null>(salesKeys.currentShift)) ||
      (await outboxWaitingCount().catch(() => 0)) > 0,
    enabled: open,
    staleTime: 0,
    gcTime: 0,
    networkMode: 'always',
  });
  return offline.data ?? navigator.onLine === false;
}
