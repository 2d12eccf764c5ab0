import type { ShiftDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { currentShiftOrSaved, rememberShift } from '../../../shared/lib/shiftCache';
import { sessionUserState } from '../../../shared/state';
import { salesApi, salesKeys } from '../../sales';
import { unreachable } from '../offline/catalog';

/**
 * The open shift, which decides what the page shows first (also prefetched: ../pages.ts). Asked
 * even when the browser says it is offline (`networkMode: 'always'`): the answer then comes from
 * the device (useCurrentShift), never a query paused until the network returns.
 */
export const currentShiftQuery = {
  queryKey: salesKeys.currentShift,
  queryFn: salesApi.currentShift,
  staleTime: 30_000,
  networkMode: 'always' as const,
};

/** Whether the last shift answer came from the device (the server could not be reached). */
const fromDevice = new WeakSet<ShiftDto>();

/**
 * The server's current shift of the signed-in cashier, or, when the server cannot be reached,
 * the open shift this device saved for them at the last online read (shared/lib/shiftCache.ts).
 */
export async function currentShiftOrDevice(userId: string | null): Promise<ShiftDto | null> {
  const { shift, fromDevice: saved } = await currentShiftOrSaved({
    userId,
    fetchShift: salesApi.currentShift,
    isUnreachable: unreachable,
    storage: localStorage,
    browserOffline: typeof navigator !== 'undefined' && navigator.onLine === false,
  });
  if (shift && saved) fromDevice.add(shift);
  return shift;
}

export function useCurrentShift() {
  const userId = useAtomValue(sessionUserState)?.id ?? null;
  const shift = useQuery({
    ...currentShiftQuery,
    queryFn: () => currentShiftOrDevice(userId),
    // A new object at each answer: whether it is the device's is told by the object itself.
    structuralSharing: false,
    // The device's answer is tried again soon (the server may be back).
    staleTime: (q) => (q.state.data && fromDevice.has(q.state.data) ? 5_000 : 30_000),
  });
  const offline =
    (shift.data != null && fromDevice.has(shift.data)) ||
    (shift.isError && unreachable(shift.error));
  // The server's answer, kept for a restart offline (a shift set by opening it lands here too).
  const data = shift.data;
  useEffect(() => {
    if (userId && data !== undefined && !(data && fromDevice.has(data)))
      rememberShift(localStorage, userId, data);
  }, [userId, data]);
  return { ...shift, offline };
}

/** The shift shown is the device's (the server could not be reached at the last read). */
export const isDeviceShift = (shift: ShiftDto | null | undefined): boolean =>
  shift != null && fromDevice.has(shift);
