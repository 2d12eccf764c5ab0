// ETA e-invoice v1.0 (FACTS §2): the builder for invoices (i), credit notes (c) and debit notes (d)
// with exact decimals (≤5 dp, every line figure rounded, totals from the rounded lines), ETA's line
// and document equations (asserted before sending and by the simulator), the receiver rules
// (B: RIN, P: national ID at and above the threshold, F: foreign ID) and the signature splice.
// Pure: no hashing here (the server signs the canonical form).
import Decimal from 'decimal.js';
import { etaSafeText } from './canonical';
import {
  ETA_BUYER_ID_THRESHOLD,
  ETA_DP,
  etaDateTime,
  isValidNationalId,
  isValidRin,
  type EtaAddress,
  type EtaDecimal,
} from './receipt';

const D = /* @__PURE__ */ Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;
const r5 = (x: Dec): Dec => x.toDecimalPlaces(ETA_DP, Decimal.ROUND_HALF_UP);
const dec = (x: EtaDecimal | Dec): Dec => new D(x as Decimal.Value);

/** i = invoice, c = credit note, d = debit note (the notes reference the original's UUID). */
export const ETA_INVOICE_TYPES = ['i', 'c', 'd'] as const;
export type EtaInvoiceType = (typeof ETA_INVOICE_TYPES)[number];
export const ETA_RECEIVER_TYPES = ['B', 'P', 'F'] as const;
export type EtaReceiverType = (typeof ETA_RECEIVER_TYPES)[number];

/** A P receiver needs the national ID on documents of this total (EGP) and more (FACTS §2.2). */
export const ETA_INVOICE_ID_THRESHOLD = ETA_BUYER_ID_THRESHOLD;

/** A decimal written into the JSON text as a number lexeme with exactly 5 decimals. */
class EtaInvoiceNumber {
  constructor(readonly value: Dec) {}
  toJSON(): string {
    return `\u0000N${this.value.toFixed(ETA_DP)}`;
  }
}
const n = (x: Dec) => new EtaInvoiceNumber(r5(x));
const toJsonText = (obj: unknown): string =>
  JSON.stringify(obj).replace(/"\\u0000N(-?\d+\.\d+)"/g, '$1');

export type EtaIssuerInput = {
  rin: string;
  name: string;
  /** the branch code registered at ETA ('0' = head office) */
  branchId: string;
  activityCode: string;
  address: EtaAddress;
};

export type EtaReceiverInput = {
  type: EtaReceiverType;
  /** B: RIN (9 digits); P: national ID (14 digits); F: passport / foreign ID */
  id?: string;
  name?: string;
  address?: EtaAddress;
};

/** One tax of a line: a rate in percent, or a fixed amount (no rate) for T3 and the fixed fees. */
export type EtaInvoiceTaxInput = {
  taxType: string;
  subType: string;
  rate?: EtaDecimal;
  amount?: EtaDecimal;
};

export type EtaInvoiceLineInput = {
  description: string;
  itemType: 'GS1' | 'EGS';
  itemCode: string;
  unitType: string;
  internalCode: string;
  quantity: EtaDecimal;
  /** unit value in EGP, before taxes */
  unitValue: EtaDecimal;
  /** a discount before taxes: a rate in percent, or an amount (EGP) */
  discountRate?: EtaDecimal;
  discountAmount?: EtaDecimal;
  /** a discount after taxes (EGP) */
  itemsDiscount?: EtaDecimal;
  valueDifference?: EtaDecimal;
  /** VAT (T1) in percent: shorthand for a T1 tax (subtype V009 unless vatSubType) */
  vatRate?: EtaDecimal;
  vatSubType?: string;
  /** other taxes and fees (T2–T20) */
  taxes?: EtaInvoiceTaxInput[];
};

export type EtaInvoiceInput = {
  documentType: EtaInvoiceType;
  /** UTC; emitted as YYYY-MM-DDTHH:mm:ssZ */
  dateTimeIssued: Date | string;
  internalID: string;
  issuer: EtaIssuerInput;
  receiver: EtaReceiverInput;
  lines: EtaInvoiceLineInput[];
  extraDiscountAmount?: EtaDecimal;
  /** credit / debit notes: the original documents' UUIDs (ETA's) */
  references?: string[];
  purchaseOrderReference?: string;
};

