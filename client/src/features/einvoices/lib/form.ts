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

/** The receiver's address fields, in the order of the form and of the body sent. */
export const ADDRESS = ['country', 'governate', 'regionCity', 'street', 'buildingNumber'] as const;

export type ReceiverDraft = { type: EInvoiceReceiverType; id: string; name: string } & Record<
  (typeof ADDRESS)[number],
  string
>;

export const emptyReceiver = (): ReceiverDraft => ({
  type: 'B',
  id: '',
  name: '',
  ...(Object.fromEntries(ADDRESS.map((k) => [k, ''])) as Record<(typeof ADDRESS)[number], string>),
  country: 'EG',
});

// the address is sent once every field after the country is filled in
const hasAddress = (r: ReceiverDraft) => ADDRESS.slice(1).every((k) => r[k].trim());

/** The receiver rules (B: RIN + name + address; P: national ID from the threshold; F: ID + name). */
export function receiverErrors(r: ReceiverDraft, totalAmount: string): string[] {
  return checkEtaReceiver(receiverBody(r), totalAmount || '0');
}

const toAddress = (r: ReceiverDraft) => ({
  ...(Object.fromEntries(ADDRESS.map((k) => [k, r[k].trim()])) as Record<
    (typeof ADDRESS)[number],
    string
  >),
  country: r.country.trim().toUpperCase(),
});

export const receiverBody = (r: ReceiverDraft) => ({
  type: r.type,
  id: r.id.trim() || undefined,
  name: r.name.trim() || undefined,
  address: hasAddress(r) ? toAddress(r) : undefined,
});
