import {
  DEFAULT_SCALE_BARCODE,
  scaleLayoutProblem,
  type ScaleBarcodeSettings,
  type ScaleMode,
} from '@pos/contracts';

// Scale (weighed goods) barcodes. A label printed by the shop's scale is an EAN-13 that starts
// with a configurable prefix (default '2') and carries an item code and the weight in grams
// (or the price in piasters): by default digits 2–6 are the item code and 7–11 the value.
// The layout is a STORE setting on the server (GET/PATCH /api/StoreSettings), the same on every
// register; it used to live in one browser's localStorage.

export type { ScaleMode };
export type ScaleConfig = ScaleBarcodeSettings;
export const DEFAULT_SCALE_CONFIG: ScaleConfig = DEFAULT_SCALE_BARCODE;

export type ScaleBarcode = {
  itemCode: string;
  mode: ScaleMode;
  /** grams or piasters */ value: number;
};

/** The item code and weight/price of a scale label, or null when the code is not one. */
export function parseScaleBarcode(
  code: string,
  config: ScaleConfig = DEFAULT_SCALE_CONFIG,
): ScaleBarcode | null {
  if (!config.enabled || !config.prefix) return null;
  if (!/^\d{13}$/.test(code) || !code.startsWith(config.prefix)) return null;
  const itemCode = code.substr(config.itemStart - 1, config.itemLength);
  const valueText = code.substr(config.valueStart - 1, config.valueLength);
  if (itemCode.length !== config.itemLength || valueText.length !== config.valueLength) return null;
  const value = Number(valueText);
  if (!Number.isSafeInteger(value) || value <= 0) return null;
  return { itemCode, mode: config.mode, value };
}

/** Quantity of a scale label: grams → kg (3 decimals); price → price / unit price, rounded to 3 decimals. */
export function scaleQuantity(label: ScaleBarcode, unitPrice: number): number | null {
  if (label.mode === 'weight') return label.value / 1000;
  if (unitPrice <= 0) return null;
  // thousandths = round_half_up(value × 1000 / unitPrice), integers only
  const milli = Math.floor((label.value * 2000 + unitPrice) / (2 * unitPrice));
  return milli > 0 ? milli / 1000 : null;
}

/** The item code may be stored as a barcode or SKU as is, or with its leading zeros dropped. */
export function itemCodeMatches(itemCode: string, candidate: string): boolean {
  if (candidate === itemCode) return true;
  return (
    /^\d+$/.test(candidate) &&
    candidate.replace(/^0+/, '') === itemCode.replace(/^0+/, '') &&
    candidate !== ''
  );
}

export function validScaleConfig(c: ScaleConfig): boolean {
  const inRange = (start: number, length: number) =>
    Number.isInteger(start) &&
    Number.isInteger(length) &&
    start >= 1 &&
    length >= 1 &&
    start + length - 1 <= 12;
  return (
    typeof c.enabled === 'boolean' &&
    /^\d{1,3}$/.test(c.prefix) &&
    inRange(c.itemStart, c.itemLength) &&
    inRange(c.valueStart, c.valueLength) &&
    (c.mode === 'weight' || c.mode === 'price') &&
    scaleLayoutProblem(c) === null
  );
}
