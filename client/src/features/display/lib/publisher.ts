import { DISPLAY_CHANNEL, DISPLAY_MESSAGES, type DisplaySnapshot } from '@pos/contracts';
import { newId } from '../../../shared/lib/ids';
import { emitLive, onLiveConnect, onLiveMessage } from '../../../shared/realtime';

/** What the till fills in; the publisher adds the version, its id, the sequence and the time. */
export type DisplayState = Omit<DisplaySnapshot, 'v' | 'src' | 'seq' | 'at'>;

export type DisplayPublisher = {
  /**
   * The till's state changed (at `at`, its clock): a snapshot follows within `intervalMs`. `now`:
   * the change is complete (not the first of several updates of one action), so the snapshot may
   * go at once rather than after the current task.
   */
  changed: (at?: number, options?: { now?: boolean }) => void;
  close: () => void;
};

/** A display on this device asking for the till's state (BroadcastChannel). */
export const HELLO = { hello: true } as const;

/**
 * The till's side of the customer display (docs/decisions/0115): on every change a snapshot of
 * `read()` goes out, at most one per `intervalMs` and always the last state (it is read when sent,
 * not when the change happened; a trailing send follows changes inside the interval), over a BroadcastChannel to a display on this device (offline too)
 * and, when the tab's socket is connected, to the server, which relays it to the room of this
 * user's open shift's register. Sending is fire-and-forget on a timer: nothing the till does waits
 * for a display. A display that arrives (either way) gets the current state again.
 */
export function createDisplayPublisher(
  read: () => DisplayState,
  intervalMs = 50,
): DisplayPublisher {
  const src = newId();
  let seq = 0;
  let lastSent = -Infinity;
  /** a send is scheduled (on a timer, `handle`, or as a microtask) */
  let scheduled = false;
  let handle: ReturnType<typeof setTimeout> | null = null;
  /** the earliest change not sent yet (its delay is what the display's latency is measured from) */
  let pendingAt = 0;
  /** the server relays this tab's cart once it knows the tab's register (display:till) */
  let bound = false;
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(DISPLAY_CHANNEL) : null;

  let closed = false;
  const send = () => {
    scheduled = false;
    handle = null;
    if (closed) return;
    lastSent = performance.now();
    let state: DisplayState;
    try {
      state = read();
    } catch {
      return; // figures that cannot be read now: the next change sends them
    }
    const snapshot: DisplaySnapshot = {
      ...state,
      v: 1,
      src,
      seq: ++seq,
      at: pendingAt || Date.now(),
    };
    pendingAt = 0;
    try {
      channel?.postMessage(snapshot);
    } catch {
      // a closed channel: the socket still carries it
    }
    try {
      if (bound) emitLive(DISPLAY_MESSAGES.cart, snapshot);
    } catch {
      // never into the till's own work: the next change sends again
    }
  };

  const changed = (at = Date.now(), options: { now?: boolean } = {}) => {
    if (!pendingAt) pendingAt = at;
    if (scheduled) return;
    const wait = lastSent + intervalMs - performance.now();
    if (wait <= 0 && options.now) {
      // A change complete in itself (one atom set): sent before the till draws it. Reading the
      // state and handing it to the channel and the socket return at once: nothing waits.
      send();
      return;
    }
    scheduled = true;
    if (wait > 0) handle = setTimeout(send, wait);
    // Else right after the change's own task, once all of its atom updates are done.
    else queueMicrotask(send);
  };

  if (channel) {
    channel.onmessage = (e: MessageEvent) => {
      if ((e.data as typeof HELLO | null)?.hello) changed();
    };
  }
  // Bound on every (re)connect (rooms are lost with the connection), then the state is sent again.
  const offConnect = onLiveConnect(() => {
    bound = false;
    emitLive(DISPLAY_MESSAGES.till, (answer: { ok: boolean }) => {
      bound = answer.ok;
      if (bound) changed();
    });
  });
  const offHello = onLiveMessage(DISPLAY_MESSAGES.hello, () => changed());
  changed();

  return {
    changed,
    close: () => {
      closed = true;
      if (handle !== null) clearTimeout(handle);
      handle = null;
      offConnect();
      offHello();
      channel?.close();
    },
  };
}
