// Posts documents that have no journal entry yet (a history seeded in bulk, or written before
// the books existed) with the same lines the subscribers write, set-based: one statement per
// kind of document. The database's balance trigger checks every entry as usual.

type Db = { query: (sql: string, params?: unknown[]) => Promise<unknown> };

/** Payment method type → system account key (as `paymentAccount`). */
const METHOD_ACCOUNT = `CASE pm.type WHEN 'cash' THEN 'cash' WHEN 'card' THEN 'card_clearing' WHEN 'wallet' THEN 'wallet_clearing' WHEN 'credit' THEN 'customers' WHEN 'installment' THEN 'customers' ELSE 'bank' END`;

/** Lines (eid, branch, account key, debit, credit, party) → journal_lines, zero lines left out. */
const INSERT_LINES = `INSERT INTO journal_lines (entry_id, line_no, account_id, debit, credit, branch_id, party_type, party_id)
  SELECT l.eid, row_number() OVER (PARTITION BY l.eid ORDER BY l.d = 0, a.code), a.id, l.d, l.c, l.branch_id,
         CASE WHEN l.party IS NOT NULL THEN 'customer' END, l.party
    FROM l JOIN accounts a ON a.system_key = l.k
   WHERE l.d + l.c > 0`;

const SALES = `WITH inv AS MATERIALIZED (
    SELECT i.*, gen_random_uuid() AS eid,
           -- what its promotions gave, before VAT, per line to the piaster (as SalePostJournalHandler)
           COALESCE((SELECT sum(round((SELECT sum((x->>'amount')::bigint) FROM jsonb_array_elements(l.pricing->'promotions') x)
                                      * 100.0 / (100 + l.vat_rate)))
                       FROM sale_lines l
                      WHERE l.invoice_id = i.id AND jsonb_typeof(l.pricing->'promotions') = 'array'), 0)::bigint AS promo
      FROM sales_invoices i
     WHERE NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.source_type = 'sale' AND e.source_id = i.id)
       -- a repair's sale is posted by its ticket (issue 30 item 20)
       AND i.maintenance_ticket_id IS NULL),
  e AS (INSERT INTO journal_entries (id, occurred_at, branch_id, source_type, source_id, source_number, created_by)
        SELECT eid, created_at, branch_id, 'sale', id, number, cashier_id FROM inv),
  l AS (
    SELECT inv.eid, inv.branch_id, x.k, x.d, x.c, x.party FROM inv CROSS JOIN LATERAL (VALUES
      ('customers', inv.due_amount, 0::bigint, inv.customer_id),
      ('sales', 0::bigint, inv.total - inv.vat_total + inv.promo, NULL::uuid),
      ('sales_discounts_promotions', inv.promo, 0::bigint, NULL::uuid),
      ('vat_output', 0::bigint, inv.vat_total, NULL::uuid),
      ('cogs', inv.cost_total, 0::bigint, NULL::uuid),
      ('inventory', 0::bigint, inv.cost_total, NULL::uuid)) AS x(k, d, c, party)
    UNION ALL
    SELECT inv.eid, inv.branch_id, ${METHOD_ACCOUNT}, sum(p.amount)::bigint, 0::bigint, NULL::uuid
      FROM inv JOIN sale_payments p ON p.invoice_id = inv.id AND p.kind = 'payment' JOIN payment_methods pm ON pm.id = p.method_id
     GROUP BY inv.eid, inv.branch_id, 3)
  ${INSERT_LINES}`;

const RETURNS = `WITH r AS MATERIALIZED (
    SELECT sr.*, i.customer_id, gen_random_uuid() AS eid,
           COALESCE((SELECT sum(rl.vat_amount) FROM sale_return_lines rl WHERE rl.return_id = sr.id), 0)::bigint AS vat
      FROM sale_returns sr JOIN sales_invoices i ON i.id = sr.invoice_id
     WHERE NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.source_type = 'return' AND e.source_id = sr.id)),
  e AS (INSERT INTO journal_entries (id, occurred_at, branch_id, source_type, source_id, source_number, created_by)
        SELECT eid, created_at, branch_id, 'return', id, number, cashier_id FROM r),
  l AS (
    SELECT r.eid, r.branch_id, x.k, x.d, x.c, x.party FROM r CROSS JOIN LATERAL (VALUES
      ('sales_returns', r.total - r.vat, 0::bigint, NULL::uuid),
      ('vat_output', r.vat, 0::bigint, NULL::uuid),
      ('customers', 0::bigint, r.credit_reduction, r.customer_id),
      ('inventory', r.cost_total, 0::bigint, NULL::uuid),
      ('cogs', 0::bigint, r.cost_total, NULL::uuid)) AS x(k, d, c, party)
    UNION ALL
    SELECT r.eid, r.branch_id, ${METHOD_ACCOUNT}, 0::bigint, sum(p.amount)::bigint, NULL::uuid
      FROM r JOIN sale_payments p ON p.return_id = r.id AND p.kind = 'refund' JOIN payment_methods pm ON pm.id = p.method_id
     GROUP BY r.eid, r.branch_id, 3)
  ${INSERT_LINES}`;