export class EtaInvoiceError extends Error {
  constructor(readonly field: string) {
    super(`ETA e-invoice check failed: ${field}`);
    this.name = 'EtaInvoiceError';
  }
}

const RATE_TYPES_ADDED = /^T(5|6|7|8|9|10|11|12)$/; // taxable fees
const NON_TAXABLE = /^T(1[3-9]|20)$/;
const KNOWN_TYPE = /^T([1-9]|1\d|20)$/;

/** A line's figures per FACTS §2.4 (each rounded to 5 dp). */
function lineFigures(l: EtaInvoiceLineInput) {
  const quantity = dec(l.quantity);
  const amountEGP = r5(dec(l.unitValue));
  const salesTotal = r5(quantity.mul(amountEGP));
  const discRate = l.discountRate !== undefined ? dec(l.discountRate) : new D(0);
  const discAmount =
    l.discountAmount !== undefined
      ? r5(dec(l.discountAmount))
      : r5(salesTotal.mul(discRate).div(100));
  const netTotal = salesTotal.minus(discAmount);
  const itemsDiscount = r5(dec(l.itemsDiscount ?? 0));
  const valueDifference = r5(dec(l.valueDifference ?? 0));
  const taxesIn: EtaInvoiceTaxInput[] = [...(l.taxes ?? [])];
  if (l.vatRate !== undefined && !dec(l.vatRate).isZero())
    taxesIn.unshift({ taxType: 'T1', subType: l.vatSubType ?? 'V009', rate: l.vatRate });
  const byType = new Map(taxesIn.map((t) => [t.taxType, t]));
  if (byType.size !== taxesIn.length) throw new EtaInvoiceError('taxableItems.taxType');
  const amountOf = new Map<string, Dec>();
  const fixedOrRate = (t: EtaInvoiceTaxInput, base: Dec): Dec =>
    t.rate !== undefined ? r5(base.mul(dec(t.rate)).div(100)) : r5(dec(t.amount ?? 0));
  // order matters: fees, T3, T2, T1, T4, non-taxable fees
  let taxableFees = new D(0);
  for (const t of taxesIn) {
    if (!KNOWN_TYPE.test(t.taxType)) throw new EtaInvoiceError('taxableItems.taxType');
    if (RATE_TYPES_ADDED.test(t.taxType)) {
      const a = fixedOrRate(t, netTotal);
      amountOf.set(t.taxType, a);
      taxableFees = taxableFees.plus(a);
    }
  }
  const t3 = byType.get('T3') ? r5(dec(byType.get('T3')!.amount ?? 0)) : new D(0);
  if (byType.get('T3')) amountOf.set('T3', t3);
  const base2 = netTotal.plus(taxableFees).plus(valueDifference).plus(t3);
  const t2 = byType.get('T2') ? fixedOrRate(byType.get('T2')!, base2) : new D(0);
  if (byType.get('T2')) amountOf.set('T2', t2);
  const t1 = byType.get('T1') ? fixedOrRate(byType.get('T1')!, base2.plus(t2)) : new D(0);
  if (byType.get('T1')) amountOf.set('T1', t1);
  const t4 = byType.get('T4')
    ? fixedOrRate(byType.get('T4')!, netTotal.minus(itemsDiscount))
    : new D(0);
  if (byType.get('T4')) amountOf.set('T4', t4);
  let nonTaxable = new D(0);
  for (const t of taxesIn)
    if (NON_TAXABLE.test(t.taxType)) {
      const a = fixedOrRate(t, netTotal);
      amountOf.set(t.taxType, a);
      nonTaxable = nonTaxable.plus(a);
    }
  const total = netTotal
    .plus(taxableFees)
    .plus(t1)
    .plus(t2)
    .plus(t3)
    .minus(t4)
    .plus(nonTaxable)
    .minus(itemsDiscount);
  return {
    src: l,
    quantity,
    amountEGP,
    salesTotal,
    discRate,
    discAmount,
    netTotal,
    itemsDiscount,
    valueDifference,
    taxableFees,
    total,
    taxes: taxesIn.map((t) => ({ t, amount: amountOf.get(t.taxType)! })),
  };
}

