// ETA e-receipt v1.2 (FACTS §4.3–4.6): the builder (exact decimals, ≤5 dp, totals from the rounded
// lines), ETA's equations (asserted before sending and by the simulator), the UUID (SHA-256 of the
// canonical form with header.uuid = ""), the RIN validator and the QR text. Pure: the SHA-256 is
// passed in (node:crypto on the server).
import Decimal from 'decimal.js';
import { etaCanonicalize, etaSafeText } from './canonical';

// Pure: a bundle that does not use the receipt builder (the client's shell) drops it and decimal.js.
const D = /* @__PURE__ */ Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;
export type EtaDecimal = string | number;

/** ETA allows up to 5 decimals; every emitted figure is rounded half up to 5 dp. */
export const ETA_DP = 5;
const r5 = (x: Dec): Dec => x.toDecimalPlaces(ETA_DP, Decimal.ROUND_HALF_UP);
const dec = (x: EtaDecimal | Dec): Dec => new D(x as Decimal.Value);

/** Taxpayer registration number: 9 digits. */
export const isValidRin = (rin: string): boolean => /^\d{9}$/.test(rin);

/**
 * Egyptian national ID (14 digits): century digit 2/3, a real birth date, a governorate code; the
 * buyer's ID on receipts of 150,000 EGP and more (FACTS §4.3).
 */
