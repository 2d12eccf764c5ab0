import type { TestApp } from './app';

/**
 * The books' invariants that any money or stock command must keep, each one SQL answering its
 * violations (empty when it holds). The same checks as vault-invariants.spec.ts and
 * accounting-invariants.spec.ts make after their random operations, for specs that check them
 * after a burst of concurrent requests (race.spec.ts).
 */
export const BOOK_INVARIANTS: Record<string, string> = {
  // the trial balance balances, and so does every entry
  debitsMinusCredits: `SELECT d FROM (SELECT COALESCE(sum(debit), 0) - COALESCE(sum(credit), 0) AS d FROM journal_lines) x WHERE d <> 0`,
  unbalancedEntries: `SELECT e.id FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id
      GROUP BY e.id HAVING COALESCE(sum(l.debit), 0) <> COALESCE(sum(l.credit), 0) OR COALESCE(sum(l.debit), 0) = 0`,
  // every vault equals its movements, its last movement's balance after and its own account
  vaultVsMovementsAndAccount: `SELECT v.id, v.balance, COALESCE(mv.total, 0) AS movements, COALESCE(bk.total, 0) AS booked
      FROM vaults v
      LEFT JOIN LATERAL (SELECT sum(m.amount) AS total,
               (SELECT m2.balance_after FROM vault_movements m2 WHERE m2.vault_id = v.id ORDER BY m2.at DESC, m2.id DESC LIMIT 1) AS last
             FROM vault_movements m WHERE m.vault_id = v.id) mv ON true
      LEFT JOIN LATERAL (SELECT sum(l.debit - l.credit) AS total FROM journal_lines l WHERE l.account_id = v.account_id) bk ON true
     WHERE v.balance <> COALESCE(mv.total, 0) OR v.balance <> COALESCE(bk.total, 0)
        OR (mv.last IS NOT NULL AND mv.last <> v.balance) OR (NOT v.allow_negative AND v.balance < 0)`,
  // every vendor equals its ledger and its part of the vendors' control account
  vendorsAccountVsLedger: `SELECT x.id FROM vendors x
      LEFT JOIN (SELECT l.party_id, sum(l.credit - l.debit) AS v FROM journal_lines l
                  WHERE l.party_type = 'vendor' AND l.account_id = (SELECT id FROM accounts WHERE system_key = 'vendors')
                  GROUP BY 1) bk ON bk.party_id = x.id
      LEFT JOIN (SELECT vendor_id, sum(amount) AS v FROM vendor_ledger GROUP BY 1) lg ON lg.vendor_id = x.id
     WHERE COALESCE(bk.v, 0) <> x.balance OR COALESCE(lg.v, 0) <> x.balance`,
  // every customer equals its ledger and its part of the customers' control account
  customersAccountVsLedger: `SELECT c.id FROM customers c
      LEFT JOIN (SELECT l.party_id, sum(l.debit - l.credit) AS v FROM journal_lines l
                  WHERE l.party_type = 'customer' AND l.account_id = (SELECT id FROM accounts WHERE system_key = 'customers')
                  GROUP BY 1) bk ON bk.party_id = c.id
      LEFT JOIN (SELECT customer_id, sum(amount) AS v FROM customer_ledger GROUP BY 1) lg ON lg.customer_id = c.id
     WHERE COALESCE(bk.v, 0) <> c.balance OR COALESCE(lg.v, 0) <> c.balance`,
  // the COD receivable equals what the cash-on-delivery sales' delivery orders still owe (issue 30
  // item 21): a delivered, unsettled order what its driver collected; an order not yet delivered
  // (or a COD sale whose order is still to be made) what the sale leaves due after its returns; a
  // settled, failed or returned one nothing
  codReceivableVsOrders: `SELECT bk.v AS booked, ow.v AS owed
      FROM (SELECT COALESCE(sum(l.debit - l.credit), 0)::bigint AS v FROM journal_lines l
             WHERE l.account_id = (SELECT id FROM accounts WHERE system_key = 'cod_receivable')) bk,
           (SELECT COALESCE(sum(CASE WHEN o.status = 'delivered' THEN o.collected
                     ELSE GREATEST(0, i.due_amount - COALESCE((SELECT sum(r.credit_reduction) FROM sale_returns r
                                                                WHERE r.invoice_id = i.id), 0)) END), 0)::bigint AS v
              FROM sales_invoices i LEFT JOIN delivery_orders o ON o.sale_id = i.id
             WHERE i.cod AND (o.id IS NULL OR o.settlement_id IS NULL)) ow
     WHERE bk.v <> ow.v`,
  // every stock level equals the sum of its movements
  stockVsMovements: `SELECT s.variant_id, s.inventory_id FROM stock_levels s
      LEFT JOIN stock_movements m ON m.variant_id = s.variant_id AND m.inventory_id = s.inventory_id
      GROUP BY s.variant_id, s.inventory_id, s.on_hand HAVING s.on_hand <> COALESCE(sum(m.quantity), 0)`,
};

/** The violations of BOOK_INVARIANTS (and of `extra`), by name: `{}` when every one holds. */
export async function bookViolations(
  t: TestApp,
  extra: Record<string, string> = {},
): Promise<Record<string, unknown[]>> {
  const all = { ...BOOK_INVARIANTS, ...extra };
  const names = Object.keys(all);
  const [row] = await t.ds.query(
    `SELECT ${names
      .map((n) => `(SELECT COALESCE(json_agg(x), '[]') FROM (${all[n]}) x) AS "${n}"`)
      .join(', ')}`,
  );
  return Object.fromEntries(
    names.map((n) => [n, row[n] as unknown[]]).filter(([, v]) => (v as unknown[]).length),
  );
}