const addressObject = (a: EtaAddress, txt: (s: string | undefined, max?: number) => string) => ({
  country: txt(a.country, 2),
  governate: txt(a.governate, 100),
  regionCity: txt(a.regionCity, 100),
  street: txt(a.street),
  buildingNumber: txt(a.buildingNumber, 100),
  postalCode: txt(a.postalCode, 30),
});

/**
 * The receiver rules (FACTS §2.2) for a document of `totalAmount` EGP; returns the failing
 * fields (empty = valid): B needs a 9-digit RIN, a name and an address, not the issuer's own RIN;
 * P needs a valid 14-digit national ID and a name at and above the threshold (an ID given below
 * it must be valid too); F needs an ID and a name.
 */
export function checkEtaReceiver(
  r: EtaReceiverInput,
  totalAmount: EtaDecimal,
  issuerRin?: string,
): string[] {
  const bad: string[] = [];
  const id = (r.id ?? '').trim();
  const name = (r.name ?? '').trim();
  if (r.type === 'B') {
    if (!isValidRin(id)) bad.push('receiver.id');
    else if (issuerRin && id === issuerRin) bad.push('receiver.id.self');
    if (!name) bad.push('receiver.name');
    if (!r.address) bad.push('receiver.address');
  } else if (r.type === 'P') {
    const above = dec(totalAmount).gte(ETA_INVOICE_ID_THRESHOLD);
    if (id ? !isValidNationalId(id) : above) bad.push('receiver.id');
    if ((above || id) && !name) bad.push('receiver.name');
  } else if (r.type === 'F') {
    if (!id || id.length > 30) bad.push('receiver.id');
    if (!name) bad.push('receiver.name');
  } else bad.push('receiver.type');
  return bad;
}

/** The document object without signatures (ETA signs everything but them). */
function invoiceObject(input: EtaInvoiceInput) {
  const txt = (s: string | undefined, max = 200) => etaSafeText(s ?? '', max);
  const lines = input.lines.map(lineFigures);
  const sum = (f: (x: (typeof lines)[number]) => Dec) =>
    lines.reduce((s, x) => s.plus(f(x)), new D(0));
  const extra = r5(dec(input.extraDiscountAmount ?? 0));
  const taxTotals = new Map<string, Dec>();
  for (const l of lines)
    for (const t of l.taxes)
      taxTotals.set(t.t.taxType, (taxTotals.get(t.t.taxType) ?? new D(0)).plus(t.amount));
  const receiver: Record<string, unknown> = {};
  if (input.receiver.address) receiver.address = addressObject(input.receiver.address, txt);
  receiver.type = input.receiver.type;
  if (input.receiver.id) receiver.id = txt(input.receiver.id, 30);
  if (input.receiver.name) receiver.name = txt(input.receiver.name);
  const doc: Record<string, unknown> = {
    issuer: {
      address: {
        branchID: txt(input.issuer.branchId, 50),
        ...addressObject(input.issuer.address, txt),
      },
      type: 'B',
      id: input.issuer.rin,
      name: txt(input.issuer.name),
    },
    receiver,
    documentType: input.documentType,
    documentTypeVersion: '1.0',
    dateTimeIssued: etaDateTime(input.dateTimeIssued),
    taxpayerActivityCode: txt(input.issuer.activityCode, 10),
    internalID: txt(input.internalID, 50),
  };
  if (input.purchaseOrderReference)
    doc.purchaseOrderReference = txt(input.purchaseOrderReference, 100);
  Object.assign(doc, {
    invoiceLines: lines.map((x) => ({
      description: txt(x.src.description, 500),
      itemType: x.src.itemType,
      itemCode: txt(x.src.itemCode, 100),
      unitType: txt(x.src.unitType, 30),
      quantity: n(x.quantity),
      internalCode: txt(x.src.internalCode, 50),
      salesTotal: n(x.salesTotal),
      total: n(x.total),
      valueDifference: n(x.valueDifference),
      totalTaxableFees: n(x.taxableFees),
      netTotal: n(x.netTotal),
      itemsDiscount: n(x.itemsDiscount),
      unitValue: { currencySold: 'EGP', amountEGP: n(x.amountEGP) },
      discount: { rate: n(x.discRate), amount: n(x.discAmount) },
      taxableItems: x.taxes.map(({ t, amount }) => ({
        taxType: t.taxType,
        amount: n(amount),
        subType: txt(t.subType, 10),
        ...(t.rate !== undefined ? { rate: n(dec(t.rate)) } : {}),
      })),
    })),
    totalDiscountAmount: n(sum((x) => x.discAmount)),
    totalSalesAmount: n(sum((x) => x.salesTotal)),
    netAmount: n(sum((x) => x.netTotal)),
    taxTotals: [...taxTotals].map(([taxType, amount]) => ({ taxType, amount: n(amount) })),
    totalAmount: n(sum((x) => x.total).minus(extra)),
    extraDiscountAmount: n(extra),
    totalItemsDiscountAmount: n(sum((x) => x.itemsDiscount)),
  });
  if (input.documentType !== 'i') doc.references = input.references ?? [];
  return doc;
}

