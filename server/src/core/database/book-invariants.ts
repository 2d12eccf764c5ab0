// The books' invariants (issue 21 onwards): each is one SQL statement answering its violations, empty
// when it holds. The medium tests check them after their operations; `npm run restore` checks them
// on every restored database (docs/operations.md, "Backups").

/**
 * Issue 34's invariants (serial units and batches, docs/decisions/0100), each SQL answering its
 * violations; they hold trivially where nothing is tracked. Part of BOOK_INVARIANTS and of the
 * books' property (books-property.ts).
 */
export const STOCK_TRACKING_INVARIANTS: Record<string, string> = {
  // each serial is in exactly one place or out of stock: its movements sum to 1 at the inventory
  // holding it and to 0 everywhere else, and only a unit in stock has an inventory
  serialInOnePlace: `SELECT su.id, x.inventory_id, x.n FROM serial_units su
      JOIN (SELECT sm.serial_unit_id, m.inventory_id, sum(sm.quantity) AS n, bool_or(m.variant_id <> su2.variant_id) AS alien
              FROM serial_movements sm JOIN stock_movements m ON m.id = sm.movement_id
              JOIN serial_units su2 ON su2.id = sm.serial_unit_id GROUP BY 1, 2) x ON x.serial_unit_id = su.id
     WHERE x.alien OR x.n <> CASE WHEN su.status = 'in_stock' AND su.inventory_id = x.inventory_id THEN 1 ELSE 0 END
    UNION ALL
    SELECT su.id, su.inventory_id, 0 FROM serial_units su
     WHERE (su.status = 'in_stock') <> (su.inventory_id IS NOT NULL)
        OR (su.status = 'in_stock' AND NOT EXISTS (
              SELECT 1 FROM serial_movements sm JOIN stock_movements m ON m.id = sm.movement_id
               WHERE sm.serial_unit_id = su.id AND m.inventory_id = su.inventory_id))`,
  // each batch's movements at an inventory sum to its quantity on hand there
  batchVsMovements: `SELECT l.batch_id, l.inventory_id FROM batch_levels l
      LEFT JOIN (SELECT batch_id, inventory_id, sum(quantity) AS q FROM batch_movements GROUP BY 1, 2) x
        ON x.batch_id = l.batch_id AND x.inventory_id = l.inventory_id
     WHERE l.on_hand <> COALESCE(x.q, 0)
    UNION ALL
    SELECT x.batch_id, x.inventory_id FROM (SELECT batch_id, inventory_id, sum(quantity) AS q FROM batch_movements GROUP BY 1, 2) x
     WHERE x.q <> 0 AND NOT EXISTS (SELECT 1 FROM batch_levels l WHERE l.batch_id = x.batch_id AND l.inventory_id = x.inventory_id)`,
  // a tracked product's stock is the sum of its serials in stock or of its batches, per inventory;
  // an untracked product holds no serial or batch stock
  trackedStockVsUnits: `SELECT s.variant_id, s.inventory_id, s.on_hand, t.held FROM stock_levels s
      JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id
      CROSS JOIN LATERAL (SELECT CASE WHEN p.tracking = 'serial'
          THEN (SELECT count(*) FROM serial_units su WHERE su.variant_id = s.variant_id AND su.inventory_id = s.inventory_id
                   AND su.status = 'in_stock')
          ELSE (SELECT COALESCE(sum(bl.on_hand), 0) FROM batch_levels bl JOIN batches b ON b.id = bl.batch_id
                 WHERE b.variant_id = s.variant_id AND bl.inventory_id = s.inventory_id) END AS held) t
     WHERE p.tracking <> 'none' AND s.on_hand <> t.held
    UNION ALL
    SELECT su.variant_id, su.inventory_id, NULL, 1 FROM serial_units su JOIN variants v ON v.id = su.variant_id
      JOIN products p ON p.id = v.product_id WHERE su.status = 'in_stock' AND p.tracking <> 'serial'
    UNION ALL
    SELECT b.variant_id, bl.inventory_id, NULL, bl.on_hand FROM batch_levels bl JOIN batches b ON b.id = bl.batch_id
      JOIN variants v ON v.id = b.variant_id JOIN products p ON p.id = v.product_id
     WHERE bl.on_hand <> 0 AND p.tracking <> 'batch'`,
};

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
  // every gift card equals its ledger and its last row's balance after (issue 33 item 5)
  giftCardsVsLedger: `SELECT g.id FROM gift_cards g
      LEFT JOIN LATERAL (SELECT sum(l.amount) AS total,
               (SELECT l2.balance_after FROM gift_card_ledger l2 WHERE l2.card_id = g.id ORDER BY l2.created_at DESC, l2.id DESC LIMIT 1) AS last
             FROM gift_card_ledger l WHERE l.card_id = g.id) lg ON true
     WHERE g.balance <> COALESCE(lg.total, 0) OR (lg.last IS NOT NULL AND lg.last <> g.balance)`,
  // the gift-card liability equals what the cards still hold
  giftCardLiabilityVsCards: `SELECT bk.v AS booked, c.v AS held
      FROM (SELECT COALESCE(sum(l.credit - l.debit), 0)::bigint AS v FROM journal_lines l
             WHERE l.account_id = (SELECT id FROM accounts WHERE system_key = 'gift_card_liability')) bk,
           (SELECT COALESCE(sum(balance), 0)::bigint AS v FROM gift_cards) c
     WHERE bk.v <> c.v`,
  // every customer's loyalty points equal their ledger and its last row's points after (issue 33 item 4)
  loyaltyVsLedger: `SELECT b.customer_id FROM loyalty_balances b
      LEFT JOIN LATERAL (SELECT sum(l.points) AS total,
               (SELECT l2.points_after FROM loyalty_ledger l2 WHERE l2.customer_id = b.customer_id ORDER BY l2.created_at DESC, l2.id DESC LIMIT 1) AS last
             FROM loyalty_ledger l WHERE l.customer_id = b.customer_id) ll ON true
     WHERE b.points <> COALESCE(ll.total, 0) OR (ll.last IS NOT NULL AND ll.last <> b.points)`,
  // the loyalty liability equals the points held at the program's point value (and their ledger value)
  loyaltyLiabilityVsPoints: `SELECT bk.v AS booked, p.v AS held, lv.v AS ledger
      FROM (SELECT COALESCE(sum(l.credit - l.debit), 0)::bigint AS v FROM journal_lines l
             WHERE l.account_id = (SELECT id FROM accounts WHERE system_key = 'loyalty_liability')) bk,
           (SELECT COALESCE(sum(b.points), 0)::bigint * COALESCE((SELECT point_value FROM loyalty_program WHERE id = 1), 0) AS v
              FROM loyalty_balances b) p,
           (SELECT COALESCE(sum(value), 0)::bigint AS v FROM loyalty_ledger) lv
     WHERE bk.v <> p.v OR bk.v <> lv.v`,
  // every stock level equals the sum of its movements
  stockVsMovements: `SELECT s.variant_id, s.inventory_id FROM stock_levels s
      LEFT JOIN stock_movements m ON m.variant_id = s.variant_id AND m.inventory_id = s.inventory_id
      GROUP BY s.variant_id, s.inventory_id, s.on_hand HAVING s.on_hand <> COALESCE(sum(m.quantity), 0)`,
  ...STOCK_TRACKING_INVARIANTS,
};

