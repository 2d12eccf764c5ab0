import { useEffect, useState } from 'react';

// bwip-js (≈ 130 KB) draws barcode images: receipts, transfer and stock-taking notes, labels. No
// page needs it to start, so it is loaded the first time a barcode is drawn (or a print is about
// to happen) and kept for the rest of the visit.
export type BarcodeLib = typeof import('./barcodeDraw');

let loaded: BarcodeLib | null = null;
let pending: Promise<BarcodeLib> | null = null;

export function loadBarcodeLib(): Promise<BarcodeLib> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= import('./barcodeDraw').then(
    (lib) => (loaded = lib),
    (error: unknown) => {
      pending = null; // a failed chunk load may succeed on the next try
      throw error;
    },
  );
  return pending;
}

/** The library once loaded (at once when an earlier barcode loaded it), else null while it loads. */
export function useBarcodeLib(): BarcodeLib | null {
  const [lib, setLib] = useState<BarcodeLib | null>(loaded);
  useEffect(() => {
    if (lib) return;
    let live = true;
    loadBarcodeLib().then(
      (l) => live && setLib(l),
      () => undefined, // offline: the code is shown as text
    );
    return () => {
      live = false;
    };
  }, [lib]);
  return lib;
}
