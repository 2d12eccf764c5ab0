// The terms a cashier types for a plan (creation and rescheduling) and their live schedule.
import {
  buildSchedule,
  dueDateAt,
  PlanTermsError,
  type InstallmentPeriod,
  type PlanError,
  type PlanSchedule,
} from '@pos/contracts';
import { toAsciiDigits } from '../../../shared/lib/money';

export type TermsForm = {
  count: string;
  period: InstallmentPeriod;
  firstDueDate: string;
  /** flat rate per month in percent as typed ('2.5') */
  ratePercent: string;
  /** piasters */
  fee: number | null;
};

export type TermsDto = {
  count: number;
  period: InstallmentPeriod;
  firstDueDate: string;
  monthlyRateBp: number;
  fee: number;
};

/** Default terms: 12 monthly installments, the first a month from `today`, no rate, no fee. */
export function defaultTerms(today: string): TermsForm {
  return {
    count: '12',
    period: 'monthly',
    firstDueDate: dueDateAt(today, 1, 'monthly'),
    ratePercent: '0',
    fee: 0,
  };
}

/** '2.5' → 250 basis points; NaN when it is not a number with at most two decimals. */
export function percentToBp(text: string): number {
  const value = toAsciiDigits(text.trim()).replace('٫', '.').replace(',', '.');
  if (value === '') return 0;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return Number.NaN;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function bpToPercent(bp: number): string {
  return (bp / 100).toString();
}

export function termsDto(form: TermsForm): TermsDto {
  const count = /^\d+$/.test(toAsciiDigits(form.count.trim()))
    ? Number(toAsciiDigits(form.count.trim()))
    : Number.NaN;
  return {
    count,
    period: form.period,
    firstDueDate: form.firstDueDate,
    monthlyRateBp: percentToBp(form.ratePercent),
    fee: form.fee ?? 0,
  };
}

export type Preview =
  { schedule: PlanSchedule; error: null } | { schedule: null; error: PlanError };

/** The schedule `buildSchedule` makes of these terms, or the rule they break. */
export function previewSchedule(total: number, downPayment: number, terms: TermsDto): Preview {
  try {
    return {
      schedule: buildSchedule({ total, downPayment, ...terms }),
      error: null,
    };
  } catch (err) {
    if (err instanceof PlanTermsError) return { schedule: null, error: err.code };
    throw err;
  }
}
