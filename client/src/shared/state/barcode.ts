import { useEffect, useRef } from 'react';

/**
 * A scan, sent by app/BarcodeListener.tsx as the window event `pos:barcode` (detail: BarcodeScan)
 * on the pages that take scans themselves (see shared/lib/barcode.ts `scanTarget`); `seq` changes
 * on every scan so the same code scanned twice is seen twice. `target` is read when the Enter was
 * pressed, not when the event arrives ~20 ms later: by then the scan may have moved the focus.
 */
export type BarcodeScan = {
  code: string;
  seq: number;
  at: number;
  /** The element that had the focus when the scan's Enter was pressed (null: none). */
  target: EventTarget | null;
};
export const BARCODE_EVENT = 'pos:barcode';

/** Runs `onScan` for each scan while mounted; the latest handler is used (it may close over state). */
export function useBarcodeScan(onScan: (scan: BarcodeScan) => void): void {
  const ref = useRef(onScan);
  useEffect(() => {
    ref.current = onScan;
  });
  useEffect(() => {
    const listener = (event: Event) => {
      const scan = (event as CustomEvent<BarcodeScan>).detail;
      if (scan) ref.current(scan);
    };
    window.addEventListener(BARCODE_EVENT, listener);
    return () => window.removeEventListener(BARCODE_EVENT, listener);
  }, []);
}
