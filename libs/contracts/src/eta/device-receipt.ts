// A till's own e-receipts (issue 32 item 6, docs/offline.md): a till with an ETA POS serial builds
// each receipt of a sale it completes offline, chained after its own previous one, with the same
// mapping (etaSaleReceiptInput) and serializer the server rebuilds it with on sync. Pure: the
// SHA-256 is passed in (@noble/hashes on the till, node:crypto on the server).
import { buildEtaReceipt, etaDateTime, type BuiltEtaReceipt } from './receipt';
import {
  etaSaleReceiptInput,
  type EtaIssuer,
  type EtaLinePromotion,
  type EtaSaleLine,
} from './sale-receipt';

export { ETA_POS_SERIAL_PATTERN } from './pos-serial';
export { ETA_RECEIPT_SUBMIT_WINDOW_HOURS, ETA_RECEIPT_WARN_AFTER_HOURS } from './pos-serial';

/** dateTimeIssued is the issue time minus this, so ETA never sees it "in the future" (clock skew). */
export const ETA_ISSUE_SKEW_MS = 1000;

/** The receipt's dateTimeIssued for a sale completed at `at` (the server's rule, applied to the till's time). */
export const etaIssuedAt = (at: Date | string): string =>
  etaDateTime(new Date(new Date(at).getTime() - ETA_ISSUE_SKEW_MS));

/** The till's issuer data (the device catalog's start): e-receipts on, and the serial it issues on. */
export type DeviceEReceiptData = {
  /** e-receipts are on for the branch (and the company info is complete) */
  enabled: boolean;
  /** this till's ETA POS serial; null: the branch's serial issues its receipts (online) */
  serial: string | null;
  issuer: EtaIssuer | null;
  /** the ETA portal the QR links to */
  portal: string;
};

/** One line of a sale as computeSale has it (piasters), with its item's ETA data. */
export type DeviceReceiptLine = {
  sku: string;
  name: string;
  etaItemType: 'GS1' | 'EGS' | null;
  etaItemCode: string | null;
  unit: string;
  quantity: number;
  vatRate: number;
  lineTotal: number;
  discount: number;
  invoiceDiscountShare: number;
  /** the promotions' shares of `discount` (issue 33; the sale line's pricing on the server) */
  promotions?: EtaLinePromotion[];
};

/** The server's line as it reads it back (eta-lines.ts): gross = line total + both discounts. */
export const deviceEtaLine = (l: DeviceReceiptLine): EtaSaleLine => ({
  sku: l.sku,
  name: l.name,
  etaItemType: l.etaItemType,
  etaItemCode: l.etaItemCode,
  unit: l.unit,
  quantity: l.quantity,
  grossPiasters: l.lineTotal + l.discount + l.invoiceDiscountShare,
  lineTotalPiasters: l.lineTotal,
  vatRate: l.vatRate,
  promotions: l.promotions ?? [],
});

/**
 * The receipt a till builds for a sale: chained after `previousUuid` on its serial, issued at
 * `rungAt` minus the skew, numbered with the till's receipt number. null: nothing to receipt.
 */
export function buildDeviceReceipt(
  p: {
    data: DeviceEReceiptData & { serial: string; issuer: EtaIssuer };
    previousUuid: string;
    rungAt: string;
    receiptNumber: string;
    lines: DeviceReceiptLine[];
    tenders: { type: string; amount: number }[];
  },
  sha256Hex: (s: string) => string,
): (BuiltEtaReceipt & { dateTimeIssued: string }) | null {
  const dateTimeIssued = etaIssuedAt(p.rungAt);
  const input = etaSaleReceiptInput({
    kind: 's',
    dateTimeIssued,
    receiptNumber: p.receiptNumber,
    previousUUID: p.previousUuid,
    issuer: p.data.issuer,
    serial: p.data.serial,
    lines: p.lines.map(deviceEtaLine),
    tenders: p.tenders,
  });
  if (!input) return null;
  return { ...buildEtaReceipt(input, sha256Hex), dateTimeIssued };
}

/** Why the server held a till's receipt instead of submitting it ('chain_broken'). */
export const E_RECEIPT_HOLD_REASONS = ['previous_uuid', 'uuid_mismatch', 'serial'] as const;
export type EReceiptHoldReason = (typeof E_RECEIPT_HOLD_REASONS)[number];
