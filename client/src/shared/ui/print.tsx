import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { getReceiptData, type ReceiptData } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { loadBarcodeLib, useBarcodeLib } from '../lib/barcodeLib';
import { currentBranchState, featuresState, publicConfigState, storeInfoState } from '../state';
import { formatDateTime, formatNumber } from '../lib/format';

// Printing: documents render into a print-only area under <body>; @media print hides the rest of
// the app and sets the paper (80 mm roll or A4). The browser's own print dialog does the rest.

export type PaperLayout = '80mm' | 'a4';
export const PRINT_ROOT_CLASS = 'pos-print-root';
const LAYOUT_KEY = 'pos.receiptLayout';

export function readPaperLayout(): PaperLayout {
  try {
    return localStorage.getItem(LAYOUT_KEY) === 'a4' ? 'a4' : '80mm';
  } catch {
    return '80mm';
  }
}

/** The receipt paper chosen on this device (localStorage). */
export function usePaperLayout(): [PaperLayout, (layout: PaperLayout) => void] {
  const [layout, setLayout] = useState<PaperLayout>(readPaperLayout);
  const set = useCallback((next: PaperLayout) => {
    setLayout(next);
    try {
      localStorage.setItem(LAYOUT_KEY, next);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, []);
  return [layout, set];
}

/**
 * Opens the browser's print dialog once the print area has rendered (two frames) — after the
 * barcode library has loaded, so the document's barcode is drawn (it is loaded on demand).
 */
export function printSoon(): void {
  const print = () => requestAnimationFrame(() => requestAnimationFrame(() => window.print()));
  loadBarcodeLib().then(print, print);
}

/**
 * A document to print: set it, it renders into the print area, the print dialog opens, then it
 * clears after printing.
 */
export function usePrintJob<T>(): [T | null, (doc: T | null) => void] {
  const [doc, setDoc] = useState<T | null>(null);
  useEffect(() => {
    if (!doc) return;
    printSoon();
    const done = () => setDoc(null);
    window.addEventListener('afterprint', done, { once: true });
    return () => window.removeEventListener('afterprint', done);
  }, [doc]);
  return [doc, setDoc];
}

/** Spec §3 receipt data from the global state (features, current branch, store info, app name). */
export function useReceiptData(): ReceiptData {
  const features = useAtomValue(featuresState);
  const branch = useAtomValue(currentBranchState);
  const storeInfo = useAtomValue(storeInfoState);
  const config = useAtomValue(publicConfigState);
  return useMemo(
    () => getReceiptData({ features, branch, storeInfo, appName: config.appName }),
    [features, branch, storeInfo, config.appName],
  );
}

/** The print-only area: hidden on screen, the only thing printed. */
export function PrintArea({
  layout,
  children,
  testId = 'print-area',
  margin = '10mm',
}: {
  layout: PaperLayout;
  children: ReactNode;
  testId?: string;
  /** The A4 page's margin (labels: 5 mm). */
  margin?: string;
}) {
  return (
    <>
      <GlobalStyles
        styles={{
          '@media screen': { [`.${PRINT_ROOT_CLASS}`]: { display: 'none' } },
          '@media print': {
            '@page':
              layout === 'a4' ? { size: 'A4', margin } : { size: '80mm auto', margin: '2mm' },
            [`body > *:not(.${PRINT_ROOT_CLASS})`]: { display: 'none !important' },
            [`.${PRINT_ROOT_CLASS}`]: { display: 'block' },
            body: { background: '#fff' },
          },
        }}
      />
      {createPortal(
        <div className={PRINT_ROOT_CLASS} data-testid={testId} data-layout={layout}>
          {children}
        </div>,
        document.body,
      )}
    </>
  );
}

/** Code128 of a document number (bwip-js SVG). */
export function DocumentBarcode({ value, height = '12mm' }: { value: string; height?: string }) {
  const lib = useBarcodeLib();
  const svg = useMemo(() => {
    if (!lib) return null;
    try {
      return lib.code128(
        {
          bcid: 'code128',
          text: value,
          scale: 2,
          height: 8,
          includetext: true,
          textxalign: 'center',
        },
        lib.drawingSVG(),
      );
    } catch {
      return null;
    }
  }, [lib, value]);
  if (!svg) return <Box dir="ltr">{value}</Box>;
  return (
    <Box
      dir="ltr"
      role="img"
      aria-label={value}
      data-testid="receipt-barcode"
      sx={{
        blockSize: height,
        my: 1,
        '& svg': {
          blockSize: '100%',
          inlineSize: 'auto',
          maxInlineSize: '100%',
          display: 'block',
          marginInline: 'auto',
        },
      }}
      // bwip-js builds the SVG from the number alone; no user markup.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

// Dates and quantities come from the one formatter (shared/lib/format.ts): store time zone,
// Western digits, isolated from the Arabic around them.
export { formatDateTime };
export function formatQty(value: number): string {
  return formatNumber(value, 3);
}
