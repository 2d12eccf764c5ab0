import { normalizeArabic } from '@pos/contracts';
import type { DataSource } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { queuePosting } from '../modules/accounting';
import { moveVault } from '../modules/cash';
import { StockLedger } from '../modules/inventory';
import {
  PostPurchaseJournalHandler,
  SavePurchaseInvoiceCommand,
  SavePurchaseInvoiceHandler,
} from '../modules/purchasing';
import { demoMeta, demoRunner, demoAdmin } from './demo-runner';

/** Used only when the demo has no vendors yet (the vendors' own demo step creates theirs). */
const FALLBACK_VENDORS = [
  'شركة النيل للتوريدات',
  'مؤسسة الأهرام التجارية',
  'الدلتا للملابس الجاهزة',
  'مصر للإلكترونيات',
  'القاهرة للمواد الغذائية',
];

/** What each branch's main vault opens with in the demo: 50,000 EGP. */
const OPENING_CASH = 5_000_000;

/** A small deterministic generator: the demo is the same on every machine. */
function generator(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

/**
 * Demo purchases (issue 14 item 7): for up to five vendors (those the demo has, or five created
 * here), four posted invoices each over the last two months into the branches' default inventories,
 * through the real command (moving average cost, stock in, vendor ledger, books); some paid half in
 * cash from the branch's main vault when it holds enough, the rest on credit; plus one draft.
 * Idempotent: nothing is added once a demo purchase exists.
 */
export async function seedDemoPurchases(ds: DataSource): Promise<void> {
  const [done] = await ds.query(`SELECT 1 FROM purchase_invoices WHERE note = 'DEMO' LIMIT 1`);
  if (done) return;
  let vendors: { id: string }[] = await ds.query(
    'SELECT id FROM vendors WHERE active ORDER BY created_at, name LIMIT 5',
  );
  if (!vendors.length) {
    for (const name of FALLBACK_VENDORS)
      await ds.query(
        `INSERT INTO vendors (id, name, search_text, payment_terms_days) VALUES ($1, $2, $3, 30)`,
        [uuidv7(), name, normalizeArabic(name)],
      );
    vendors = await ds.query('SELECT id FROM vendors ORDER BY created_at, name LIMIT 5');
  }
  const [admin] = await ds.query(
    `SELECT id, username, display_name, branch_id FROM users WHERE username = 'admin'`,
  );
  const inventories: { id: string; branch_id: string }[] = await ds.query(
    'SELECT id, branch_id FROM inventories WHERE is_default ORDER BY created_at',
  );
  const variants: { id: string; avg_cost: string }[] = await ds.query(
    `SELECT id, avg_cost FROM variants WHERE sku LIKE 'DEMO-%' AND active ORDER BY sku LIMIT 120`,
  );
  if (!admin || !inventories.length || !variants.length) return;
  const user = demoAdmin(admin, admin.branch_id, [
    'can_buy_products',
    'can_see_buy_price',
    'can_see_branches',
  ]);
  const meta = demoMeta(admin.id, 'demo seed');
  // The real command, outside the HTTP app: its runner, the stock ledger and the books' subscriber.
  const runner = demoRunner(ds, PostPurchaseJournalHandler);
  const save = new SavePurchaseInvoiceHandler(runner, new StockLedger());

  // Cash to pay suppliers with: each branch's main vault that never moved gets an opening amount,
  // the owner's capital (Dr the vault's account, Cr capital), through the same runner.
  const mains: { id: string; branch_id: string }[] = await ds.query(
    `SELECT v.id, v.branch_id FROM vaults v WHERE v.is_main AND v.type = 'cash' AND v.active
        AND NOT EXISTS (SELECT 1 FROM vault_movements m WHERE m.vault_id = v.id) ORDER BY v.created_at`,
  );
  for (const vault of mains)
    await runner.run(meta, async (tx) => {
      const moved = await moveVault(tx.m, {
        vaultId: vault.id,
        type: 'deposit',
        amount: OPENING_CASH,
        sourceType: 'opening',
        note: 'رصيد افتتاحي للخزينة (بيانات العرض)',
        userId: admin.id,
      });
      queuePosting(tx, {
        branchId: vault.branch_id,
        source: { type: 'opening', id: vault.id, number: null },
        description: 'رصيد افتتاحي للخزينة الرئيسية',
        createdBy: admin.id,
        lines: [
          { account: { id: moved.accountId }, debit: OPENING_CASH },
          { account: 'capital', credit: OPENING_CASH },
        ],
      });
    });

  const rand = generator(20261125);
  const today = Date.now();
  for (let v = 0; v < vendors.length; v++) {
    for (let k = 0; k < 4; k++) {
      const inventory = inventories[(v + k) % inventories.length];
      const picked = new Set<number>();
      while (picked.size < 3 + rand(3)) picked.add(rand(variants.length));
      const lines = [...picked].map((i) => {
        const base = Math.max(100, Number(variants[i].avg_cost));
        return {
          variantId: variants[i].id,
          quantity: 5 + rand(20),
          // a price a little above or below today's average
          unitCost: Math.round((base * (90 + rand(25))) / 100),
          discount: rand(4) === 0 ? 500 : 0,
        };
      });
      const day = new Date(today - (60 - k * 15 - v) * 86_400_000).toISOString().slice(0, 10);
      const gross = lines.reduce((s, l) => s + l.quantity * l.unitCost - l.discount, 0);
      const [vault] = await ds.query(
        `SELECT id, balance FROM vaults WHERE branch_id = $1 AND is_main AND type = 'cash' AND active`,
        [inventory.branch_id],
      );
      const half = Math.floor(gross / 2);
      const payment =
        k % 2 === 0 && vault && Number(vault.balance) >= half && half > 0
          ? { vaultId: vault.id as string, amount: half }
          : undefined;
      await save.execute(
        new SavePurchaseInvoiceCommand(
          {
            vendorId: vendors[v].id,
            inventoryId: inventory.id,
            vendorInvoiceNumber: `INV-${2400 + v * 10 + k}`,
            invoiceDate: day,
            lines,
            note: 'DEMO',
            post: true,
            payment,
          },
          user,
          meta,
        ),
      );
    }
  }
  // One draft still being typed.
  await save.execute(
    new SavePurchaseInvoiceCommand(
      {
        vendorId: vendors[0].id,
        inventoryId: inventories[0].id,
        vendorInvoiceNumber: 'INV-DRAFT',
        lines: variants.slice(0, 2).map((x) => ({
          variantId: x.id,
          quantity: 10,
          unitCost: Math.max(100, Number(x.avg_cost)),
        })),
        note: 'DEMO',
      },
      user,
      meta,
    ),
  );
}