export function isValidNationalId(id: string): boolean {
  const m = /^([23])(\d{2})(\d{2})(\d{2})(\d{2})\d{5}$/.exec(id);
  if (!m) return false;
  const year = (m[1] === '2' ? 1900 : 2000) + Number(m[2]);
  const month = Number(m[3]);
  const day = Number(m[4]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const gov = Number(m[5]);
  return (gov >= 1 && gov <= 35) || gov === 88;
}

/** Receipts of this total (EGP) and more need the buyer's ID (FACTS §4.3). */
export const ETA_BUYER_ID_THRESHOLD = 150_000;

// --- the receipt document --------------------------------------------------------------------

/** A decimal to be written into the JSON text as a number with exactly 5 decimals. */
class EtaNumber {
  constructor(readonly value: Dec) {}
  toJSON(): string {
    return `\u0000N${this.value.toFixed(ETA_DP)}`;
  }
}
const n = (x: Dec) => new EtaNumber(r5(x));

export type EtaAddress = {
  country: string;
  governate: string;
  regionCity: string;
  street: string;
  buildingNumber: string;
  postalCode?: string;
};

export type EtaSellerInput = {
  rin: string;
  companyTradeName: string;
  branchCode: string;
  branchAddress: EtaAddress;
  deviceSerialNumber: string;
  activityCode: string;
};

export type EtaBuyerInput = {
  type: 'P' | 'B' | 'F';
  id?: string;
  name?: string;
  mobileNumber?: string;
};

export type EtaLineInput = {
  internalCode: string;
  description: string;
  itemType: 'GS1' | 'EGS';
  itemCode: string;
  unitType: string;
  quantity: EtaDecimal;
  /** price per unit before VAT (EGP) */
  unitPrice: EtaDecimal;
  /** discounts before tax (reduce netSale and the VAT base), EGP */
  commercialDiscount?: EtaDecimal;
  /**
   * the same discount in named parts (a promotion, a coupon, the cashier's): when given, these are
   * the line's commercialDiscountData and their sum its commercial discount (commercialDiscount is
   * then not read)
   */
  commercialDiscountData?: { amount: EtaDecimal; description: string }[];
  /** discounts after tax, EGP */
  itemDiscount?: EtaDecimal;
  /** VAT (T1) rate in percent, 0 for none */
  vatRate: EtaDecimal;
  /** T1 subtype, V009 by default (general goods) */
  vatSubType?: string;
  valueDifference?: EtaDecimal;
};

export type EtaReceiptInput = {
  kind: 's' | 'r';
  /** UTC; emitted as YYYY-MM-DDTHH:mm:ssZ */
  dateTimeIssued: Date | string;
  receiptNumber: string;
  previousUUID: string;
  /** returns: the sale receipt's UUID */
  referenceUUID?: string;
  /** a re-issue of an invalid receipt */
  referenceOldUUID?: string;
  seller: EtaSellerInput;
  buyer: EtaBuyerInput;
  lines: EtaLineInput[];
  /** receipt-level discount after the lines (EGP) */
  extraDiscount?: EtaDecimal;
  feesAmount?: EtaDecimal;
  /** C cash, V visa, O others (etaPaymentMethod) */
  paymentMethod: string;
};

export const etaDateTime = (d: Date | string): string =>
  (typeof d === 'string' ? new Date(d) : d).toISOString().replace(/\.\d{3}Z$/, 'Z');

export class EtaEquationError extends Error {
  constructor(readonly field: string) {
    super(`ETA equation failed: ${field}`);
    this.name = 'EtaEquationError';
  }
}

/** The receipt object (numbers as EtaNumber) with header.uuid = "". */
function receiptObject(input: EtaReceiptInput, uuid: string) {
  const txt = (s: string | undefined, max = 200) => etaSafeText(s ?? '', max);
  const lines = input.lines.map((l) => {
    const quantity = dec(l.quantity);
    const unitPrice = r5(dec(l.unitPrice));
    const totalSale = r5(quantity.mul(unitPrice));
    const parts = l.commercialDiscountData?.map((c) => ({
      amount: r5(dec(c.amount)),
      description: c.description,
    }));
    const commercial = parts
      ? parts.reduce((sum, c) => sum.plus(c.amount), new D(0))
      : r5(dec(l.commercialDiscount ?? 0));
    const itemDisc = r5(dec(l.itemDiscount ?? 0));
    const valueDifference = r5(dec(l.valueDifference ?? 0));
    const netSale = totalSale.minus(commercial);
    const rate = dec(l.vatRate);
    const t1 = r5(netSale.plus(valueDifference).mul(rate).div(100));
    const total = netSale.plus(t1).minus(itemDisc);
    return {
      src: l,
      quantity,
      unitPrice,
      totalSale,
      commercial,
      itemDisc,
      valueDifference,
      netSale,
      rate,
      t1,
      total,
      parts,
    };
  });
  const sum = (f: (x: (typeof lines)[number]) => Dec) =>
    lines.reduce((s, x) => s.plus(f(x)), new D(0));
  const extra = r5(dec(input.extraDiscount ?? 0));
  const fees = r5(dec(input.feesAmount ?? 0));
  const taxT1 = sum((x) => x.t1);
  const totalAmount = sum((x) => x.total)
    .minus(extra)
    .plus(fees);
  const header: Record<string, unknown> = {
    dateTimeIssued: etaDateTime(input.dateTimeIssued),
    receiptNumber: txt(input.receiptNumber, 50),
    uuid,
    previousUUID: input.previousUUID,
    referenceOldUUID: input.referenceOldUUID ?? '',
  };
  if (input.kind === 'r') header.referenceUUID = input.referenceUUID ?? '';
  Object.assign(header, {
    currency: 'EGP',
    exchangeRate: new EtaNumber(new D(0)),
    sOrderNameCode: '',
    orderdeliveryMode: 'FC',
    grossWeight: new EtaNumber(new D(0)),
    netWeight: new EtaNumber(new D(0)),
  });
  const buyer: Record<string, string> = { type: input.buyer.type };
  if (input.buyer.id) buyer.id = txt(input.buyer.id, 30);
  if (input.buyer.name) buyer.name = txt(input.buyer.name, 100);
  if (input.buyer.mobileNumber) buyer.mobileNumber = txt(input.buyer.mobileNumber, 30);
  const a = input.seller.branchAddress;
  return {
    header,
    documentType: { receiptType: input.kind, typeVersion: '1.2' },
    seller: {
      rin: input.seller.rin,
      companyTradeName: txt(input.seller.companyTradeName),
      branchCode: txt(input.seller.branchCode, 50),
      branchAddress: {
        country: txt(a.country, 2),
        governate: txt(a.governate, 100),
        regionCity: txt(a.regionCity, 100),
        street: txt(a.street),
        buildingNumber: txt(a.buildingNumber, 100),
        postalCode: txt(a.postalCode, 30),
      },
      deviceSerialNumber: txt(input.seller.deviceSerialNumber, 100),
      activityCode: txt(input.seller.activityCode, 10),
    },
    buyer,
    itemData: lines.map((x) => ({
      internalCode: txt(x.src.internalCode, 50),
      description: txt(x.src.description, 500),
      itemType: x.src.itemType,
      itemCode: txt(x.src.itemCode, 100),
      unitType: txt(x.src.unitType, 30),
      quantity: n(x.quantity),
      unitPrice: n(x.unitPrice),
      netSale: n(x.netSale),
      totalSale: n(x.totalSale),
      total: n(x.total),
      commercialDiscountData: x.parts
        ? x.parts.map((c) => ({ amount: n(c.amount), description: txt(c.description, 100) }))
        : x.commercial.isZero()
          ? []
          : [{ amount: n(x.commercial), description: 'discount' }],
      itemDiscountData: x.itemDisc.isZero()
        ? []
        : [{ amount: n(x.itemDisc), description: 'discount' }],
      valueDifference: n(x.valueDifference),
      taxableItems: x.rate.isZero()
        ? []
        : [
            {
              taxType: 'T1',
              amount: n(x.t1),
              subType: x.src.vatSubType ?? 'V009',
              rate: n(x.rate),
            },
          ],
    })),
    totalSales: n(sum((x) => x.totalSale)),
    totalCommercialDiscount: n(sum((x) => x.commercial)),
    totalItemsDiscount: n(sum((x) => x.itemDisc)),
    extraReceiptDiscountData: extra.isZero() ? [] : [{ amount: n(extra), description: 'discount' }],
    netAmount: n(sum((x) => x.netSale)),
    feesAmount: n(fees),
    totalAmount: n(totalAmount),
    taxTotals: taxT1.isZero() ? [] : [{ taxType: 'T1', amount: n(taxT1) }],
    paymentMethod: input.paymentMethod,
    adjustment: new EtaNumber(new D(0)),
  };
}

/** JSON text with every EtaNumber written as a bare number lexeme (e.g. 114.00000). */
function toJsonText(obj: unknown): string {
  return JSON.stringify(obj).replace(/"\\u0000N(-?\d+\.\d+)"/g, '$1');
}

/** Sets header.uuid in a receipt's JSON text (the first "uuid" property is the header's). */
export function withReceiptUuid(jsonText: string, uuid: string): string {
  const re = /("uuid"\s*:\s*)"[^"]*"/;
  if (!re.test(jsonText)) throw new EtaEquationError('header.uuid');
  return jsonText.replace(re, `$1"${uuid}"`);
}

