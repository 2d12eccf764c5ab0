import { onlineManager } from '@tanstack/react-query';

/**
 * React Query takes the network as up when the app starts and learns otherwise only from an
 * `offline` event. A till opened with no network (issue 32: after a browser restart) gets no such
 * event, so its failed queries (the open shift, the inventories, the payment methods) stayed failed
 * when the `online` event came: nothing changed for React Query, nothing was asked again, and the
 * till stood on "no open shift" with its queued sales unsent. Starting from what the browser says,
 * those queries wait for the network instead and run as soon as it is back.
 */
export function startOnlineAsTheBrowserSays(
  manager: Pick<typeof onlineManager, 'setOnline'> = onlineManager,
  browser: { onLine?: boolean } | undefined = globalThis.navigator,
): void {
  if (browser?.onLine === false) manager.setOnline(false);
}
