import type { EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { Errors } from '../../core/errors/app.exception';

/** Locks the customer row and returns what limits a credit sale needs. */
export async function lockCustomer(
  m: EntityManager,
  id: string,
): Promise<{ id: string; name: string; balance: number; creditLimit: number }> {
  const [row] = await m.query(
    'SELECT id, name, balance, credit_limit FROM customers WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!row) throw Errors.notFound();
  return {
    id: row.id,
    name: row.name,
    balance: Number(row.balance),
    creditLimit: Number(row.credit_limit),
  };
}

/**
 * The customer's balance changes only together with a ledger row (amount > 0: owes more).
 * Call lockCustomer first in the same transaction.
 */
export async function postCustomerLedger(
  m: EntityManager,
  entry: {
    customerId: string;
    type:
      | 'sale'
      | 'return'
      | 'payment'
      | 'edit'
      | 'cheque_bounced'
      | 'cheque_cancelled'
      | 'installment_charge'
      | 'late_fee'
      | 'installment_discount';
    amount: number;
    referenceType?: string | null;
    referenceId?: string | null;
    methodId?: string | null;
    shiftId?: string | null;
    userId: string | null;
    note?: string | null;
    id?: string;
  },
): Promise<number> {
  const [[row]] = await m.query(
    'UPDATE customers SET balance = balance + $2, updated_at = now() WHERE id = $1 RETURNING balance',
    [entry.customerId, entry.amount],
  );
  const balanceAfter = Number(row.balance);
  await m.query(
    `INSERT INTO customer_ledger (id, customer_id, type, amount, balance_after, reference_type, reference_id, method_id, shift_id, user_id, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      entry.id ?? uuidv7(),
      entry.customerId,
      entry.type,
      entry.amount,
      balanceAfter,
      entry.referenceType ?? null,
      entry.referenceId ?? null,
      entry.methodId ?? null,
      entry.shiftId ?? null,
      entry.userId,
      entry.note ?? null,
    ],
  );
  return balanceAfter;
}
