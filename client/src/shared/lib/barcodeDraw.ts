// The only bwip-js encoders the app draws; imported lazily through barcodeLib.ts (a dynamic import
// of the package itself would keep every one of its ~100 symbologies in the chunk).
export { code128, drawingSVG, ean13 } from 'bwip-js/browser';
