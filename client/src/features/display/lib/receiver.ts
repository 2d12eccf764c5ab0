import {
  DISPLAY_CHANNEL,
  DISPLAY_MESSAGES,
  isDisplaySnapshot,
  type DisplayAck,
  type DisplaySnapshot,
} from '@pos/contracts';
import { emitLive, onLiveConnect, onLiveMessage, onLiveStatus } from '../../../shared/realtime';
import { HELLO } from './publisher';

export type DisplayLink = 'waiting' | 'joined' | 'refused';

/**
 * The display's side (docs/decisions/0115): the snapshots of `register`'s till, from a till on this
 * device (BroadcastChannel) and through the server (the register's room, joined again on every
 * reconnect). The same snapshot may come both ways, and an older one late: per till tab only a
 * higher sequence is shown. The link shows 'joined' only while the socket is up: a drop (the network
 * gone, the server restarting) shows 'waiting' until the room is joined again.
 */
export function subscribeDisplay(
  register: number,
  onSnapshot: (snapshot: DisplaySnapshot) => void,
  onLink: (link: DisplayLink, ack?: DisplayAck) => void,
): () => void {
  const seen = new Map<string, number>();
  const accept = (s: unknown) => {
    if (!isDisplaySnapshot(s) || s.register !== register) return;
    if ((seen.get(s.src) ?? 0) >= s.seq) return;
    seen.set(s.src, s.seq);
    onSnapshot(s);
  };
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(DISPLAY_CHANNEL) : null;
  if (channel) {
    channel.onmessage = (e: MessageEvent) => accept(e.data);
    channel.postMessage(HELLO);
  }
  const offCart = onLiveMessage(DISPLAY_MESSAGES.cart, accept);
  const offConnect = onLiveConnect(() =>
    emitLive(DISPLAY_MESSAGES.join, { register }, (ack: DisplayAck) =>
      onLink(ack.ok ? 'joined' : 'refused', ack),
    ),
  );
  const offStatus = onLiveStatus((status) => {
    if (status !== 'connected') onLink('waiting');
  });
  return () => {
    offStatus();
    offCart();
    offConnect();
    channel?.close();
  };
}
