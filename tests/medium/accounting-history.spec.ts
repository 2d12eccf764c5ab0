import { Client as Pg } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../server/src/core/database/data-source';
import { postHistory } from '../../server/src/modules/accounting';
import { seedSalesHistory } from '../../server/src/seed/sales-history';

// Issue 13: a history written in bulk (seed:large, or documents from before the books) is posted
// with the subscribers' lines, set-based, once; the inventory account is brought to the stock's
// value at average cost. Its own database, seeded like `npm run demo` (whose accounting step posts
// the demo's stock, capital and rent), so the bulk history's registers meet no other test's.
describe('posting a bulk history', () => {
  let db: { url: string };
  let pg: Pg;
  let t: { ds: DataSource };
  const ADJUSTMENT = '0190a000-0000-7000-8000-00000000ad01';
  let stockDocs: { product_id: string; branch_id: string; cost: number };

  beforeAll(async () => {
    // The suite's own copy of the migrated demo database (tests/medium/support/suite-db.ts).
    db = { url: process.env.DATABASE_URL! };
    t = { ds: new DataSource(dataSourceOptions(db.url)) };
    await t.ds.initialize();
    pg = new Pg({ connectionString: db.url });
    await pg.connect();
    await seedSalesHistory(pg, {
      invoices: 400,
      days: 5,
      branches: 2,
      cashiersPerBranch: 2,
      returnsPercent: 5,
      timeZone: 'Africa/Cairo',
    });
    // Stock documents from before the books: a loss of two pieces by adjustment, and a product's
    // opening stock of three, in branch 1's default inventory (ledger rows and balances agree).
    const [v] = await t.ds.query(
      `SELECT s.variant_id, s.inventory_id, v.product_id, v.avg_cost::bigint AS cost, i.branch_id
         FROM stock_levels s JOIN variants v ON v.id = s.variant_id JOIN inventories i ON i.id = s.inventory_id
        WHERE s.on_hand >= 5 AND v.avg_cost > 0 ORDER BY v.sku LIMIT 1`,
    );
    stockDocs = { ...v, cost: Number(v.cost) };
    for (const [quantity, reason, type, id] of [
      [-2, 'adjustment', 'stock_adjustment', ADJUSTMENT],
      [3, 'opening', 'product', v.product_id],
    ] as const) {
      await t.ds.query(
        `WITH s AS (UPDATE stock_levels SET on_hand = on_hand + $3 WHERE variant_id = $1 AND inventory_id = $2 RETURNING on_hand)
         INSERT INTO stock_movements (id, variant_id, inventory_id, quantity, balance_after, reason, reference_type, reference_id)
         SELECT gen_random_uuid(), $1, $2, $3, s.on_hand, $4, $5, $6 FROM s`,
        [v.variant_id, v.inventory_id, quantity, reason, type, id],
      );
    }
  }, 180_000);
  afterAll(async () => {
    await pg?.end();
    await t?.ds.destroy();
  });

  it('posts every sale and return once, balanced, with the documents’ figures', async () => {
    await postHistory(pg, { inventory: true });
    const [counts] = await t.ds.query(
      // a repair's sale is posted by its ticket's settle entry, not as a sale (issue 30 item 20)
      `SELECT (SELECT count(*)::int FROM sales_invoices WHERE maintenance_ticket_id IS NULL) AS invoices,
              (SELECT count(DISTINCT source_id)::int FROM journal_entries WHERE source_type = 'sale') AS posted_sales,
              (SELECT count(*)::int FROM sale_returns) AS returns,
              (SELECT count(DISTINCT source_id)::int FROM journal_entries WHERE source_type = 'return') AS posted_returns`,
    );
    expect(counts.invoices).toBeGreaterThanOrEqual(400);
    expect(counts.posted_sales).toBe(counts.invoices);
    expect(counts.posted_returns).toBe(counts.returns);
    expect(counts.returns).toBeGreaterThan(0);
    // Revenue net of VAT and VAT output equal the invoices' figures; COGS their cost.
    const [books] = await t.ds.query(
      `SELECT sum(l.credit - l.debit) FILTER (WHERE a.system_key = 'sales')::bigint AS sales,
              sum(l.debit - l.credit) FILTER (WHERE a.system_key = 'sales_returns')::bigint AS returns,
              sum(l.debit - l.credit) FILTER (WHERE a.system_key = 'cogs')::bigint AS cogs,
              sum(l.debit) AS debit, sum(l.credit) AS credit
         FROM journal_lines l JOIN accounts a ON a.id = l.account_id`,
    );
    const [docs] = await t.ds.query(
      `SELECT (SELECT sum(total - vat_total) FROM sales_invoices WHERE maintenance_ticket_id IS NULL)::bigint AS sales,
              (SELECT sum(r.total) - COALESCE(sum((SELECT sum(vat_amount) FROM sale_return_lines WHERE return_id = r.id)), 0) FROM sale_returns r)::bigint AS returns,
              ((SELECT sum(cost_total) FROM sales_invoices WHERE maintenance_ticket_id IS NULL) - (SELECT COALESCE(sum(cost_total), 0) FROM sale_returns))::bigint AS cogs`,
    );
    expect(books).toMatchObject({ sales: docs.sales, returns: docs.returns, cogs: docs.cogs });
    expect(books.debit).toBe(books.credit);
    // The inventory account equals the stock at average cost, branch by branch.
    const mismatched = await t.ds.query(
      `SELECT v.branch_id FROM (
          SELECT i.branch_id, sum(round(s.on_hand * va.avg_cost))::bigint AS value
            FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id JOIN variants va ON va.id = s.variant_id GROUP BY 1) v
        LEFT JOIN (SELECT l.branch_id, sum(l.debit - l.credit)::bigint AS value FROM journal_lines l JOIN accounts a ON a.id = l.account_id
                    WHERE a.system_key = 'inventory' GROUP BY 1) b ON b.branch_id = v.branch_id
       WHERE v.value <> COALESCE(b.value, 0)`,
    );
    expect(mismatched).toEqual([]);
  });

  it('posts the stock documents with their own source: an adjustment to shrinkage, opening stock to opening balances', async () => {
    const lines = async (type: string, id: string) =>
      (
        await t.ds.query(
          `SELECT a.system_key AS account, l.debit::int AS debit, l.credit::int AS credit, l.branch_id AS branch
             FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
            WHERE e.source_type = $1 AND e.source_id = $2 ORDER BY a.system_key`,
          [type, id],
        )
      ).map((r: object) => ({ ...r }));
    const { cost, branch_id: branch, product_id: product } = stockDocs;
    expect(await lines('stock_adjustment', ADJUSTMENT)).toEqual([
      { account: 'inventory', debit: 0, credit: 2 * cost, branch },
      { account: 'shrinkage', debit: 2 * cost, credit: 0, branch },
    ]);
    expect(await lines('product', product)).toEqual([
      { account: 'inventory', debit: 3 * cost, credit: 0, branch },
      { account: 'opening_balances', debit: 0, credit: 3 * cost, branch },
    ]);
  });

  it('posts nothing twice', async () => {
    const before = (await t.ds.query('SELECT count(*)::int AS n FROM journal_entries'))[0].n;
    await postHistory(pg, { inventory: true });
    expect((await t.ds.query('SELECT count(*)::int AS n FROM journal_entries'))[0].n).toBe(before);
  });
});