/** The receipt UUID: lowercase hex SHA-256 of the canonical form with header.uuid = "". */
export function etaReceiptUuid(jsonText: string, sha256Hex: (s: string) => string): string {
  return sha256Hex(etaCanonicalize(withReceiptUuid(jsonText, ''))).toLowerCase();
}

export type BuiltEtaReceipt = { json: string; uuid: string; totalAmount: string };

/** Builds the receipt, asserts ETA's equations on the text, computes and fills the UUID. */
export function buildEtaReceipt(
  input: EtaReceiptInput,
  sha256Hex: (s: string) => string,
): BuiltEtaReceipt {
  if (!isValidRin(input.seller.rin)) throw new EtaEquationError('seller.rin');
  if (input.kind === 'r' && !input.referenceUUID) throw new EtaEquationError('referenceUUID');
  const blank = toJsonText(receiptObject(input, ''));
  const parsed = checkEtaReceiptEquations(blank);
  if (parsed.length) throw new EtaEquationError(parsed[0]);
  const uuid = etaReceiptUuid(blank, sha256Hex);
  const json = withReceiptUuid(blank, uuid);
  const totalAmount = (JSON.parse(json) as { totalAmount: number }).totalAmount;
  return { json, uuid, totalAmount: new D(totalAmount).toFixed(ETA_DP) };
}

// --- ETA's equations ----------------------------------------------------------------------------