export type BuiltEtaInvoice = {
  /** the exact JSON text to sign and send, without "signatures" */
  json: string;
  totalAmount: string;
};

/** Builds the document text, asserting the receiver rules and ETA's equations. */
export function buildEtaInvoice(input: EtaInvoiceInput): BuiltEtaInvoice {
  if (!isValidRin(input.issuer.rin)) throw new EtaInvoiceError('issuer.id');
  if (!input.lines.length) throw new EtaInvoiceError('invoiceLines');
  if (input.documentType !== 'i') {
    const refs = input.references ?? [];
    if (!refs.length || refs.some((r) => !r.trim())) throw new EtaInvoiceError('references');
  }
  const json = toJsonText(invoiceObject(input));
  const bad = checkEtaInvoiceEquations(json);
  if (bad.length) throw new EtaInvoiceError(bad[0]);
  const totalAmount = new D((JSON.parse(json) as { totalAmount: number }).totalAmount).toFixed(
    ETA_DP,
  );
  const rb = checkEtaReceiver(input.receiver, totalAmount, input.issuer.rin);
  if (rb.length) throw new EtaInvoiceError(rb[0]);
  return { json, totalAmount };
}

/** The document text with its signature(s) appended (the canonical form excludes them). */
export function withEtaSignature(json: string, signatureBase64: string): string {
  const t = json.trimEnd();
  if (!t.endsWith('}') || /"signatures"\s*:/.test(t)) throw new EtaInvoiceError('signatures');
  return `${t.slice(0, -1)},"signatures":[{"signatureType":"I","value":${JSON.stringify(signatureBase64)}}]}`;
}

/** The document text without its "signatures" property (what the signature covers). */
export function withoutEtaSignature(json: string): string {
  return json.replace(/,\s*"signatures"\s*:\s*\[[^\]]*\]\s*(?=}\s*$)/, '');
}

// --- ETA's equations on a document's text --------------------------------------------------------

type Num = number | string | undefined;
type InvoiceShape = {
  documentType?: string;
  references?: unknown;
  invoiceLines?: {
    quantity?: Num;
    salesTotal?: Num;
    total?: Num;
    valueDifference?: Num;
    totalTaxableFees?: Num;
    netTotal?: Num;
    itemsDiscount?: Num;
    unitValue?: { amountEGP?: Num };
    discount?: { rate?: Num; amount?: Num };
    taxableItems?: { taxType?: string; amount?: Num; rate?: Num }[];
  }[];
  totalDiscountAmount?: Num;
  totalSalesAmount?: Num;
  netAmount?: Num;
  taxTotals?: { taxType?: string; amount?: Num }[];
  totalAmount?: Num;
  extraDiscountAmount?: Num;
  totalItemsDiscountAmount?: Num;
};

/**
 * ETA's e-invoice equations (FACTS §2.4) on a document's JSON text; returns the failing fields
 * (empty = all hold). Exact decimals; every figure must have ≤ 5 decimals.
 */