/**
 * Issue 30 item 13: each customer's balance = their open invoices (what sales left due, less
 * returns and the payments that settled them; a planned sale's debt is its plan's) + what their
 * open plans still ask − their advances (credits settling neither: payments beyond invoices and
 * plans, cheques, goods returned from a sale after its plan was settled…, net of bounced cheques).
 * Its violations are rows `(id, off)`.
 */
export const CUSTOMER_OPEN_ITEMS = `WITH inv AS (
        SELECT s.customer_id AS id, sum(s.due_amount - COALESCE(r.v, 0) - COALESCE(a.v, 0)) AS v
          FROM sales_invoices s
          LEFT JOIN (SELECT invoice_id, sum(credit_reduction) AS v FROM sale_returns GROUP BY 1) r ON r.invoice_id = s.id
          LEFT JOIN (SELECT invoice_id, sum(amount) AS v FROM customer_payment_allocations GROUP BY 1) a ON a.invoice_id = s.id
         WHERE s.customer_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM installment_plans p WHERE p.sale_id = s.id)
         GROUP BY 1),
      plan AS (
        SELECT p.customer_id AS id, sum(i.amount - i.paid + i.late_fee - i.late_fee_paid) AS v
          FROM installment_plans p JOIN installments i ON i.plan_id = p.id
         WHERE p.status IN ('active', 'late') GROUP BY 1),
      credit AS (
        SELECT l.customer_id AS id, -sum(l.amount) AS v FROM customer_ledger l
         WHERE (l.type NOT IN ('sale', 'edit', 'return', 'installment_charge', 'late_fee', 'installment_discount')
                AND NOT (l.type = 'payment' AND l.reference_type = 'installment_payment'))
            -- goods returned after the sale's plan was made (and settled): a credit to the customer
            OR (l.type = 'return' AND EXISTS (SELECT 1 FROM sale_returns r JOIN installment_plans p ON p.sale_id = r.invoice_id
                                               WHERE r.id = l.reference_id AND r.created_at > p.created_at))
         GROUP BY 1),
      settled AS (
        SELECT id, sum(v) AS v FROM (
          SELECT customer_id AS id, amount AS v FROM customer_payment_allocations
          UNION ALL SELECT customer_id, amount FROM installment_payments WHERE kind = 'account') x GROUP BY 1),
      f AS (
        SELECT c.id, c.balance, COALESCE(inv.v, 0) AS open_invoices, COALESCE(plan.v, 0) AS plans,
               COALESCE(credit.v, 0) - COALESCE(settled.v, 0) AS advances
          FROM customers c LEFT JOIN inv ON inv.id = c.id LEFT JOIN plan ON plan.id = c.id
          LEFT JOIN credit ON credit.id = c.id LEFT JOIN settled ON settled.id = c.id)
      SELECT id, balance - (open_invoices + plans - advances) AS off FROM f
       WHERE balance <> open_invoices + plans - advances`;

/** The violations of BOOK_INVARIANTS (and of `extra`), by name: `{}` when every one holds. */
export async function bookViolations(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
  extra: Record<string, string> = {},
): Promise<Record<string, unknown[]>> {
  const all = { ...BOOK_INVARIANTS, ...extra };
  const names = Object.keys(all);
  const [row] = await query(
    `SELECT ${names
      .map((n) => `(SELECT COALESCE(json_agg(x), '[]') FROM (${all[n]}) x) AS "${n}"`)
      .join(', ')}`,
  );
  return Object.fromEntries(
    names.map((n) => [n, row[n] as unknown[]]).filter(([, v]) => (v as unknown[]).length),
  );
}