type Num = number | string | undefined;
type ReceiptShape = {
  header?: { dateTimeIssued?: string; uuid?: string; previousUUID?: string };
  seller?: { rin?: string; deviceSerialNumber?: string };
  buyer?: { type?: string; id?: string };
  itemData?: {
    quantity?: Num;
    unitPrice?: Num;
    totalSale?: Num;
    netSale?: Num;
    total?: Num;
    valueDifference?: Num;
    commercialDiscountData?: { amount?: Num }[];
    itemDiscountData?: { amount?: Num }[];
    taxableItems?: { taxType?: string; amount?: Num; rate?: Num }[];
  }[];
  totalSales?: Num;
  totalCommercialDiscount?: Num;
  totalItemsDiscount?: Num;
  extraReceiptDiscountData?: { amount?: Num }[];
  netAmount?: Num;
  feesAmount?: Num;
  totalAmount?: Num;
  taxTotals?: { taxType?: string; amount?: Num }[];
};

const ADDED_TAXES = /* @__PURE__ */ new Set([
  'T1',
  'T2',
  'T3',
  'T5',
  'T6',
  'T7',
  'T8',
  'T9',
  'T10',
  'T11',
  'T12',
]);

/**
 * ETA's receipt equations (FACTS §4.4) on a receipt's JSON text; returns the failing fields
 * (empty = all hold). Compares exact decimals: every figure must have ≤ 5 decimals.
 */
export function checkEtaReceiptEquations(jsonText: string): string[] {
  const r = JSON.parse(jsonText) as ReceiptShape;
  const bad: string[] = [];
  const v = (x: Num, field: string): Dec => {
    if (x === undefined || x === null || x === '') {
      bad.push(field);
      return new D(0);
    }
    const d = new D(x);
    if (d.decimalPlaces() > ETA_DP) bad.push(`${field}.decimals`);
    return d;
  };
  const eq = (a: Dec, b: Dec, field: string) => {
    if (!a.eq(b)) bad.push(field);
  };
  const items = r.itemData ?? [];
  if (!items.length) bad.push('itemData');
  let totalSales = new D(0);
  let commercial = new D(0);
  let itemDisc = new D(0);
  let net = new D(0);
  let totals = new D(0);
  const taxes = new Map<string, Dec>();
  items.forEach((it, i) => {
    const f = `itemData[${i}]`;
    const q = v(it.quantity, `${f}.quantity`);
    const up = v(it.unitPrice, `${f}.unitPrice`);
    if (up.isNeg()) bad.push(`${f}.unitPrice`);
    const ts = v(it.totalSale, `${f}.totalSale`);
    eq(ts, r5(q.mul(up)), `${f}.totalSale`);
    const cd = (it.commercialDiscountData ?? []).reduce(
      (s, x, k) => s.plus(v(x.amount, `${f}.commercialDiscountData[${k}]`)),
      new D(0),
    );
    if (cd.isNeg()) bad.push(`${f}.commercialDiscountData`);
    const id = (it.itemDiscountData ?? []).reduce(
      (s, x, k) => s.plus(v(x.amount, `${f}.itemDiscountData[${k}]`)),
      new D(0),
    );
    const ns = v(it.netSale, `${f}.netSale`);
    eq(ns, ts.minus(cd), `${f}.netSale`);
    const vd = it.valueDifference === undefined ? new D(0) : v(it.valueDifference, `${f}.vd`);
    let total = ns.minus(id);
    const seen = new Set<string>();
    for (const [k, t] of (it.taxableItems ?? []).entries()) {
      const type = t.taxType ?? '';
      if (seen.has(type)) bad.push(`${f}.taxableItems[${k}].taxType`);
      seen.add(type);
      const amount = v(t.amount, `${f}.taxableItems[${k}].amount`);
      const rate = v(t.rate, `${f}.taxableItems[${k}].rate`);
      if (type === 'T1') eq(amount, r5(ns.plus(vd).mul(rate).div(100)), `${f}.T1`);
      if (type === 'T4') eq(amount, r5(ns.minus(id).mul(rate).div(100)), `${f}.T4`);
      if (ADDED_TAXES.has(type) || /^T(1[3-9]|20)$/.test(type)) total = total.plus(amount);
      else if (type === 'T4') total = total.minus(amount);
      else bad.push(`${f}.taxableItems[${k}].taxType`);
      taxes.set(type, (taxes.get(type) ?? new D(0)).plus(amount));
    }
    eq(v(it.total, `${f}.total`), total, `${f}.total`);
    totalSales = totalSales.plus(ts);
    commercial = commercial.plus(cd);
    itemDisc = itemDisc.plus(id);
    net = net.plus(ns);
    totals = totals.plus(total);
  });
  eq(v(r.totalSales, 'totalSales'), totalSales, 'totalSales');
  eq(
    v(r.totalCommercialDiscount, 'totalCommercialDiscount'),
    commercial,
    'totalCommercialDiscount',
  );
  if (commercial.gt(totalSales)) bad.push('totalCommercialDiscount');
  eq(v(r.totalItemsDiscount, 'totalItemsDiscount'), itemDisc, 'totalItemsDiscount');
  eq(v(r.netAmount, 'netAmount'), net, 'netAmount');
  const extra = (r.extraReceiptDiscountData ?? []).reduce(
    (s, x, k) => s.plus(v(x.amount, `extraReceiptDiscountData[${k}]`)),
    new D(0),
  );
  const fees = r.feesAmount === undefined ? new D(0) : v(r.feesAmount, 'feesAmount');
  eq(v(r.totalAmount, 'totalAmount'), totals.minus(extra).plus(fees), 'totalAmount');
  const reported = new Map<string, Dec>();
  for (const [k, t] of (r.taxTotals ?? []).entries()) {
    if (reported.has(t.taxType ?? '')) bad.push(`taxTotals[${k}].taxType`);
    reported.set(t.taxType ?? '', v(t.amount, `taxTotals[${k}].amount`));
  }
  for (const [type, amount] of taxes) {
    if (!amount.isZero() || reported.has(type))
      eq(reported.get(type) ?? new D(0), amount, `taxTotals.${type}`);
  }
  for (const type of reported.keys()) if (!taxes.has(type)) bad.push(`taxTotals.${type}`);
  return bad;
}

