import type { EntityManager } from 'typeorm';
import type { DueRecurringExpenseDto } from '@pos/contracts';
import type { CommandTransaction } from '../../../core/cqrs';

/**
 * The monthly templates due today in the store's time zone: active, their day of this month
 * reached (29–31 fall on a shorter month's last day), and no recorded (not void) expense from
 * them dated in this month. `branchId` null: every branch.
 */
const DUE_SQL = `
  WITH today AS (SELECT (now() AT TIME ZONE $1)::date AS d),
  m AS (SELECT d, date_trunc('month', d)::date AS first,
               (date_trunc('month', d) + interval '1 month')::date AS next FROM today),
  r AS (SELECT r.*, (m.first + (LEAST(r.day_of_month, (m.next - m.first)) - 1))::date AS due_date, m.d, m.first, m.next
          FROM recurring_expenses r, m
         WHERE r.active AND ($2::uuid IS NULL OR r.branch_id = $2::uuid))
  SELECT r.id, r.name, r.branch_id AS "branchId", r.category_id AS "categoryId", c.name AS "categoryName",
         r.vault_id AS "vaultId", v.name AS "vaultName", r.amount::float8 AS amount, r.payee,
         r.vendor_id AS "vendorId", r.note, to_char(r.due_date, 'YYYY-MM-DD') AS "dueDate"
    FROM r JOIN expense_categories c ON c.id = r.category_id JOIN vaults v ON v.id = r.vault_id
   WHERE r.due_date <= r.d
     AND NOT EXISTS (SELECT 1 FROM expenses e
                      WHERE e.recurring_id = r.id AND e.status = 'recorded'
                        AND e.expense_date >= r.first AND e.expense_date < r.next)
   ORDER BY r.due_date, r.name, r.id`;

export function dueRecurring(
  m: EntityManager,
  timeZone: string,
  branchId: string | null,
): Promise<DueRecurringExpenseDto[]> {
  return m.query(DUE_SQL, [timeZone, branchId]);
}

/** After a template was recorded or its expense voided: the branch's screens get the new count. */
export async function pushDueCount(
  tx: CommandTransaction,
  timeZone: string,
  branchId: string,
): Promise<void> {
  const due = await dueRecurring(tx.m, timeZone, branchId);
  tx.push(branchId, 'expenses.due', { count: due.length });
}
