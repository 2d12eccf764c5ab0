// A sale's or a return's ETA receipt input, from what both sides have: the server reads the lines
// from the books, a till that sells offline (issue 32 item 6) from its cart and its catalog. One
// mapping, so that the device's receipt and the server's check of it hash the same text.
import {
  etaLineFromInclusive,
  etaPaymentMethod,
  type EtaAddress,
  type EtaLineInput,
  type EtaReceiptInput,
} from './receipt';

/** The app's units as ETA's unit types (others are "EA", each). */
export const ETA_UNIT_TYPES: Readonly<Record<string, string>> = {
  piece: 'EA',
  kg: 'KGM',
  g: 'GRM',
  m: 'MTR',
  l: 'LTR',
  box: 'BX',
  pack: 'PK',
};

/** One line as the receipt needs it; money in piasters, VAT included. */
export type EtaSaleLine = {
  sku: string;
  /** the product's Arabic name */
  name: string;
  etaItemType: 'GS1' | 'EGS' | null;
  etaItemCode: string | null;
  unit: string;
  quantity: number;
  /** quantity × unit price before discounts */
  grossPiasters: number;
  /** after the line's discount and its share of the invoice discount */
  lineTotalPiasters: number;
  vatRate: number;
  /** the promotions on the line and their shares of its discount (sale_lines.pricing) */
  promotions?: EtaLinePromotion[] | null;
};

/** A promotion's share of a line's discount (piasters, VAT included), the code that unlocked it. */
export type EtaLinePromotion = { promotionId: string; name: string; amount: number; code?: string };

/**
 * A promotion's part of the commercial discount as ETA reads it: its name, and the coupon code
 * after it. In promotion id order, so the till and the server write the same bytes whatever order
 * each kept them in.
 */
export const etaPromotionParts = (promotions: EtaLinePromotion[] | null | undefined) =>
  (promotions ?? [])
    .filter((x) => x.amount > 0)
    .slice()
    .sort((a, b) => (a.promotionId < b.promotionId ? -1 : a.promotionId > b.promotionId ? 1 : 0))
    .map((x) => ({ piasters: x.amount, description: x.code ? `${x.name} - ${x.code}` : x.name }));

/** The taxpayer and its branch as the receipt's seller. */
export type EtaIssuer = {
  rin: string;
  name: string;
  activityCode: string;
  address: EtaAddress;
  /** the branch's ETA branch number ("0" for the head office) */
  branchCode: string;
};

/** The line's ETA item, by the product's own code or the company's EGS code for its SKU. */
export function etaLineInput(line: EtaSaleLine, rin: string): EtaLineInput {
  return {
    internalCode: line.sku,
    description: line.name,
    itemType: line.etaItemType ?? 'EGS',
    itemCode: line.etaItemCode ?? `EG-${rin}-${line.sku}`,
    unitType: ETA_UNIT_TYPES[line.unit] ?? 'EA',
    vatRate: line.vatRate,
    ...etaLineFromInclusive({
      quantity: line.quantity,
      grossPiasters: line.grossPiasters,
      lineTotalPiasters: line.lineTotalPiasters,
      vatRate: line.vatRate,
      promotions: etaPromotionParts(line.promotions),
    }),
  };
}

/**
 * The receipt's input for a sale ('s') or a return ('r') issued on the POS `serial`, chained after
 * `previousUUID`; null when no line has a quantity (nothing to receipt).
 */
export function etaSaleReceiptInput(p: {
  kind: 's' | 'r';
  dateTimeIssued: Date | string;
  receiptNumber: string;
  previousUUID: string;
  referenceUUID?: string | null;
  referenceOldUUID?: string | null;
  issuer: EtaIssuer;
  serial: string;
  lines: EtaSaleLine[];
  tenders: { type: string; amount: number }[];
}): EtaReceiptInput | null {
  const lines = p.lines.filter((l) => l.quantity > 0).map((l) => etaLineInput(l, p.issuer.rin));
  if (!lines.length) return null;
  return {
    kind: p.kind,
    dateTimeIssued: p.dateTimeIssued,
    receiptNumber: p.receiptNumber,
    previousUUID: p.previousUUID,
    referenceUUID: p.referenceUUID ?? undefined,
    referenceOldUUID: p.referenceOldUUID ?? undefined,
    seller: {
      rin: p.issuer.rin,
      companyTradeName: p.issuer.name,
      branchCode: p.issuer.branchCode,
      branchAddress: p.issuer.address,
      deviceSerialNumber: p.serial,
      activityCode: p.issuer.activityCode,
    },
    buyer: { type: 'P' },
    lines,
    paymentMethod: etaPaymentMethod(p.tenders),
  };
}
