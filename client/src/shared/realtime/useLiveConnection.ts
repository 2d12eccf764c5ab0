import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { atom } from 'jotai';
import { useEffect } from 'react';
import {
  connectLive,
  disconnectLive,
  liveStatus,
  onLiveResync,
  onLiveRevoked,
  onLiveStatus,
  type LiveStatus,
} from './liveSocket';

/** The tab's live connection state (the shell's indicator reads it). */
export const liveStatusState = atom<LiveStatus>('offline');

/**
 * Keeps the tab's socket open while a user is signed in (reopened when the user changes), mirrors
 * its state into `liveStatusState`, invalidates every react-query query after a reconnect so the
 * screen refetches, and re-checks the session when the server ends it.
 */
export function useLiveConnection(userId: string | null, onRevoked: () => void): void {
  const setStatus = useSetAtom(liveStatusState);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    connectLive();
    setStatus(liveStatus());
    const offStatus = onLiveStatus(setStatus);
    const offResync = onLiveResync(() => void queryClient.invalidateQueries());
    const offRevoked = onLiveRevoked(onRevoked);
    return () => {
      offStatus();
      offResync();
      offRevoked();
      disconnectLive();
      setStatus('offline');
    };
    // onRevoked is a stable callback of the session effects
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, setStatus, queryClient]);
}
