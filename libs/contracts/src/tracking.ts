// Serial numbers, IMEIs, batches and expiry dates (issue 34, docs/decisions/0100): how a product's
// units are told apart, the IMEI check and the first-expiry-first-out pick. Pure rules shared by
// the server (receipts, adjustments, the till later) and the client (the /buy screen's serials).

/** none: counted only; serial: one unit per serial (an IMEI for a phone); batch: lots with expiry. */
export const TRACKINGS = ['none', 'serial', 'batch'] as const;
export type Tracking = (typeof TRACKINGS)[number];

/**
 * Where a serial unit is: in stock at one inventory, sold (to a customer), returned to its vendor,
 * or written off by an adjustment. Only `in_stock` has an inventory.
 */
export const SERIAL_STATUSES = [
  'in_stock',
  'sold',
  'returned',
  'written_off',
  /** shipped on a transfer, not yet received (docs/decisions/0117) */
  'in_transit',
] as const;
export type SerialStatus = (typeof SERIAL_STATUSES)[number];

/** A phone's IMEIs per unit: 0 = not a phone (any serial), 1, or 2 (dual SIM). */
export const MAX_IMEIS = 2;

/** Serials on one document line (a line of 1,000 phones is already a container). */
export const MAX_SERIALS_PER_LINE = 1000;

/** A serial as printed on a box: letters, digits and - . / (scanners send no spaces). */
export const SERIAL_PATTERN = /^[A-Z0-9][A-Z0-9\-./]{0,49}$/;

/**
 * A serial as typed, scanned or pasted, in the one form it is stored and compared in: Arabic-Indic
 * and Persian digits as ASCII (a keyboard in Arabic types ٣٥٦…), no spaces, upper case.
 */
export function normalizeSerial(text: string): string {
  return text
    .replace(/[٠-٩]/g, (c) => String(c.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (c) => String(c.charCodeAt(0) - 0x06f0))
    .replace(/\s+/g, '')
    .toUpperCase();
}

/** The Luhn check over a string of digits (the last digit is the check digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** `body` (digits) with its Luhn check digit appended: a 14-digit body gives an IMEI. */
export function withLuhnDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('not digits');
}

/** An IMEI: 15 digits whose last is the Luhn check digit (after normalizeSerial). */
export function isValidImei(text: string): boolean {
  const imei = normalizeSerial(text);
  return /^\d{15}$/.test(imei) && luhnValid(imei);
}

/**
 * A pasted list of serials: one unit per line; on a line, a second code after a space, tab, comma
 * or semicolon is the unit's second IMEI (a dual-SIM phone). Blank lines are skipped.
 */
export function parseSerialList(text: string): { serial: string; imei2?: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [serial, imei2] = line.split(/[\s,;\t]+/).map(normalizeSerial);
      return imei2 ? { serial, imei2 } : { serial };
    });
}

/** One unit's problem on a line, for the message naming it. */
export type SerialProblem =
  | { kind: 'invalid'; index: number; serial: string }
  | { kind: 'imei'; index: number; serial: string }
  | { kind: 'imei2Missing'; index: number; serial: string }
  | { kind: 'duplicate'; index: number; serial: string };

/**
 * A line's serials checked on their own (the server then checks what is already in stock): each
 * a serial's shape, an IMEI for a phone (imeiCount > 0), the second IMEI for a dual-SIM phone,
 * no code twice (`seen` carries the codes of the lines before, so a serial twice on a document is
 * refused too); a second code beside a unit that is no dual-SIM phone is not checked (nor kept).
 * The first problem, or null.
 */
export function serialLineProblem(
  units: readonly { serial: string; imei2?: string | null }[],
  imeiCount: number,
  seen: Set<string> = new Set(),
): SerialProblem | null {
  for (let index = 0; index < units.length; index++) {
    const unit = units[index];
    // a second IMEI is part of a unit only on a dual-SIM phone
    const codes = [unit.serial, ...(imeiCount >= 2 && unit.imei2 ? [unit.imei2] : [])].map(
      normalizeSerial,
    );
    for (const serial of codes) {
      if (!SERIAL_PATTERN.test(serial)) return { kind: 'invalid', index, serial };
      if (imeiCount > 0 && !isValidImei(serial)) return { kind: 'imei', index, serial };
      if (seen.has(serial)) return { kind: 'duplicate', index, serial };
      seen.add(serial);
    }
    if (imeiCount >= 2 && codes.length < 2)
      return { kind: 'imei2Missing', index, serial: codes[0] };
  }
  return null;
}

// ---------- batches: first expiry, first out ----------

/**
 * The till's lot chooser (GET /Inventories/{id}/sellable-batches, docs/decisions/0123): the lots
 * it lists by default, of the unexpired and of the expired each, and the most a caller may ask
 * for; past them the chooser searches by lot number.
 */
export const SELLABLE_LOTS_PAGE = 20;
export const SELLABLE_LOTS_MAX = 100;

/** A batch's quantity on hand at one inventory, as the pick reads it. */
export type BatchStock = {
  batchId: string;
  lot: string;
  /** YYYY-MM-DD */
  expiryDate: string;
  /** on hand at the inventory (decimal text or number) */
  onHand: number | string;
};

export type BatchPick = { batchId: string; lot: string; expiryDate: string; quantity: number };

export type FefoResult = {
  picks: BatchPick[];
  /** what the usable batches could not cover (0 when the pick is whole) */
  short: number;
};

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Thousandths: quantities have 3 decimals, so the pick's arithmetic is exact in integers. */
const milli = (q: number | string) => Math.round(Number(q) * 1000);

/**
 * First expiry, first out (issue 34 item 3): the batches with stock, earliest expiry first (then
 * by lot, so the pick is the same every time), taken in turn until `quantity` is covered. A batch
 * whose expiry date is before `today` is left out unless `allowExpired` (a permission at the till,
 * audited); a batch expiring today is still sellable today. `short` is what could not be covered.
 */
export function pickFefo(
  batches: readonly BatchStock[],
  quantity: number,
  today: string,
  opts: { allowExpired?: boolean } = {},
): FefoResult {
  let left = milli(quantity);
  const usable = batches.filter(
    (b) => milli(b.onHand) > 0 && (opts.allowExpired || b.expiryDate >= today),
  );
  // Code-point order (dates are ISO, lots normalised ASCII), as PostgreSQL's C collation orders
  // them; lots read already in that order (the server's queries) are not sorted again — with
  // localeCompare a pick over 10k lots cost ~50 ms (bench serials, 0117).
  const order = (a: BatchStock, b: BatchStock) =>
    cmp(a.expiryDate, b.expiryDate) || cmp(a.lot, b.lot);
  if (usable.some((b, i) => i > 0 && order(usable[i - 1], b) > 0)) usable.sort(order);
  const picks: BatchPick[] = [];
  for (const b of usable) {
    if (left <= 0) break;
    const take = Math.min(left, milli(b.onHand));
    picks.push({ batchId: b.batchId, lot: b.lot, expiryDate: b.expiryDate, quantity: take / 1000 });
    left -= take;
  }
  return { picks, short: Math.max(0, left) / 1000 };
}

/** Whether a batch has expired on `today` (YYYY-MM-DD; its expiry day itself still sells). */
export const batchExpired = (expiryDate: string, today: string): boolean => expiryDate < today;

/**
 * A sold unit's warranty in months from the day it was sold (issue 34, docs/decisions/0107):
 * products carry no warranty of their own yet, so every serial unit gets the same, shown by the
 * serial lookup and printed on the receipt.
 */
export const WARRANTY_MONTHS = 12;
