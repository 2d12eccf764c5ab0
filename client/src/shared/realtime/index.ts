// Live events on the client: one socket per tab, typed by the contracts' event map.
export {
  connectLive,
  disconnectLive,
  emitLive,
  onLiveConnect,
  onLiveMessage,
  onLiveEvent,
  onLiveResync,
  onLiveStatus,
  type LiveStatus,
} from './liveSocket';
export { useLiveEvent, useLiveResync } from './useLiveEvent';
export { liveStatusState, useLiveConnection } from './useLiveConnection';
export { ConnectionIndicator } from './ConnectionIndicator';
