import {
  encodeDrawerPulse,
  encodeReceipt,
  PAPER_DOTS,
  type DevicePrinterDto,
  type ReturnDto,
  type SaleDto,
} from '@pos/contracts';
import { fetchPaymentMethods } from '../../../shared/api/paymentMethods';
import { printerApi } from '../../../shared/printing/printerApi';
import { canPrintDirect, sendToPrinter } from '../../../shared/printing/transport';
import { printSoon, PRINT_ROOT_CLASS } from '../../../shared/ui/print';
import { afterTillMark, tillMark } from '../../../shared/lib/tillMarks';
import type { DrawnAhead } from '../../../shared/printing/rasterize';

// The till's receipt printer (issue 35, docs/decisions/0113): the receipt the till has drawn in its
// print area (the same component the browser's print dialog prints) is drawn to the printer's dots,
// encoded as ESC/POS and sent without a dialog; with no printer for this till, or when sending
// fails, the print dialog opens as before.

type TillPrinter = { deviceId: string; printer: DevicePrinterDto };

const CACHE_KEY = 'pos.tillPrinter';
let known: Promise<TillPrinter | null> | null = null;
/** The printer once known (the payment's click asks synchronously whether to draw ahead). */
let knownNow: TillPrinter | null = null;

/** What the server said last (the till prints offline with it). */
function cached(deviceId: string): TillPrinter | null {
  try {
    const saved = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as TillPrinter | null;
    return saved?.deviceId === deviceId ? saved : null;
  } catch {
    return null;
  }
}

/** This till's printer: read once a page (again with `refresh`), kept for offline use. */
export function tillPrinter(refresh = false): Promise<TillPrinter | null> {
  if (known && !refresh) return known;
  known = (async () => {
    const found = await readTillPrinter();
    knownNow = found;
    return found;
  })();
  return known;
}

async function readTillPrinter(): Promise<TillPrinter | null> {
  // the outbox's identity (its code is loaded on demand, as the outbox's engine is)
  const [{ deviceIdentity }, { outboxDb }] = await Promise.all([
    import('../offline/outbox/store'),
    import('../offline/outbox/db'),
  ]);
  const device = await deviceIdentity(outboxDb());
  try {
    const printer = await printerApi.get(device.id);
    const found = { deviceId: device.id, printer };
    localStorage.setItem(CACHE_KEY, JSON.stringify(found));
    return found;
  } catch {
    // offline, or the till is not registered yet: what it knew
    return cached(device.id);
  }
}

/** The printer and the raster code fetched before the first receipt (the first cart line). */
export function preloadTillPrinter(): void {
  tillPrinter(true).then(
    (found) => {
      if (found && canPrintDirect(found.printer))
        void import('../../../shared/printing/rasterize').catch(() => undefined);
    },
    () => undefined,
  );
}

/** A document the till prints, and whether its money moved through the cash drawer. */
export type TillDocument =
  { kind: 'sale'; sale: SaleDto } | { kind: 'return'; doc: ReturnDto } | { kind: 'giftcard' };

/** A cash payment or cash refund opens the drawer; a card, never. */
async function movesCash(doc: TillDocument): Promise<boolean> {
  if (doc.kind === 'sale')
    return doc.sale.payments.some((p) => p.type === 'cash' && p.amount !== 0);
  if (doc.kind === 'return') {
    if (!doc.doc.refunds.length) return false;
    const methods = await fetchPaymentMethods(false);
    const cash = new Set(methods.filter((m) => m.type === 'cash').map((m) => m.id));
    return doc.doc.refunds.some((r) => cash.has(r.methodId) && r.amount !== 0);
  }
  return false;
}

const frames = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

/** The class of the off-screen area the receipt expected is drawn in (TillDialogs). */
export const PRINT_AHEAD_CLASS = 'pos-print-ahead';

/** The receipt drawn ahead for a sale being stored (one at a time). */
let ahead: { saleId: string; drawing: Promise<DrawnAhead | null> } | null = null;
/** The sale whose receipt is expected (paid, not yet printing). */
let expected: string | null = null;

/**
 * The payment is confirmed (`sale`: the sale expected, from the cart) or failed (null). When this
 * till prints to its own printer, the receipt expected is rendered (`render`, off screen: the
 * print-ahead area) and drawn while the sale is stored — once its request has left (the drawing
 * takes the page's thread a while: not before the sale is sent; a sale completed on the device
 * with no request seen leaving is drawn whole as it prints). The printing that follows the answer
 * then draws only what the answer decides (docs/decisions/0124).
 */
export function expectReceipt(sale: SaleDto | null, render: (sale: SaleDto | null) => void): void {
  if (!sale) {
    expected = null;
    ahead = null;
    render(null);
    return;
  }
  if (knownNow === null || !canPrintDirect(knownNow.printer)) return;
  const { printer } = knownNow;
  expected = sale.id;
  afterTillMark(['pay:sending', 'pay:done'], (mark) => {
    // not made, or its printing has started: nothing to draw; done before its request was seen
    // leaving (completed on the device): the receipt is drawn whole, once, as it prints
    if (expected !== sale.id || mark === 'pay:done') return;
    render(sale);
    const receipt = document.querySelector<HTMLElement>(`.${PRINT_AHEAD_CLASS} > *`);
    if (!receipt) return;
    const drawing = import('../../../shared/printing/rasterize')
      .then(({ drawAhead }) => drawAhead(receipt, PAPER_DOTS[printer.paperWidth]))
      .then(
        (drawn) => {
          tillMark('print:body');
          return drawn;
        },
        () => null,
      );
    ahead = { saleId: sale.id, drawing };
  });
}

