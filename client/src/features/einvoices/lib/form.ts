import {
  checkEtaReceiver,
  etaInvoiceTotals,
  type EInvoiceLineDto,
  type EInvoiceReceiverType,
} from '@pos/contracts';

export type LineDraft = EInvoiceLineDto & { key: number };

let nextKey = 1;
export const emptyLine = (): LineDraft => ({
  key: nextKey++,
  description: '',
  itemType: 'EGS',
  itemCode: '',
  unitType: 'EA',
  internalCode: '',
  quantity: '1',
  unitValue: '',
  discountRate: '0',
  vatRate: '14',
});

const DECIMAL = /^\d{1,12}(\.\d{1,5})?$/;

/** Which fields of a line are wrong (empty = fine). */
export function lineErrors(l: LineDraft): (keyof EInvoiceLineDto)[] {
  const bad: (keyof EInvoiceLineDto)[] = [];
  if (!l.description.trim()) bad.push('description');
  if (!l.itemCode.trim()) bad.push('itemCode');
  if (!l.internalCode.trim()) bad.push('internalCode');
  if (!/^[A-Z0-9]{1,10}$/.test(l.unitType)) bad.push('unitType');
  if (!DECIMAL.test(l.quantity) || Number(l.quantity) <= 0) bad.push('quantity');
  if (!DECIMAL.test(l.unitValue)) bad.push('unitValue');
  if (!DECIMAL.test(l.discountRate ?? '0') || Number(l.discountRate ?? 0) > 100)
    bad.push('discountRate');
  if (!DECIMAL.test(l.vatRate) || Number(l.vatRate) > 100) bad.push('vatRate');
  return bad;
}

/** The totals preview of the lines that are complete (ETA's arithmetic, exact decimals). */
export function previewTotals(lines: LineDraft[]) {
  const ok = lines.filter((l) => !lineErrors(l).length);
  return etaInvoiceTotals(ok.map(({ key: _key, ...line }) => line));
}

export type ReceiverDraft = {
  type: EInvoiceReceiverType;
  id: string;
  name: string;
  country: string;
  governate: string;
  regionCity: string;
  street: string;
  buildingNumber: string;
};

export const emptyReceiver = (): ReceiverDraft => ({
  type: 'B',
  id: '',
  name: '',
  country: 'EG',
  governate: '',
  regionCity: '',
  street: '',
  buildingNumber: '',
});

const hasAddress = (r: ReceiverDraft) =>
  !!(r.governate.trim() && r.regionCity.trim() && r.street.trim() && r.buildingNumber.trim());

/** The receiver rules (B: RIN + name + address; P: national ID from the threshold; F: ID + name). */
export function receiverErrors(r: ReceiverDraft, totalAmount: string): string[] {
  return checkEtaReceiver(receiverBody(r), totalAmount || '0');
}

const toAddress = (r: ReceiverDraft) => ({
  country: r.country.trim().toUpperCase(),
  governate: r.governate.trim(),
  regionCity: r.regionCity.trim(),
  street: r.street.trim(),
  buildingNumber: r.buildingNumber.trim(),
});

export const receiverBody = (r: ReceiverDraft) => ({
  type: r.type,
  id: r.id.trim() || undefined,
  name: r.name.trim() || undefined,
  address: hasAddress(r) ? toAddress(r) : undefined,
});
