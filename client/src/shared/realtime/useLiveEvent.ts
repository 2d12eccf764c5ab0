import type { LiveEvent, LiveEventType } from '@pos/contracts';
import { useEffect, useRef } from 'react';
import { onLiveEvent, onLiveResync } from './liveSocket';

/**
 * `useLiveEvent('stock.changed', (e) => …)`: runs the handler for each event of that type pushed
 * to the user's branches (already filtered by permission on the server, duplicates dropped). The
 * latest handler is always used, so it may close over state freely.
 */
export function useLiveEvent<T extends LiveEventType>(
  type: T,
  handler: (event: LiveEvent<T>) => void,
): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onLiveEvent(type, (event) => ref.current(event)), [type]);
}

/** Runs after a reconnect (or a server resync): events may have been missed, reload. */
export function useLiveResync(handler: () => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onLiveResync(() => ref.current()), []);
}