// --- mapping the POS's VAT-inclusive piasters ---------------------------------------------------

/**
 * One POS line (VAT-inclusive piasters) as ETA figures whose line total is the POS's amount
 * exactly. ETA's line equation is total = netSale + T1 − itemDiscount with T1 = netSale × rate
 * rounded to 5 dp: netSale + T1 alone cannot reach every 5-dp amount (at 14 % it grows by 0.00001
 * or 0.00002 per 0.00001 of netSale, so about one amount in seven is skipped — 39.00 was one, sent
 * as 38.99999). So netSale is the smallest 5-dp value whose netSale + T1 reaches the amount, and
 * what it passes it by (0.00001 at most) goes as an after-tax item discount. unitPrice = the
 * pre-discount price before VAT rounded UP to 5 dp (so totalSale ≥ netSale), the difference the
 * commercial discount (the POS's line and invoice discounts, before VAT).
 */
export function etaLineFromInclusive(p: {
  quantity: number;
  /** quantity × unit price charged before discounts, piasters (VAT included) */
  grossPiasters: number;
  /** after the line discount and the invoice discount share, piasters (VAT included) */
  lineTotalPiasters: number;
  vatRate: number;
  /**
   * the promotions' shares of the discount (piasters, VAT included, within gross − lineTotal),
   * each with its description: the commercial discount is then split into one part per
   * promotion and the rest (the cashier's line and invoice discounts) as "discount"
   */
  promotions?: { piasters: number; description: string }[];
}): {
  quantity: string;
  unitPrice: string;
  commercialDiscount: string;
  itemDiscount: string;
  commercialDiscountData?: { amount: string; description: string }[];
} {
  const q = new D(p.quantity);
  const rate = new D(p.vatRate);
  const factor = rate.div(100).plus(1);
  const target = new D(p.lineTotalPiasters).div(100);
  const step = new D('0.00001');
  const totalOf = (ns: Dec) => ns.plus(r5(ns.mul(rate).div(100)));
  let netSale = r5(target.div(factor));
  // a few steps at most: the first estimate is within 0.00001 of the answer
  for (let i = 0; i < 10 && totalOf(netSale).lt(target); i++) netSale = netSale.plus(step);
  for (let i = 0; i < 10 && netSale.gt(0) && totalOf(netSale.minus(step)).gte(target); i++)
    netSale = netSale.minus(step);
  const itemDiscount = totalOf(netSale).minus(target);
  const grossExcl = Decimal.max(new D(p.grossPiasters).div(100).div(factor), netSale);
  const unitPrice = q.isZero()
    ? new D(0)
    : grossExcl.div(q).toDecimalPlaces(ETA_DP, Decimal.ROUND_UP);
  const totalSale = r5(q.mul(unitPrice));
  const commercial = totalSale.minus(netSale);
  const parts = commercialParts(commercial, factor, {
    promotions: p.promotions ?? [],
    manualPiasters:
      p.grossPiasters -
      p.lineTotalPiasters -
      (p.promotions ?? []).reduce((s, x) => s + Math.max(0, x.piasters), 0),
  });
  return {
    quantity: q.toString(),
    unitPrice: unitPrice.toFixed(ETA_DP),
    commercialDiscount: commercial.toFixed(ETA_DP),
    itemDiscount: itemDiscount.toFixed(ETA_DP),
    ...(parts ? { commercialDiscountData: parts } : {}),
  };
}