/** What waits for a sale's receipt to be out (whenPrinted), by sale. */
const afterPrint = new Map<string, (() => void)[]>();

/**
 * Runs `run` once this sale's receipt has gone to the till's printer (or failed to), when it is
 * about to print there; else at once. The till's refreshes after a sale (its shift, its search)
 * wait for it: they would ask the server at the moment the receipt needs it (the e-receipt, the
 * relay). At most 3 s later in any case.
 */
export function whenPrinted(saleId: string, run: () => void): void {
  if (expected !== saleId && ahead?.saleId !== saleId) {
    run();
    return;
  }
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    window.clearTimeout(timer);
    run();
  };
  const timer = window.setTimeout(go, 3000);
  afterPrint.set(saleId, [...(afterPrint.get(saleId) ?? []), go]);
}

function printed(doc: TillDocument): void {
  if (doc.kind !== 'sale') return;
  const waiting = afterPrint.get(doc.sale.id);
  afterPrint.delete(doc.sale.id);
  waiting?.forEach((go) => go());
}

/** The drawing ahead of this sale, if it was started; it is used once. */
function takeAhead(doc: TillDocument): Promise<DrawnAhead | null> {
  const mine = ahead && doc.kind === 'sale' && ahead.saleId === doc.sale.id ? ahead : null;
  ahead = null;
  expected = null;
  return mine?.drawing ?? Promise.resolve(null);
}

/**
 * The receipt in the print area, laid out off screen for a moment (the print area is hidden on
 * screen), drawn to the printer's dots — from the drawing ahead when there is one (only the parts
 * the answer decides drawn now). `reused` says whether it was.
 */
async function rasterizePrintArea(dots: number, drawnAhead: Promise<DrawnAhead | null>) {
  // the print area that holds a document (rendered at once by the caller; a few frames at most)
  let root: HTMLElement | undefined;
  for (let i = 0; i < 30 && !root; i++) {
    root = [...document.querySelectorAll<HTMLElement>(`.${PRINT_ROOT_CLASS}`)].find(
      (area) => area.firstElementChild,
    );
    if (!root) await frames();
  }
  const receipt = root?.firstElementChild as HTMLElement | null | undefined;
  if (!root || !receipt) throw new Error('nothing in the print area');
  // an A4 document is the print dialog's (a thermal roll takes the 80 mm layout)
  if (root.dataset.layout === 'a4') throw new Error('A4 layout');
  const { rasterizeWithAhead } = await import('../../../shared/printing/rasterize');
  const before = await drawnAhead;
  const style = root.getAttribute('style');
  root.setAttribute(
    'style',
    'display:block;position:fixed;inset-block-start:0;inset-inline-start:-10000px;background:#fff',
  );
  try {
    await document.fonts.ready;
    // laid out when drawn (the styles are read): no frame to wait for
    tillMark('print:laidout');
    const drawn = await rasterizeWithAhead(receipt, dots, before);
    if (drawn.reused) tillMark('print:reused');
    return drawn;
  } finally {
    if (style === null) root.removeAttribute('style');
    else root.setAttribute('style', style);
  }
}

/**
 * Prints what the print area holds once it has rendered: to this till's printer without a
 * dialog when it has one (the drawer's pulse with a cash payment or refund), else — or when that
 * fails — the browser's print dialog. Resolves with how it printed.
 */
export async function printTillDocument(doc: TillDocument): Promise<'printer' | 'dialog'> {
  try {
    return await printDocument(doc);
  } finally {
    printed(doc);
  }
}

async function printDocument(doc: TillDocument): Promise<'printer' | 'dialog'> {
  const drawnAhead = takeAhead(doc);
  const found = await tillPrinter().catch(() => null);
  if (!found || !canPrintDirect(found.printer)) {
    printSoon();
    return 'dialog';
  }
  try {
    tillMark('print:start');
    const { printer } = found;
    const [{ raster }, drawer] = await Promise.all([
      rasterizePrintArea(PAPER_DOTS[printer.paperWidth], drawnAhead),
      printer.drawer ? movesCash(doc) : false,
    ]);
    tillMark('print:raster');
    const bytes = encodeReceipt({ raster, drawer, codePage: printer.codePage });
    tillMark('print:encoded');
    await sendToPrinter(found.deviceId, printer, bytes);
    tillMark('print:sent');
    return 'printer';
  } catch (err) {
    console.warn(`thermal print failed, opening the print dialog: ${String(err)}`);
    printSoon();
    return 'dialog';
  }
}

/**
 * "Open drawer" without a sale: the server checks the permission and records it; it sends the
 * pulse itself to a network printer, else the till does.
 */
export async function openTillDrawer(): Promise<void> {
  const found = await tillPrinter();
  if (!found) throw new Error('no printer');
  const { opened } = await printerApi.openDrawer(found.deviceId);
  if (opened === 'till') await sendToPrinter(found.deviceId, found.printer, encodeDrawerPulse());
}