const PAYMENTS = `WITH p AS MATERIALIZED (
    SELECT c.*, s.branch_id, gen_random_uuid() AS eid FROM customer_ledger c LEFT JOIN shifts s ON s.id = c.shift_id
     WHERE c.type = 'payment' AND c.method_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.source_type = 'customer_payment' AND e.source_id = c.id)),
  e AS (INSERT INTO journal_entries (id, occurred_at, branch_id, source_type, source_id, created_by)
        SELECT eid, at, branch_id, 'customer_payment', id, user_id FROM p),
  l AS (
    SELECT p.eid, p.branch_id, ${METHOD_ACCOUNT} AS k, -p.amount AS d, 0::bigint AS c, NULL::uuid AS party
      FROM p JOIN payment_methods pm ON pm.id = p.method_id
    UNION ALL
    SELECT p.eid, p.branch_id, 'customers', 0::bigint, -p.amount, p.customer_id FROM p)
  ${INSERT_LINES}`;

const SHIFTS = `WITH s AS MATERIALIZED (
    SELECT sh.*, gen_random_uuid() AS eid FROM shifts sh
     WHERE sh.status = 'closed' AND COALESCE(sh.difference, 0) <> 0
       AND NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.source_type = 'shift' AND e.source_id = sh.id)),
  e AS (INSERT INTO journal_entries (id, occurred_at, branch_id, source_type, source_id, created_by)
        SELECT eid, closed_at, branch_id, 'shift', id, cashier_id FROM s),
  l AS (
    SELECT s.eid, s.branch_id, 'cash' AS k, GREATEST(s.difference, 0) AS d, GREATEST(-s.difference, 0) AS c, NULL::uuid AS party FROM s
    UNION ALL
    SELECT s.eid, s.branch_id, 'cash_over_short', GREATEST(-s.difference, 0), GREATEST(s.difference, 0), NULL::uuid FROM s)
  ${INSERT_LINES}`;

/**
 * Stock documents moved before the books (or written in bulk): a new product's opening stock, an
 * adjustment, a stock-taking, a transfer — with the subscriber's lines, each movement valued at
 * the cost the ledger recorded (else the variant's average cost). A transfer passes through goods
 * in transit; one that arrived leaves there only what was lost, which goes to shrinkage.
 */
const STOCK = `WITH mv AS (
    SELECT m.reference_type AS st, m.reference_id AS sid, m.reason, i.branch_id, m.at,
           round(m.quantity * COALESCE(m.unit_cost, v.avg_cost))::bigint AS value
      FROM stock_movements m JOIN inventories i ON i.id = m.inventory_id JOIN variants v ON v.id = m.variant_id
     WHERE m.reference_id IS NOT NULL AND m.reference_type IN ('product', 'stock_adjustment', 'stock_taking', 'transfer')
       AND m.reason IN ('opening', 'adjustment', 'stocktaking', 'transfer_out', 'transfer_in')
       AND NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.source_type = m.reference_type AND e.source_id = m.reference_id)),
  g AS (SELECT st, sid, reason, branch_id, sum(value)::bigint AS value FROM mv GROUP BY 1, 2, 3, 4),
  docs AS MATERIALIZED (
    SELECT d.*, gen_random_uuid() AS eid, COALESCE(tr.number, sk.number) AS number, tr.to_branch_id, tr.state AS transfer_state
      FROM (SELECT st, sid, max(at) AS at, CASE WHEN count(DISTINCT branch_id) = 1 THEN (array_agg(branch_id))[1] END AS branch_id
              FROM mv GROUP BY st, sid HAVING bool_or(value <> 0)) d
      LEFT JOIN transfer_requests tr ON d.st = 'transfer' AND tr.id = d.sid
      LEFT JOIN stock_takings sk ON d.st = 'stock_taking' AND sk.id = d.sid),
  e AS (INSERT INTO journal_entries (id, occurred_at, branch_id, source_type, source_id, source_number)
        SELECT eid, at, branch_id, st, sid, number FROM docs),
  l AS (
    SELECT d.eid, g.branch_id, 'inventory' AS k, GREATEST(g.value, 0) AS d, GREATEST(-g.value, 0) AS c, NULL::uuid AS party
      FROM g JOIN docs d ON d.st = g.st AND d.sid = g.sid
    UNION ALL
    SELECT d.eid, CASE WHEN g.reason LIKE 'transfer%' THEN d.to_branch_id ELSE g.branch_id END,
           CASE g.reason WHEN 'opening' THEN 'opening_balances' WHEN 'transfer_out' THEN 'inventory_in_transit'
                         WHEN 'transfer_in' THEN 'inventory_in_transit' ELSE 'shrinkage' END,
           GREATEST(-g.value, 0), GREATEST(g.value, 0), NULL::uuid
      FROM g JOIN docs d ON d.st = g.st AND d.sid = g.sid
    UNION ALL
    SELECT d.eid, d.to_branch_id, x.k, x.d, x.c, NULL::uuid
      FROM docs d
      JOIN (SELECT st, sid, sum(value)::bigint AS net FROM g WHERE reason LIKE 'transfer%' GROUP BY 1, 2) n ON n.st = d.st AND n.sid = d.sid
     CROSS JOIN LATERAL (VALUES ('inventory_in_transit', GREATEST(n.net, 0), GREATEST(-n.net, 0)),
                                ('shrinkage', GREATEST(-n.net, 0), GREATEST(n.net, 0))) AS x(k, d, c)
     WHERE d.transfer_state IN ('received', 'partially_received'))
  ${INSERT_LINES}`;

