// The transfers' public API for the shell: the live watcher (toasts and the sidebar badge).
export { default as TransferLiveWatcher } from './components/TransferLiveWatcher';
