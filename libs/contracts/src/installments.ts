// Installment plans (تقسيط, issue 16): the schedule, late fees and early settlement, in integer
// piasters. Pure functions shared by the server (which stores what they return) and the client
// (which previews it while the cashier types). Worked examples: docs/decisions/.
import type { Piasters } from './money';

export const INSTALLMENT_PERIODS = ['monthly', 'weekly'] as const;
export type InstallmentPeriod = (typeof INSTALLMENT_PERIODS)[number];

/** Bounds of a plan (validated by the DTO as well). */
export const INSTALLMENT_LIMITS = {
  minCount: 1,
  maxCount: 120,
  /** flat rate per month in basis points (10000 = 100 % a month) */
  maxMonthlyRateBp: 1_000,
  maxFee: 100_000_00,
} as const;

export type PlanTerms = {
  /** what the goods cost on the invoice (piasters) */
  total: Piasters;
  downPayment: Piasters;
  count: number;
  period: InstallmentPeriod;
  /** first due date, YYYY-MM-DD in the store's calendar */
  firstDueDate: string;
  /** flat rate per month in basis points of the financed amount (250 = 2.5 % a month) */
  monthlyRateBp: number;
  /** a fixed fee added to the amount to pay (piasters) */
  fee: Piasters;
};

export type ScheduledInstallment = {
  seq: number;
  dueDate: string;
  amount: Piasters;
  /** the part of `amount` that is interest (what early settlement may waive) */
  interest: Piasters;
};

export type PlanSchedule = {
  financed: Piasters;
  interest: Piasters;
  fee: Piasters;
  /** what the customer pays over the installments: financed + interest + fee */
  toPay: Piasters;
  installments: ScheduledInstallment[];
};

export type PlanError =
  | 'INSTALLMENT_COUNT'
  | 'INSTALLMENT_DOWN_PAYMENT'
  | 'INSTALLMENT_RATE'
  | 'INSTALLMENT_FEE'
  | 'INSTALLMENT_TOO_SMALL'
  | 'INSTALLMENT_DATE';