/**
 * Brings the inventory account of each branch to Σ(on hand × average cost) of its inventories:
 * the difference is posted against opening balances (stock seeded in bulk with no document, the
 * demo's catalog and `seed:large`'s opening stock, and any cost difference of the history).
 */
const INVENTORY = `WITH value AS (
    SELECT i.branch_id, sum(round(s.on_hand * v.avg_cost))::bigint AS amount
      FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id JOIN variants v ON v.id = s.variant_id
     GROUP BY i.branch_id),
  booked AS (
    SELECT l.branch_id, sum(l.debit - l.credit)::bigint AS amount
      FROM journal_lines l JOIN accounts a ON a.id = l.account_id AND a.system_key = 'inventory'
     GROUP BY l.branch_id),
  d AS MATERIALIZED (
    SELECT v.branch_id, v.amount - COALESCE(b.amount, 0) AS diff, gen_random_uuid() AS eid
      FROM value v LEFT JOIN booked b ON b.branch_id = v.branch_id
     WHERE v.amount - COALESCE(b.amount, 0) <> 0),
  e AS (INSERT INTO journal_entries (id, branch_id, source_type) SELECT eid, branch_id, 'opening' FROM d),
  l AS (
    SELECT d.eid, d.branch_id, 'inventory' AS k, GREATEST(d.diff, 0) AS d, GREATEST(-d.diff, 0) AS c, NULL::uuid AS party FROM d
    UNION ALL
    SELECT d.eid, d.branch_id, 'opening_balances', GREATEST(-d.diff, 0), GREATEST(d.diff, 0), NULL::uuid FROM d)
  ${INSERT_LINES}`;

/**
 * The inter-branch lines (as `balanceBranches`) of the history's transfers, whose shipment and
 * receipt touch two branches: per entry and branch left unbalanced, one line on the inter-branch
 * current account. Entries already balanced per branch get nothing (so a second run adds none).
 */
const BRANCHES = `WITH n AS (
    SELECT l.entry_id, l.branch_id, sum(l.debit - l.credit)::bigint AS net
      FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id AND e.source_type = 'transfer'
     GROUP BY 1, 2 HAVING sum(l.debit - l.credit) <> 0),
  last AS (SELECT entry_id, max(line_no) AS n FROM journal_lines WHERE entry_id IN (SELECT entry_id FROM n) GROUP BY 1)
  INSERT INTO journal_lines (entry_id, line_no, account_id, debit, credit, branch_id)
  SELECT n.entry_id, last.n + row_number() OVER (PARTITION BY n.entry_id ORDER BY n.branch_id), a.id,
         GREATEST(-n.net, 0), GREATEST(n.net, 0), n.branch_id
    FROM n JOIN last USING (entry_id) JOIN accounts a ON a.system_key = 'inter_branch'`;

export async function postHistory(db: Db, options: { inventory?: boolean } = {}): Promise<void> {
  for (const sql of [SALES, RETURNS, PAYMENTS, SHIFTS, STOCK, BRANCHES]) await db.query(sql);
  if (options.inventory) await db.query(INVENTORY);
  // The statements' hourly sums into journal_hourly_balances now rather than at the hundredth
  // posting to come.
  await db.query('SELECT journal_hourly_fold()');
}
