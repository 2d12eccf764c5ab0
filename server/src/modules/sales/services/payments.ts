import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  changeOverLimit,
  formatPiasters,
  LIMITS,
  takesMethod,
  type PaymentMethodType,
  type SalePaymentInputDto,
} from '@pos/contracts';
import { AppException, changeTooLarge, paymentTooLarge } from '../../../core/errors/app.exception';

export type PaymentMethodRow = {
  id: string;
  type: PaymentMethodType;
  name_ar: string;
  active: boolean;
};

export type AppliedPayment = {
  methodId: string;
  type: PaymentMethodType;
  name: string;
  amount: number;
};

/**
 * Splits what was handed over into payments: only cash may exceed what is owed (the excess is the
 * change); whatever stays unpaid is the amount due, which needs a customer within their limit.
 * `mayGrantCredit` (can_grant_credit) lets the seller put it on a customer without a limit (0) or
 * past their limit; without it the customer must have a limit and stay within it (issue 11).
 * `cod` (cash on delivery, issue 30 item 21): the amount due is owed by the delivery order, so it
 * needs no customer, permission or limit.
 */
export async function applyPayments(
  m: EntityManager,
  payments: SalePaymentInputDto[],
  total: number,
  customer: { id: string; balance: number; creditLimit: number } | null,
  mayGrantCredit: boolean,
  cod = false,
): Promise<SettledPayments> {
  const ids = [...new Set(payments.map((p) => p.methodId))];
  const methods: PaymentMethodRow[] = ids.length
    ? await m.query('SELECT id, type, name_ar, active FROM payment_methods WHERE id = ANY($1)', [
        ids,
      ])
    : [];
  return settlePayments(payments, total, customer, methods, mayGrantCredit, cod);
}

export type SettledPayments = {
  payments: AppliedPayment[];
  paidTotal: number;
  changeDue: number;
  dueAmount: number;
};

/** applyPayments on payment method rows already loaded. */
export function settlePayments(
  payments: SalePaymentInputDto[],
  total: number,
  customer: { id: string; balance: number; creditLimit: number } | null,
  methods: PaymentMethodRow[],
  mayGrantCredit: boolean,
  cod = false,
  /**
   * a sale rung offline (issue 32): credit beyond the limit, and change beyond LIMITS.maxChange
   * (the device already handed it over), are reported, not refused
   */
  waive?: (
    kind: 'credit_over_limit' | 'change_over_limit',
    detail: Record<string, unknown>,
  ) => void,
): SettledPayments {
  const byId = new Map(methods.map((x) => [x.id, x]));
  for (const p of payments) {
    const method = byId.get(p.methodId);
    if (!method || !method.active || !takesMethod('tender', method.type))
      throw new AppException('PAYMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
  }
  const tendered = payments.reduce((s, p) => s + p.amount, 0);
  const nonCash = payments
    .filter((p) => byId.get(p.methodId)!.type !== 'cash')
    .reduce((s, p) => s + p.amount, 0);
  if (nonCash > total)
    throw new AppException('OVERPAID', HttpStatus.BAD_REQUEST, {
      paid: formatPiasters(nonCash),
      total: formatPiasters(total),
    });
  // Cash beyond the total is change; each tender stays within one document's money.
  const huge = payments.findIndex((p) => p.amount > LIMITS.documentTotal);
  if (huge >= 0) throw paymentTooLarge(`payments.${huge}.amount`);
  const changeDue = Math.max(0, tendered - total);
  // Change beyond LIMITS.maxChange is a mistyped amount received (docs/decisions/0131): refused,
  // nothing written; a sale rung offline already handed it over, so it is flagged instead.
  const tooMuch = changeOverLimit(payments, total, (id) => byId.get(id)!.type === 'cash');
  if (tooMuch && waive)
    waive('change_over_limit', {
      change: tooMuch.change,
      received: tooMuch.received,
      max: LIMITS.maxChange,
    });
  else if (tooMuch) throw changeTooLarge(tooMuch);
  // Change comes out of the cash handed over; the cash payment rows record what stays in the drawer.
  let changeLeft = changeDue;
  const applied: AppliedPayment[] = [];
  for (const p of payments) {
    const method = byId.get(p.methodId)!;
    let amount = p.amount;
    if (method.type === 'cash' && changeLeft > 0) {
      const take = Math.min(changeLeft, amount);
      amount -= take;
      changeLeft -= take;
    }
    if (amount > 0)
      applied.push({ methodId: p.methodId, type: method.type, name: method.name_ar, amount });
  }
  const paidTotal = applied.reduce((s, p) => s + p.amount, 0);
  const dueAmount = total - paidTotal;
  if (dueAmount > 0 && !cod) {
    if (!customer)
      throw new AppException('CUSTOMER_REQUIRED', HttpStatus.BAD_REQUEST, {
        due: formatPiasters(dueAmount),
      });
    if (!mayGrantCredit) {
      const available = formatPiasters(Math.max(0, customer.creditLimit - customer.balance));
      // 0 means "no limit", which only a holder of can_grant_credit may use.
      const code =
        customer.creditLimit <= 0
          ? 'CREDIT_NEEDS_PERMISSION'
          : customer.balance + dueAmount > customer.creditLimit
            ? 'CREDIT_LIMIT'
            : null;
      if (code && waive)
        waive('credit_over_limit', {
          customerId: customer.id,
          due: dueAmount,
          balance: customer.balance,
          limit: customer.creditLimit,
        });
      else if (code === 'CREDIT_NEEDS_PERMISSION')
        throw new AppException(code, HttpStatus.FORBIDDEN, { available });
      else if (code) throw new AppException(code, HttpStatus.BAD_REQUEST, { available });
    }
  }
  return { payments: applied, paidTotal, changeDue, dueAmount };
}
