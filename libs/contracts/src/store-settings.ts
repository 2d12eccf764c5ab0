// Store-wide settings every register and screen shares (kept on the server, admin-editable,
// audited): the store time zone, the scale-barcode layout and the installment rules.
import type { LateFeeRule } from './installments';

export const DEFAULT_STORE_TIME_ZONE = 'Africa/Cairo';
export const SCALE_MODES = ['weight', 'price'] as const;
export type ScaleMode = (typeof SCALE_MODES)[number];

/** A scale label is an EAN-13: prefix, item code and weight/price digits inside its 12 data digits. */
export type ScaleBarcodeSettings = {
  enabled: boolean;
  prefix: string;
  /** 1-based position of the first item-code digit */
  itemStart: number;
  itemLength: number;
  /** 1-based position of the first weight/price digit */
  valueStart: number;
  valueLength: number;
  mode: ScaleMode;
};

export const DEFAULT_SCALE_BARCODE: ScaleBarcodeSettings = {
  enabled: true,
  prefix: '2',
  itemStart: 2,
  itemLength: 5,
  valueStart: 7,
  valueLength: 5,
  mode: 'weight',
};

/** The store's installment rules (issue 16). Defaults: no late fee, no early-settlement discount. */
export type InstallmentSettings = {
  lateFee: LateFeeRule;
  /** basis points of the unearned interest waived on early settlement (10000 = all of it) */
  earlySettlementDiscountBp: number;
};

export const DEFAULT_INSTALLMENT_SETTINGS: InstallmentSettings = {
  lateFee: { kind: 'none', value: 0, graceDays: 0 },
  earlySettlementDiscountBp: 0,
};

export type StoreSettingsDto = {
  timeZone: string;
  scaleBarcode: ScaleBarcodeSettings;
  installments: InstallmentSettings;
  /** the customers' default payment terms in days (the debts' reminder list) */
  customerPaymentTermsDays: number;
  /** a cancelled or expired reservation's deposit is forfeited (true) or refunded (false) */
  reservationDepositForfeit: boolean;
  /** VAT % included in service amounts (repair bills, delivery fees); 0: not charged */
  serviceVatRate: number;
  /** a lot expiring within this many days is on the branch's expiring list (issue 34) */
  expiryWarningDays: number;
};

export const DEFAULT_SERVICE_VAT_RATE = 14;
/** The expiring-lots window (issue 34): 30 days unless set, 1 to 365. */
export const DEFAULT_EXPIRY_WARNING_DAYS = 30;
export const MAX_EXPIRY_WARNING_DAYS = 365;

/** Why a layout cannot be read from a 13-digit label, or null when it can. */
export function scaleLayoutProblem(s: ScaleBarcodeSettings): string | null {
  const prefixEnd = s.prefix.length; // prefix occupies 1..prefixEnd
  const itemEnd = s.itemStart + s.itemLength - 1;
  const valueEnd = s.valueStart + s.valueLength - 1;
  // Digit 13 is the check digit: item and value live in digits 1–12, after the prefix.
  if (itemEnd > 12 || valueEnd > 12) return 'validation.scale.layout';
  if (s.itemStart <= prefixEnd || s.valueStart <= prefixEnd) return 'validation.scale.layout';
  if (s.itemStart <= valueEnd && s.valueStart <= itemEnd) return 'validation.scale.layout';
  return null;
}
