import type { LiveEvent, LiveEventType } from '@pos/contracts';
import type { Socket } from 'socket.io-client';

// One typed socket per tab (DESIGN.md §7). It carries the session cookie (same origin), reconnects
// by itself, and drops duplicate event ids (the server delivers at least once). Code outside React
// can use it directly; components use useLiveEvent.

export type LiveStatus = 'offline' | 'connecting' | 'connected' | 'disconnected';

type ServerToClient = {
  live: (event: LiveEvent) => void;
  'live:resync': () => void;
  'live:revoked': () => void;
};
export type LiveSocket = Socket<ServerToClient, Record<string, never>>;

type Handler = (event: LiveEvent) => void;

const handlers = new Map<LiveEventType, Set<Handler>>();
const statusListeners = new Set<(status: LiveStatus) => void>();
const resyncListeners = new Set<() => void>();
const revokedListeners = new Set<() => void>();
const connectListeners = new Set<() => void>();
const messageHandlers = new Map<string, Set<(...args: unknown[]) => void>>();

/** Ids already dispatched; bounded, oldest forgotten first. */
export class SeenIds {
  private readonly ids = new Set<string>();
  constructor(private readonly size = 2000) {}
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.size) this.ids.delete(this.ids.values().next().value as string);
    return true;
  }
}

let socket: LiveSocket | null = null;
let status: LiveStatus = 'offline';
let seen = new SeenIds();
let retryTimer: number | null = null;

function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  for (const l of statusListeners) l(next);
}

export function dispatchLiveEvent(event: LiveEvent): void {
  if (!seen.add(event.id)) return;
  for (const handler of handlers.get(event.type) ?? []) {
    try {
      handler(event);
    } catch (error) {
      console.error(error);
    }
  }
}

function resync() {
  for (const l of resyncListeners) l();
}

let opening = 0;

/** Open the tab's socket (after sign-in). Calling it again while open does nothing. */
export function connectLive(): void {
  if (socket || opening) return;
  const ticket = ++opening;
  setStatus('connecting');
  // socket.io-client loads after sign-in, keeping it out of the first page's bundle.
  void import('socket.io-client').then(
    ({ io }) => {
      if (opening !== ticket) return; // disconnected meanwhile
      opening = 0;
      open(io({ path: '/socket.io', transports: ['websocket', 'polling'], withCredentials: true }));
    },
    () => {
      opening = 0;
      setStatus('disconnected');
    },
  );
}

function open(s: LiveSocket): void {
  seen = new SeenIds();
  socket = s;
  let connectedBefore = false;
  s.on('connect', () => {
    setStatus('connected');
    for (const l of connectListeners) l();
    // After a drop, events may have been missed: whatever the screen shows is refetched.
    if (connectedBefore) resync();
    connectedBefore = true;
  });
  s.on('disconnect', () => setStatus(s.active ? 'connecting' : 'disconnected'));
  s.on('connect_error', () => {
    setStatus('disconnected');
    // A refusal by the server (no valid session) is not retried by socket.io itself: ask the app
    // to re-check the session, and try again a little later while signed in.
    if (!s.active && socket === s) {
      for (const l of revokedListeners) l();
      if (retryTimer === null) {
        retryTimer = window.setTimeout(() => {
          retryTimer = null;
          if (socket === s) s.connect();
        }, 5000);
      }
    }
  });
  s.io.on('reconnect_attempt', () => setStatus('connecting'));
  s.on('live', dispatchLiveEvent);
  // Other server messages (the customer display's, docs/decisions/0115) go to their handlers.
  (s as unknown as Socket).onAny((message: string, ...args: unknown[]) => {
    for (const handler of messageHandlers.get(message) ?? []) handler(...args);
  });
  s.on('live:resync', resync);
  s.on('live:revoked', () => {
    for (const l of revokedListeners) l();
  });
}

/** Close the tab's socket (sign-out). */
export function disconnectLive(): void {
  opening = 0;
  if (retryTimer !== null) window.clearTimeout(retryTimer);
  retryTimer = null;
  socket?.removeAllListeners();
  socket?.io.removeAllListeners();
  socket?.disconnect();
  socket = null;
  setStatus('offline');
}

export function liveStatus(): LiveStatus {
  return status;
}

export function onLiveEvent<T extends LiveEventType>(
  type: T,
  handler: (event: LiveEvent<T>) => void,
): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  const h = handler as Handler;
  set.add(h);
  return () => set.delete(h);
}

export function onLiveStatus(listener: (status: LiveStatus) => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Called after a reconnect or a server `live:resync`: refetch what is shown. */
export function onLiveResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}

/** Called when the server ended the socket's session (or refused it). */
export function onLiveRevoked(listener: () => void): () => void {
  revokedListeners.add(listener);
  return () => revokedListeners.delete(listener);
}

/**
 * Called on every (re)connect of the tab's socket, and at once if it is connected now: a room the
 * server joined the socket to is lost with the connection, so it is asked for again here.
 */
export function onLiveConnect(listener: () => void): () => void {
  connectListeners.add(listener);
  if (socket?.connected) listener();
  return () => connectListeners.delete(listener);
}

/** A server message other than the live events (`display:cart`, …) to `handler`. */
export function onLiveMessage<A extends unknown[]>(
  message: string,
  handler: (...args: A) => void,
): () => void {
  let set = messageHandlers.get(message);
  if (!set) messageHandlers.set(message, (set = new Set()));
  const h = handler as (...args: unknown[]) => void;
  set.add(h);
  return () => set.delete(h);
}

/**
 * A message to the server on the tab's socket, with an optional acknowledgement callback last.
 * Not queued: false (nothing sent) while the socket is not connected.
 */
export function emitLive(message: string, ...args: unknown[]): boolean {
  if (!socket?.connected) return false;
  (socket as unknown as Socket).emit(message, ...args);
  return true;
}
