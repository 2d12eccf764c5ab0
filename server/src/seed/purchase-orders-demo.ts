import type { DataSource } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { normalizeArabic } from '@pos/contracts';
import { branchDocumentNumber } from '../core/numbering';

type Line = { variant_id: string; avg_cost: string };

/**
 * Demo purchase orders (issue 14, item 5), once: in each branch one order per status (ordered,
 * partly received, received, closed, cancelled), for the branch's demo items that are low or
 * nearly so, so the reorder suggestion names a vendor for some of them and leaves others to the
 * user. Uses the vendors already there (the vendors' demo data); with none, two of its own.
 */
export async function seedDemoPurchaseOrders(ds: DataSource): Promise<void> {
  await ds.transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock(424250)');
    const [done] = await m.query('SELECT 1 FROM purchase_orders LIMIT 1');
    if (done) return;
    let vendors: { id: string }[] = await m.query(
      'SELECT id FROM vendors WHERE active ORDER BY created_at, id LIMIT 3',
    );
    if (!vendors.length) {
      for (const name of ['شركة الأمل للتوريدات', 'مؤسسة النور التجارية']) {
        await m.query(
          `INSERT INTO vendors (id, name, phones, payment_terms_days, search_text) VALUES ($1, $2, $3, 30, $4)`,
          [uuidv7(), name, ['0223456789'], normalizeArabic(name)],
        );
      }
      vendors = await m.query('SELECT id FROM vendors ORDER BY created_at, id');
    }
    const inventories: { id: string; branch_id: string }[] = await m.query(
      'SELECT id, branch_id FROM inventories WHERE is_default ORDER BY created_at',
    );
    const plan: { status: string; daysAgo: number; received: (q: number) => number }[] = [
      { status: 'ordered', daysAgo: 1, received: () => 0 },
      { status: 'partly_received', daysAgo: 6, received: (q) => Math.floor(q / 2) },
      { status: 'received', daysAgo: 12, received: (q) => q },
      { status: 'closed', daysAgo: 20, received: (q) => q - 2 },
      { status: 'cancelled', daysAgo: 25, received: () => 0 },
    ];
    for (const inv of inventories) {
      // The low items first (skipping every other one, so some have no vendor yet), then others.
      const items: Line[] = await m.query(
        `SELECT s.variant_id, v.avg_cost::text FROM stock_levels s JOIN variants v ON v.id = s.variant_id
          WHERE s.inventory_id = $1 AND v.sku LIKE 'DEMO-%' AND v.low_stock_threshold > 0
          ORDER BY (s.on_hand <= v.low_stock_threshold) DESC, v.sku LIMIT 30`,
        [inv.id],
      );
      const picked = items.filter((_, i) => i % 2 === 0);
      for (const [n, step] of plan.entries()) {
        const lines = picked.slice(n * 3, n * 3 + 3);
        if (!lines.length) continue;
        const id = uuidv7();
        const number = await branchDocumentNumber(m, 'purchase_order', inv.branch_id);
        await m.query(
          `INSERT INTO purchase_orders (id, number, status, vendor_id, branch_id, inventory_id, expected_date, note, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, (now() - make_interval(days => $7 - 5))::date, $8,
                   now() - make_interval(days => $7), now() - make_interval(days => $7))`,
          [
            id,
            number,
            step.status,
            vendors[n % vendors.length].id,
            inv.branch_id,
            inv.id,
            step.daysAgo,
            step.status === 'cancelled' ? 'ألغاه المورد: الصنف غير متوفر' : null,
          ],
        );
        for (const [i, l] of lines.entries()) {
          const quantity = 10 + i * 5;
          await m.query(
            `INSERT INTO purchase_order_lines (id, order_id, line_no, variant_id, quantity, received_quantity, unit_cost)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [uuidv7(), id, i + 1, l.variant_id, quantity, step.received(quantity), l.avg_cost],
          );
        }
      }
    }
  });
}