export class PlanTermsError extends Error {
  constructor(readonly code: PlanError) {
    super(code);
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(value: string): { y: number; m: number; d: number } {
  const match = DATE.exec(value);
  if (!match) throw new PlanTermsError('INSTALLMENT_DATE');
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d)
    throw new PlanTermsError('INSTALLMENT_DATE');
  return { y, m, d };
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The k-th due date after `first` (k = 0 is `first`). Monthly dates keep the first date's day,
 * clamped to the month's last day (31 Jan → 28/29 Feb → 31 Mar); weekly dates are 7 days apart.
 */
export function dueDateAt(first: string, k: number, period: InstallmentPeriod): string {
  const { y, m, d } = parseDate(first);
  if (period === 'weekly') return iso(new Date(Date.UTC(y, m - 1, d + 7 * k)));
  const monthIndex = m - 1 + k;
  const lastDay = new Date(Date.UTC(y, monthIndex + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y, monthIndex, Math.min(d, lastDay))));
}

/** Whole months the plan runs: its count for monthly plans, count × 12 / 52 for weekly ones. */
function termMonths(count: number, period: InstallmentPeriod): { num: bigint; den: bigint } {
  return period === 'monthly'
    ? { num: BigInt(count), den: 1n }
    : { num: BigInt(count) * 12n, den: 52n };
}

/** Splits `amount` into `count` parts in whole pounds (100 piasters), the remainder on the last. */
function splitWholePounds(amount: Piasters, count: number): Piasters[] {
  const each = Math.floor(amount / count / 100) * 100;
  const parts = Array.from({ length: count }, () => each);
  parts[count - 1] = amount - each * (count - 1);
  return parts;
}

/**
 * The plan a sale on installments creates. Flat rate: interest = financed × rate × months, rounded
 * half up to the piaster; the amount to pay (financed + interest + fee) is split into installments
 * of whole pounds with the remainder on the last one; the interest is spread the same way, so each
 * installment knows the part of it that is interest.
 */
export function buildSchedule(terms: PlanTerms): PlanSchedule {
  const { total, downPayment, count, period, monthlyRateBp, fee } = terms;
  if (
    !Number.isInteger(count) ||
    count < INSTALLMENT_LIMITS.minCount ||
    count > INSTALLMENT_LIMITS.maxCount
  )
    throw new PlanTermsError('INSTALLMENT_COUNT');
  if (
    !Number.isSafeInteger(total) ||
    total <= 0 ||
    !Number.isSafeInteger(downPayment) ||
    downPayment < 0 ||
    downPayment >= total
  )
    throw new PlanTermsError('INSTALLMENT_DOWN_PAYMENT');
  if (
    !Number.isInteger(monthlyRateBp) ||
    monthlyRateBp < 0 ||
    monthlyRateBp > INSTALLMENT_LIMITS.maxMonthlyRateBp
  )
    throw new PlanTermsError('INSTALLMENT_RATE');
  if (!Number.isSafeInteger(fee) || fee < 0 || fee > INSTALLMENT_LIMITS.maxFee)
    throw new PlanTermsError('INSTALLMENT_FEE');
  parseDate(terms.firstDueDate);

  const financed = total - downPayment;
  const months = termMonths(count, period);
  // financed × bp × months / 10000, half up, exact in BigInt.
  const numerator = BigInt(financed) * BigInt(monthlyRateBp) * months.num;
  const denominator = 10_000n * months.den;
  const interest = Number((numerator * 2n + denominator) / (2n * denominator));
  const toPay = financed + interest + fee;
  if (toPay < count * 100) throw new PlanTermsError('INSTALLMENT_TOO_SMALL');

  const amounts = splitWholePounds(toPay, count);
  const interestEach = Math.floor(interest / count);
  const installments = amounts.map((amount, i) => ({
    seq: i + 1,
    dueDate: dueDateAt(terms.firstDueDate, i, period),
    amount,
    interest: i === count - 1 ? interest - interestEach * (count - 1) : interestEach,
  }));
  return { financed, interest, fee, toPay, installments };
}

export type LateFeeRule = {
  kind: 'none' | 'fixed' | 'percent';
  /** piasters per period late (fixed) or basis points of the installment per period late (percent) */
  value: number;
  /** days after the due date before a fee starts */
  graceDays: number;
};

/** Days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = parseDate(from);
  const b = parseDate(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/**
 * The late fee an installment has earned by `asOf`: nothing within the grace days; then one fee
 * for each period (month or week) or part of one since the due date. Percent fees are of the
 * installment's amount, half up.
 */
export function lateFee(
  installment: { amount: Piasters; dueDate: string },
  period: InstallmentPeriod,
  rule: LateFeeRule,
  asOf: string,
): Piasters {
  const late = daysBetween(installment.dueDate, asOf);
  if (rule.kind === 'none' || rule.value <= 0 || late <= rule.graceDays) return 0;
  const periodDays = period === 'monthly' ? 30 : 7;
  const periods = Math.ceil(late / periodDays);
  const perPeriod =
    rule.kind === 'fixed'
      ? rule.value
      : Number((BigInt(installment.amount) * BigInt(rule.value) * 2n + 10_000n) / 20_000n);
  return periods * perPeriod;
}

/**
 * Early settlement on `asOf`: what is still owed on every installment, less `discountBp` of the
 * interest of the installments not yet due (due after `asOf`), half up.
 */
export function earlySettlement(
  installments: { amount: Piasters; paid: Piasters; interest: Piasters; dueDate: string }[],
  asOf: string,
  discountBp: number,
): { outstanding: Piasters; discount: Piasters; toPay: Piasters } {
  let outstanding = 0;
  let unearned = 0;
  for (const i of installments) {
    outstanding += i.amount - i.paid;
    if (daysBetween(asOf, i.dueDate) > 0 && i.paid === 0) unearned += i.interest;
  }
  const bp = Math.max(0, Math.min(10_000, Math.trunc(discountBp)));
  const discount = Number((BigInt(unearned) * BigInt(bp) * 2n + 10_000n) / 20_000n);
  return { outstanding, discount, toPay: outstanding - discount };
}

/** Egypt's governorate codes in the national ID (digits 8–9), 88 for those born abroad. */
export const EG_GOVERNORATES: Record<string, string> = {
  '01': 'القاهرة',
  '02': 'الإسكندرية',
  '03': 'بورسعيد',
  '04': 'السويس',
  '11': 'دمياط',
  '12': 'الدقهلية',
  '13': 'الشرقية',
  '14': 'القليوبية',
  '15': 'كفر الشيخ',
  '16': 'الغربية',
  '17': 'المنوفية',
  '18': 'البحيرة',
  '19': 'الإسماعيلية',
  '21': 'الجيزة',
  '22': 'بني سويف',
  '23': 'الفيوم',
  '24': 'المنيا',
  '25': 'أسيوط',
  '26': 'سوهاج',
  '27': 'قنا',
  '28': 'أسوان',
  '29': 'الأقصر',
  '31': 'البحر الأحمر',
  '32': 'الوادي الجديد',
  '33': 'مطروح',
  '34': 'شمال سيناء',
  '35': 'جنوب سيناء',
  '88': 'خارج الجمهورية',
};

export type NationalIdInfo = {
  birthDate: string;
  governorate: string;
  sex: 'male' | 'female';
};

/**
 * Reads an Egyptian national ID (14 digits): century digit (2 = 1900s, 3 = 2000s), birth date
 * YYMMDD (a real date, not after `today`), governorate code, a 4-digit serial whose last digit is
 * odd for men, and a check digit (its algorithm is not published, so it is not verified).
 * Arabic-Indic digits are accepted. Returns null when the number cannot be a national ID.
 */
export function parseNationalId(value: string, today: string): NationalIdInfo | null {
  const digits = value
    .trim()
    .replace(/[٠-٩]/g, (c) => String(c.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (c) => String(c.charCodeAt(0) - 0x06f0));
  if (!/^[23]\d{13}$/.test(digits)) return null;
  const century = digits[0] === '2' ? 1900 : 2000;
  const birthDate = `${century + Number(digits.slice(1, 3))}-${digits.slice(3, 5)}-${digits.slice(5, 7)}`;
  try {
    parseDate(birthDate);
  } catch {
    return null;
  }
  if (daysBetween(birthDate, today) < 0) return null;
  const governorate = digits.slice(7, 9);
  if (!(governorate in EG_GOVERNORATES)) return null;
  return { birthDate, governorate, sex: Number(digits[12]) % 2 === 1 ? 'male' : 'female' };
}

export type CollectTarget = {
  id: string;
  seq: number;
  amount: Piasters;
  paid: Piasters;
  lateFee: Piasters;
  lateFeePaid: Piasters;
};

export type CollectAllocation = {
  installmentId: string;
  seq: number;
  /** piasters of the installment's amount paid */
  amount: Piasters;
  /** piasters of its late fee paid */
  lateFee: Piasters;
};

/**
 * Splits money collected over installments: their late fees first, then their amounts, each in
 * order of `seq` (oldest first). `outstanding` is everything the targets owe; `rest` is what did
 * not fit (more than 0: the caller refuses the over-collection).
 */
export function allocateCollection(
  targets: CollectTarget[],
  money: Piasters,
): { allocations: CollectAllocation[]; outstanding: Piasters; rest: Piasters } {
  const sorted = [...targets].sort((a, b) => a.seq - b.seq);
  const lines = new Map<string, CollectAllocation>(
    sorted.map((t) => [t.id, { installmentId: t.id, seq: t.seq, amount: 0, lateFee: 0 }]),
  );
  let left = money;
  let outstanding = 0;
  for (const t of sorted) {
    const fee = Math.max(0, t.lateFee - t.lateFeePaid);
    outstanding += fee + Math.max(0, t.amount - t.paid);
    const take = Math.min(left, fee);
    lines.get(t.id)!.lateFee = take;
    left -= take;
  }
  for (const t of sorted) {
    const take = Math.min(left, Math.max(0, t.amount - t.paid));
    lines.get(t.id)!.amount = take;
    left -= take;
  }
  return {
    allocations: [...lines.values()].filter((l) => l.amount > 0 || l.lateFee > 0),
    outstanding,
    rest: left,
  };
}
