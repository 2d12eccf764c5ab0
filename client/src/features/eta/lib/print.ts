import type { EReceiptPrintDto } from '@pos/contracts';
import { etaApi } from '../api/eta.api';

/**
 * What the 80 mm receipt prints for ETA: the receipt's UUID, its QR (a PNG data URL), and the
 * issuer's tax registration number and ETA branch code as sent to ETA.
 */
export type EReceiptMark = Pick<EReceiptPrintDto, 'uuid' | 'qr' | 'issuerRin' | 'branchCode'> & {
  qrImage: string;
};

/** The e-receipt of a sale (kind s) or of one of its returns, or null (e-receipts off). */
export function pickReceipt(
  receipts: EReceiptPrintDto[],
  returnId: string | null,
): EReceiptPrintDto | null {
  const mine = receipts.filter((r) =>
    returnId ? r.kind === 'r' && r.returnId === returnId : r.kind === 's',
  );
  // a corrected receipt has a newer one for the same document: print the latest
  return mine.at(-1) ?? null;
}

/**
 * Reads the sale's e-receipts and draws the QR (ETA's text from the server) with the `qrcode`
 * package, loaded on demand so the POS page's first load stays light. Null when the sale has no
 * e-receipt or the read fails or takes longer than `timeoutMs` (the receipt then prints without it
 * rather than keep the customer waiting).
 */
export async function loadEReceiptMark(
  saleId: string,
  returnId: string | null = null,
  timeoutMs = 3000,
): Promise<EReceiptMark | null> {
  // A sale's end asks twice at once (the customer display's QR and the receipt): one read, while
  // it is under way (a later call reads again: a corrected receipt replaces the first)
  const key = `${saleId}/${returnId ?? ''}`;
  let work = reading.get(key);
  if (!work) {
    work = readMark(saleId, returnId);
    reading.set(key, work);
    const done = () => reading.delete(key);
    work.then(done, done);
  }
  let timer: number | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = window.setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([work.catch(() => null), timeout]);
  } finally {
    window.clearTimeout(timer);
  }
}

/** The reads under way, by sale and return. */
const reading = new Map<string, Promise<EReceiptMark | null>>();

async function readMark(saleId: string, returnId: string | null): Promise<EReceiptMark | null> {
  const local = returnId ? undefined : localReceipts.get(saleId);
  const receipt = local !== undefined ? local : pickReceipt(await etaApi.ofSale(saleId), returnId);
  if (!receipt) return null;
  const QRCode = await import('qrcode');
  const qrImage = await QRCode.toDataURL(receipt.qr, {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 220,
  });
  return { ...receipt, qrImage };
}

/**
 * The e-receipts the till knows without asking: built by the till for the sales it completed offline
 * this session (issue 32 item 6), or carried by the answer of a sale it sent (issue 35).
 */
const localReceipts = new Map<
  string,
  Pick<EReceiptPrintDto, 'uuid' | 'qr' | 'issuerRin' | 'branchCode'> | null
>();

/**
 * A sale's e-receipt known at the till (its own, or its answer's; null: the sale has none): printed
 * from it, with no read.
 */
export function rememberLocalEReceipt(
  saleId: string,
  mark: Pick<EReceiptPrintDto, 'uuid' | 'qr' | 'issuerRin' | 'branchCode'> | null,
): void {
  if (localReceipts.size > 200) localReceipts.clear();
  localReceipts.set(
    saleId,
    mark && {
      uuid: mark.uuid,
      qr: mark.qr,
      issuerRin: mark.issuerRin,
      branchCode: mark.branchCode,
    },
  );
}