export function checkEtaInvoiceEquations(jsonText: string): string[] {
  const r = JSON.parse(jsonText) as InvoiceShape;
  const bad: string[] = [];
  const v = (x: Num, field: string): Dec => {
    if (x === undefined || x === null || x === '') {
      bad.push(field);
      return new D(0);
    }
    const d = new D(x);
    if (d.decimalPlaces() > ETA_DP) bad.push(`${field}.decimals`);
    if (d.isNeg()) bad.push(`${field}.negative`);
    return d;
  };
  const eq = (a: Dec, b: Dec, field: string) => {
    if (!a.eq(b)) bad.push(field);
  };
  if (!ETA_INVOICE_TYPES.includes(r.documentType as EtaInvoiceType)) bad.push('documentType');
  if (r.documentType === 'c' || r.documentType === 'd') {
    const refs = r.references;
    if (!Array.isArray(refs) || !refs.length || refs.some((x) => typeof x !== 'string' || !x))
      bad.push('references');
  }
  const items = r.invoiceLines ?? [];
  if (!items.length) bad.push('invoiceLines');
  let sales = new D(0);
  let disc = new D(0);
  let net = new D(0);
  let itemsDisc = new D(0);
  let totals = new D(0);
  const taxes = new Map<string, Dec>();
  items.forEach((it, i) => {
    const f = `invoiceLines[${i}]`;
    const q = v(it.quantity, `${f}.quantity`);
    const unit = v(it.unitValue?.amountEGP, `${f}.unitValue.amountEGP`);
    const st = v(it.salesTotal, `${f}.salesTotal`);
    eq(st, r5(q.mul(unit)), `${f}.salesTotal`);
    const da = v(it.discount?.amount ?? 0, `${f}.discount.amount`);
    const dr = it.discount?.rate === undefined ? null : v(it.discount.rate, `${f}.discount.rate`);
    if (dr && !dr.isZero()) eq(da, r5(st.mul(dr).div(100)), `${f}.discount.amount`);
    const nt = v(it.netTotal, `${f}.netTotal`);
    eq(nt, st.minus(da), `${f}.netTotal`);
    const idisc = v(it.itemsDiscount ?? 0, `${f}.itemsDiscount`);
    const vd = v(it.valueDifference ?? 0, `${f}.valueDifference`);
    const list = it.taxableItems ?? [];
    const types = new Set<string>();
    const amt = new Map<string, { amount: Dec; rate: Dec | null }>();
    list.forEach((t, k) => {
      const type = t.taxType ?? '';
      if (!KNOWN_TYPE.test(type) || types.has(type)) bad.push(`${f}.taxableItems[${k}].taxType`);
      types.add(type);
      amt.set(type, {
        amount: v(t.amount, `${f}.taxableItems[${k}].amount`),
        rate: t.rate === undefined ? null : v(t.rate, `${f}.taxableItems[${k}].rate`),
      });
    });
    const get = (type: string) => amt.get(type)?.amount ?? new D(0);
    const checkRate = (type: string, base: Dec) => {
      const x = amt.get(type);
      if (x?.rate) eq(x.amount, r5(base.mul(x.rate).div(100)), `${f}.${type}`);
    };
    let fees = new D(0);
    let nonTaxable = new D(0);
    for (const type of types) {
      if (RATE_TYPES_ADDED.test(type)) {
        checkRate(type, nt);
        fees = fees.plus(get(type));
      } else if (NON_TAXABLE.test(type)) {
        checkRate(type, nt);
        nonTaxable = nonTaxable.plus(get(type));
      }
    }
    eq(v(it.totalTaxableFees ?? 0, `${f}.totalTaxableFees`), fees, `${f}.totalTaxableFees`);
    const base2 = nt.plus(fees).plus(vd).plus(get('T3'));
    checkRate('T2', base2);
    checkRate('T1', base2.plus(get('T2')));
    checkRate('T4', nt.minus(idisc));
    const total = nt
      .plus(fees)
      .plus(get('T1'))
      .plus(get('T2'))
      .plus(get('T3'))
      .minus(get('T4'))
      .plus(nonTaxable)
      .minus(idisc);
    eq(v(it.total, `${f}.total`), total, `${f}.total`);
    for (const [type, x] of amt) taxes.set(type, (taxes.get(type) ?? new D(0)).plus(x.amount));
    sales = sales.plus(st);
    disc = disc.plus(da);
    net = net.plus(nt);
    itemsDisc = itemsDisc.plus(idisc);
    totals = totals.plus(total);
  });
  eq(v(r.totalSalesAmount, 'totalSalesAmount'), sales, 'totalSalesAmount');
  eq(v(r.totalDiscountAmount, 'totalDiscountAmount'), disc, 'totalDiscountAmount');
  eq(v(r.netAmount, 'netAmount'), net, 'netAmount');
  eq(
    v(r.totalItemsDiscountAmount ?? 0, 'totalItemsDiscountAmount'),
    itemsDisc,
    'totalItemsDiscountAmount',
  );
  const extra = v(r.extraDiscountAmount ?? 0, 'extraDiscountAmount');
  eq(v(r.totalAmount, 'totalAmount'), totals.minus(extra), 'totalAmount');
  const reported = new Map<string, Dec>();
  for (const [k, t] of (r.taxTotals ?? []).entries()) {
    if (reported.has(t.taxType ?? '')) bad.push(`taxTotals[${k}].taxType`);
    reported.set(t.taxType ?? '', v(t.amount, `taxTotals[${k}].amount`));
  }
  for (const [type, amount] of taxes)
    eq(reported.get(type) ?? new D(-1), amount, `taxTotals.${type}`);
  for (const type of reported.keys()) if (!taxes.has(type)) bad.push(`taxTotals.${type}`);
  return bad;
}

