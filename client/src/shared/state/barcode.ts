import { atom } from 'jotai';

export type BarcodeScan = { code: string; seq: number; at: number };

/**
 * The last barcode scanned while on /POS. The POS page reads it, puts `code` into the product
 * autocomplete and searches BARCODE.searchDelayMs (≈100 ms) later; `seq` changes on every scan so
 * the same code scanned twice is seen twice. The same scan is also sent as a window event
 * `pos:barcode` (detail: BarcodeScan) for code outside React.
 */
export const barcodeScanState = atom<BarcodeScan | null>(null);
export const BARCODE_EVENT = 'pos:barcode';