/**
 * The line's commercial discount (EGP before VAT, 5 dp) in named parts (docs/decisions/0089):
 * each promotion's share is its piasters before VAT rounded to 5 dp, the cashier's discounts
 * (line and invoice) take what is left, or, when there are none, the last promotion does, so the
 * parts add up to the commercial discount exactly. null (one "discount" part, as before): no
 * promotion, or a part would not be positive.
 */
function commercialParts(
  commercial: Dec,
  factor: Dec,
  p: { promotions: { piasters: number; description: string }[]; manualPiasters: number },
): { amount: string; description: string }[] | null {
  const promos = p.promotions.filter((x) => x.piasters > 0);
  if (!promos.length) return null;
  const parts = promos.map((x) => ({
    amount: r5(new D(x.piasters).div(100).div(factor)),
    description: x.description,
  }));
  const manual = p.manualPiasters > 0;
  if (manual) parts.push({ amount: new D(0), description: 'discount' });
  const last = parts[parts.length - 1];
  last.amount = commercial.minus(parts.slice(0, -1).reduce((s, x) => s.plus(x.amount), new D(0)));
  if (parts.some((x) => !x.amount.gt(0))) return null;
  return parts.map((x) => ({ amount: x.amount.toFixed(ETA_DP), description: x.description }));
}

/**
 * The ETA payment method of a sale or refund (FACTS §2.5 code list: C cash, V visa/card, O
 * others; CC and VC are "cash / visa with contractor", not a split). A receipt names one method:
 * the tender that paid the largest share (a split cash-and-card sale is C or V by its larger part,
 * a tie goes to V, the card having the bank's trail); wallets and transfers are O; a gift card or
 * store credit is GC (FACTS §2.5's secondary list, docs/decisions/0083); on-account parts (credit,
 * installments) are no tender: a sale wholly on account is O.
 */
export function etaPaymentMethod(tenders: { type: string; amount: number }[]): string {
  const code = (type: string) =>
    type === 'cash' ? 'C' : type === 'card' ? 'V' : type === 'gift_card' ? 'GC' : 'O';
  const by = new Map<string, number>();
  for (const t of tenders) {
    if (t.type === 'credit' || t.type === 'installment' || !(t.amount > 0)) continue;
    by.set(code(t.type), (by.get(code(t.type)) ?? 0) + t.amount);
  }
  let best = 'O';
  let most = 0;
  for (const c of ['V', 'C', 'GC', 'O']) {
    const amount = by.get(c) ?? 0;
    if (amount > most) {
      best = c;
      most = amount;
    }
  }
  return best;
}

// --- QR -----------------------------------------------------------------------------------------

export const ETA_PORTALS = {
  preprod: 'https://preprod.invoicing.eta.gov.eg',
  prod: 'https://invoicing.eta.gov.eg',
} as const;

/** The text of the QR printed on the receipt (FACTS §4.6). */
export function etaReceiptQr(p: {
  portal: string;
  uuid: string;
  dateTimeIssued: string;
  totalAmount: string | number;
  rin: string;
}): string {
  return `${p.portal}/receipts/search/${p.uuid}/share/${p.dateTimeIssued}#Total:${p.totalAmount},IssuerRIN:${p.rin}`;
}