/**
 * A POS sale line (VAT-inclusive piasters) as an e-invoice line input: unit value before VAT, the
 * POS discounts as the pre-tax discount amount (same mapping as the receipts).
 */
export function etaInvoiceLineFromReceiptLine(l: {
  quantity: string;
  unitPrice: string;
  commercialDiscount: string;
}): Pick<EtaInvoiceLineInput, 'quantity' | 'unitValue' | 'discountAmount'> {
  return { quantity: l.quantity, unitValue: l.unitPrice, discountAmount: l.commercialDiscount };
}

/** The document totals of these lines (the New page's preview), as ETA decimal text. */
export function etaInvoiceTotals(lines: EtaInvoiceLineInput[]): {
  totalSalesAmount: string;
  totalDiscountAmount: string;
  netAmount: string;
  taxAmount: string;
  totalAmount: string;
} {
  const figures = lines.map(lineFigures);
  const sum = (f: (x: (typeof figures)[number]) => Dec) =>
    figures.reduce((s, x) => s.plus(f(x)), new D(0)).toFixed(ETA_DP);
  return {
    totalSalesAmount: sum((x) => x.salesTotal),
    totalDiscountAmount: sum((x) => x.discAmount),
    netAmount: sum((x) => x.netTotal),
    taxAmount: sum((x) => x.taxes.reduce((s, t) => s.plus(t.amount), new D(0))),
    totalAmount: sum((x) => x.total),
  };
}

/**
 * The e-invoice error messages (ar and en). The server merges them into SERVER_MESSAGES when its
 * einvoicing module loads (mergeEtaInvoiceMessages): SERVER_MESSAGES is part of the client's shell,
 * whose sign-in budget has no room, and the client never shows these itself (the server's error
 * answer carries the translated text).
 */
export const ETA_INVOICE_MESSAGES = {
  ar: {
    'errors.ETA_INVOICE_INVALID': 'المستند لا يطابق قواعد مصلحة الضرائب: {field}',
    'errors.ETA_INVOICE_STATE': 'غير مسموح والمستند في حالة «{status}»',
    'errors.ETA_SIGNER_INVALID':
      'تعذّر فتح ملف الختم الإلكتروني (PKCS#12): تأكد من الملف وكلمة المرور',
    'errors.ETA_SIGNER_FILE_REQUIRED': 'اختر ملف الختم الإلكتروني (PKCS#12)',
  },
  en: {
    'errors.ETA_INVOICE_INVALID': 'The document breaks an ETA rule: {field}',
    'errors.ETA_INVOICE_STATE': 'Not allowed while the document is "{status}"',
    'errors.ETA_SIGNER_INVALID':
      'The e-seal file (PKCS#12) cannot be opened: check the file and its password',
    'errors.ETA_SIGNER_FILE_REQUIRED': 'Choose the e-seal file (PKCS#12)',
  },
} as const;

/** Adds ETA_INVOICE_MESSAGES to the server's message table (idempotent). */
export function mergeEtaInvoiceMessages(table: Record<'ar' | 'en', Record<string, string>>): void {
  Object.assign(table.ar, ETA_INVOICE_MESSAGES.ar);
  Object.assign(table.en, ETA_INVOICE_MESSAGES.en);
}
