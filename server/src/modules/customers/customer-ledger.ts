import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../core/database/ids';
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
    /** the vault a payment went into */
    vaultId?: string | null;
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
    `INSERT INTO customer_ledger (id, customer_id, type, amount, balance_after, reference_type, reference_id, method_id, shift_id, user_id, note, vault_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
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
      entry.vaultId ?? null,
    ],
  );
  return balanceAfter;
}

/** A sale invoice of the customer still open on their account, oldest first. */
export type OpenCustomerInvoice = { id: string; number: string; open: number };

/**
 * The customer's sale invoices that still carry debt on their account: what each left due, less
 * what returns took off it and what customer payments already settled of it. A sale made into an
 * installment plan is not an open invoice: its plan carries the debt. Oldest first (time, id).
 * Read under the customer's lock (a payment, a return and a plan of the customer queue on it).
 */
export async function openCustomerInvoices(
  m: EntityManager,
  customerId: string,
): Promise<OpenCustomerInvoice[]> {
  const rows: { id: string; number: string; open: string }[] = await m.query(
    `SELECT s.id, s.number,
            s.due_amount
              - COALESCE((SELECT sum(r.credit_reduction) FROM sale_returns r WHERE r.invoice_id = s.id), 0)
              - COALESCE((SELECT sum(a.amount) FROM customer_payment_allocations a WHERE a.invoice_id = s.id), 0) AS open
       FROM sales_invoices s
      WHERE s.customer_id = $1 AND s.due_amount > 0 AND NOT s.cod
        AND NOT EXISTS (SELECT 1 FROM installment_plans p WHERE p.sale_id = s.id)
      ORDER BY s.created_at, s.id`,
    [customerId],
  );
  return rows
    .map((r) => ({ id: r.id, number: r.number, open: Number(r.open) }))
    .filter((r) => r.open > 0);
}

/** What customer payments settled of one sale invoice (an installment plan made later finances the rest). */
export async function invoiceSettledOnAccount(m: EntityManager, saleId: string): Promise<number> {
  const [row] = await m.query(
    'SELECT COALESCE(sum(amount), 0)::bigint AS settled FROM customer_payment_allocations WHERE invoice_id = $1',
    [saleId],
  );
  return Number(row?.settled ?? 0);
}

/** Splits a payment over open invoices in the order given: each takes what it still needs. */
export function allocateToInvoices(
  invoices: readonly OpenCustomerInvoice[],
  amount: number,
): { allocations: { invoiceId: string; number: string; amount: number }[]; rest: number } {
  let rest = amount;
  const allocations: { invoiceId: string; number: string; amount: number }[] = [];
  for (const inv of invoices) {
    if (rest <= 0) break;
    const take = Math.min(inv.open, rest);
    if (take <= 0) continue;
    allocations.push({ invoiceId: inv.id, number: inv.number, amount: take });
    rest -= take;
  }
  return { allocations, rest };
}

/**
 * A credit on the customer's account (a received cheque, issue 30 item 13) settles their open sale
 * invoices oldest first, as a customer payment does: one allocation row per invoice under the
 * credit's ledger row. Returns what is left for the customer's plans.
 */
export async function allocateCustomerCredit(
  m: EntityManager,
  p: { customerId: string; ledgerId: string; amount: number },
): Promise<{ allocations: { invoiceId: string; number: string; amount: number }[]; rest: number }> {
  const result = allocateToInvoices(await openCustomerInvoices(m, p.customerId), p.amount);
  if (result.allocations.length)
    await m.query(
      `INSERT INTO customer_payment_allocations (payment_id, invoice_id, customer_id, amount)
       SELECT $1, a.id, $2, a.amount FROM unnest($3::uuid[], $4::bigint[]) AS a(id, amount)`,
      [
        p.ledgerId,
        p.customerId,
        result.allocations.map((a) => a.invoiceId),
        result.allocations.map((a) => a.amount),
      ],
    );
  return result;
}

/** A credit taken back (a bounced or cancelled cheque): the invoices it settled are open again. */
export async function releaseCustomerCredit(m: EntityManager, ledgerId: string): Promise<void> {
  await m.query('DELETE FROM customer_payment_allocations WHERE payment_id = $1', [ledgerId]);
}
