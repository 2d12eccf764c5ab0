import { includedVat, normalizeArabic } from '@pos/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { postHistory } from '../modules/accounting';
import {
  CustomerPostJournalHandler,
  ReceiveCustomerPaymentCommand,
  ReceiveCustomerPaymentHandler,
} from '../modules/customers';
import { SalePostJournalHandler } from '../modules/sales';
import { recomputeShiftTalliesSql, ShiftPostJournalHandler } from '../modules/shifts';
import { demoMeta, demoRunner, demoAdmin } from './demo-runner';

/** The demo's credit sales carry this request hash: the step runs once. */
const MARK = 'seed:debts';
/** The back-office register the demo's sales on account were made at (a closed shift each). */
const REGISTER = 90;

type Debt = {
  /** 0: the first branch, 1: the second (when there is one) */
  branch: number;
  daysAgo: number;
  /** pieces of the n-th demo variant picked */
  variant: number;
  quantity: number;
};
type Spec = {
  name: string;
  phone: string;
  creditLimit: number;
  paymentTermsDays?: number;
  debts: Debt[];
  /** paid today into the branch's main vault, piasters (settles the oldest debts first) */
  paid?: number;
};

/** Customers on account in every aging bucket, some partly paid, one shared by both branches. */
const CUSTOMERS: Spec[] = [
  {
    name: 'أحمد السيد عبد الله',
    phone: '01001234567',
    creditLimit: 2_000_000,
    debts: [
      { branch: 0, daysAgo: 8, variant: 0, quantity: 2 },
      { branch: 0, daysAgo: 22, variant: 1, quantity: 1 },
    ],
  },
  {
    name: 'منى إبراهيم حسن',
    phone: '01112345678',
    creditLimit: 3_000_000,
    debts: [
      { branch: 0, daysAgo: 40, variant: 2, quantity: 3 },
      { branch: 1, daysAgo: 12, variant: 3, quantity: 1 },
    ],
    paid: 20_000,
  },
  {
    name: 'محمد عبد العزيز فهمي',
    phone: '01223456789',
    creditLimit: 5_000_000,
    debts: [
      { branch: 0, daysAgo: 75, variant: 4, quantity: 2 },
      { branch: 0, daysAgo: 50, variant: 5, quantity: 2 },
      { branch: 1, daysAgo: 5, variant: 6, quantity: 1 },
    ],
    paid: 30_000,
  },
  {
    name: 'سارة محمود علي',
    phone: '01534567890',
    creditLimit: 1_500_000,
    paymentTermsDays: 60,
    debts: [{ branch: 1, daysAgo: 55, variant: 7, quantity: 2 }],
  },
  {
    name: 'شركة النور للمقاولات',
    phone: '0225551234',
    creditLimit: 10_000_000,
    paymentTermsDays: 45,
    debts: [
      { branch: 0, daysAgo: 120, variant: 8, quantity: 4 },
      { branch: 0, daysAgo: 95, variant: 9, quantity: 3 },
      { branch: 1, daysAgo: 65, variant: 10, quantity: 5 },
      { branch: 0, daysAgo: 15, variant: 11, quantity: 2 },
    ],
    paid: 50_000,
  },
  {
    name: 'خالد مصطفى يوسف',
    phone: '01098765432',
    creditLimit: 1_000_000,
    debts: [{ branch: 0, daysAgo: 100, variant: 12, quantity: 1 }],
  },
  {
    name: 'هدى صلاح الدين',
    phone: '01187654321',
    creditLimit: 2_500_000,
    debts: [
      { branch: 1, daysAgo: 33, variant: 13, quantity: 2 },
      { branch: 1, daysAgo: 2, variant: 14, quantity: 1 },
    ],
  },
  {
    name: 'مؤسسة الفجر التجارية',
    phone: '0235559876',
    creditLimit: 8_000_000,
    paymentTermsDays: 90,
    debts: [
      { branch: 0, daysAgo: 85, variant: 15, quantity: 3 },
      { branch: 1, daysAgo: 28, variant: 16, quantity: 2 },
    ],
    paid: 40_000,
  },
];

/**
 * Demo customer debts (issue 16 item 1): eight customers with sales on account spread over the last
 * four months in both branches (so /Customers/Debts shows every bucket and the reminder list is not
 * empty), and some payments on account taken today into the branch's main vault through the real
 * command. The past sales are written like the sales history (`sales-history.ts`): an invoice on
 * credit with its lines, the customer's ledger row and the stock's sale movement, all dated then;
 * `postHistory` posts them to the books. Idempotent: nothing is added once a demo debt exists.
 */
export async function seedDemoDebts(ds: DataSource): Promise<void> {
  const [done] = await ds.query(`SELECT 1 FROM sales_invoices WHERE request_hash = $1 LIMIT 1`, [
    MARK,
  ]);
  if (done) return;
  const branches: { id: string; code: string; inventory_id: string }[] = await ds.query(
    `SELECT b.id, b.code, i.id AS inventory_id FROM branches b
       JOIN inventories i ON i.branch_id = b.id AND i.is_default ORDER BY b.created_at LIMIT 2`,
  );
  type DemoVariant = { id: string; sell_price: string; avg_cost: string; vat_rate: number };
  // The sales are written as history (backdated, without the sale command's stock check): each
  // branch sells only what its inventory holds, so no stock goes below zero.
  const stocked = new Map<string, (DemoVariant & { left: number })[]>();
  for (const b of branches)
    stocked.set(
      b.id,
      (
        await ds.query(
          `SELECT v.id, v.sell_price, v.avg_cost, p.vat_rate, s.on_hand::float8 AS on_hand
             FROM variants v JOIN products p ON p.id = v.product_id
             JOIN stock_levels s ON s.variant_id = v.id AND s.inventory_id = $1
            WHERE v.sku LIKE 'DEMO-%' AND v.active AND p.active AND v.sell_price BETWEEN 5000 AND 300000
              AND s.on_hand - s.reserved >= 5
            ORDER BY v.sku LIMIT 20`,
          [b.inventory_id],
        )
      ).map((r: DemoVariant & { on_hand: number }) => ({ ...r, left: Math.floor(r.on_hand) - 2 })),
    );
  /** the n-th stocked variant of the branch that still has `quantity` to sell */
  const pick = (branchId: string, n: number, quantity: number): DemoVariant | null => {
    const list = stocked.get(branchId) ?? [];
    for (let k = 0; k < list.length; k++) {
      const v = list[(n + k) % list.length];
      if (v.left >= quantity) {
        v.left -= quantity;
        return v;
      }
    }
    return null;
  };
  const [admin] = await ds.query(
    `SELECT id, username, display_name, branch_id FROM users WHERE username = 'admin'`,
  );
  if (!branches.length || (stocked.get(branches[0].id) ?? []).length < 5 || !admin) return;
  const [{ tz }] = await ds.query(
    `SELECT COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), 'Africa/Cairo') AS tz`,
  );

  const ids = new Map<string, string>();
  await ds.transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock(424260)');
    let serial = 0;
    for (const spec of CUSTOMERS) {
      const customerId = await findOrCreate(m, spec);
      ids.set(spec.name, customerId);
      for (const debt of spec.debts) {
        const branch = branches[Math.min(debt.branch, branches.length - 1)];
        const v = pick(branch.id, debt.variant, debt.quantity);
        if (!v) continue;
        const [cashier] = await m.query(
          `SELECT id FROM users WHERE branch_id = $1 AND active ORDER BY username = 'admin', created_at LIMIT 1`,
          [branch.id],
        );
        await creditSale(m, {
          number: `${branch.code}-AJ-${String(++serial).padStart(6, '0')}`,
          branch,
          cashierId: cashier?.id ?? admin.id,
          customerId,
          variant: v,
          quantity: debt.quantity,
          // noon, store time, of the day `daysAgo` days before today
          at: `(((now() AT TIME ZONE '${tz}')::date - ${debt.daysAgo}) + time '12:00') AT TIME ZONE '${tz}'`,
        });
      }
    }
    await postHistory(m, { inventory: true });
  });

  // Payments on account today, into the branch's main vault, through the real command and the
  // books' subscriber (outside the HTTP app).
  const runner = demoRunner(
    ds,
    SalePostJournalHandler,
    ShiftPostJournalHandler,
    CustomerPostJournalHandler,
  );
  const receive = new ReceiveCustomerPaymentHandler(runner);
  const meta = demoMeta(admin.id, 'demo seed');
  const [vault] = await ds.query(
    `SELECT id FROM vaults WHERE branch_id = $1 AND is_main AND type = 'cash' AND active`,
    [branches[0].id],
  );
  if (!vault) return;
  const user = demoAdmin(admin, branches[0].id, ['can_see_customers', 'can_see_totals']);
  for (const spec of CUSTOMERS)
    if (spec.paid)
      await receive.execute(
        new ReceiveCustomerPaymentCommand(
          ids.get(spec.name)!,
          { id: uuidv7(), amount: spec.paid, vaultId: vault.id, note: 'دفعة على الحساب' },
          user,
          meta,
        ),
      );
}

async function findOrCreate(m: EntityManager, spec: Spec): Promise<string> {
  const [found] = await m.query('SELECT id FROM customers WHERE name = $1', [spec.name]);
  if (found) return found.id;
  const id = uuidv7();
  await m.query(
    `INSERT INTO customers (id, name, phone, credit_limit, payment_terms_days, search_text) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      id,
      spec.name,
      spec.phone,
      spec.creditLimit,
      spec.paymentTermsDays ?? null,
      normalizeArabic(`${spec.name} ${spec.phone}`),
    ],
  );
  return id;
}

/** One invoice wholly on account: the invoice, its line, the ledger row and the stock movement. */
async function creditSale(
  m: EntityManager,
  s: {
    number: string;
    branch: { id: string; inventory_id: string };
    cashierId: string;
    customerId: string;
    variant: { id: string; sell_price: string; avg_cost: string; vat_rate: number };
    quantity: number;
    at: string;
  },
): Promise<void> {
  const price = Number(s.variant.sell_price);
  const total = price * s.quantity;
  const vat = includedVat(total, s.variant.vat_rate);
  const cost = Number(s.variant.avg_cost) * s.quantity;
  const id = uuidv7();
  // The day's shift at the back-office register (closed; no cash moved: the sale is on account).
  const shiftId = uuidv7();
  await m.query(
    `INSERT INTO shifts (id, branch_id, register, cashier_id, status, opened_at, closed_at, opening_cash, counted_cash, expected_cash, difference)
     VALUES ($1, $2, $3, $4, 'closed', ${s.at} - interval '3 hours', ${s.at} + interval '8 hours', 0, 0, 0, 0)`,
    [shiftId, s.branch.id, REGISTER, s.cashierId],
  );
  await m.query(
    `INSERT INTO sales_invoices (id, number, branch_id, inventory_id, shift_id, register, cashier_id, customer_id, status, subtotal, line_discount_total,
       invoice_discount, vat_total, total, cost_total, paid_total, change_due, due_amount, request_hash, created_at)
     VALUES ($1, $2, $3, $4, $11, $12, $5, $6, 'completed', $7, 0, 0, $8, $7, $9, 0, 0, $7, $10, ${s.at})`,
    [
      id,
      s.number,
      s.branch.id,
      s.branch.inventory_id,
      s.cashierId,
      s.customerId,
      total,
      vat,
      cost,
      MARK,
      shiftId,
      REGISTER,
    ],
  );
  await m.query(
    `INSERT INTO sale_lines (id, invoice_id, line_no, variant_id, quantity, list_price, unit_price, discount, invoice_discount_share,
       vat_rate, vat_amount, line_total, unit_cost)
     VALUES ($1, $2, 1, $3, $4, $5, $5, 0, 0, $6, $7, $8, $9)`,
    [
      uuidv7(),
      id,
      s.variant.id,
      s.quantity,
      price,
      s.variant.vat_rate,
      vat,
      total,
      s.variant.avg_cost,
    ],
  );
  const [[customer]] = await m.query(
    'UPDATE customers SET balance = balance + $2, updated_at = now() WHERE id = $1 RETURNING balance',
    [s.customerId, total],
  );
  await m.query(
    `INSERT INTO customer_ledger (id, customer_id, type, amount, balance_after, reference_type, reference_id, shift_id, user_id, at)
     VALUES ($1, $2, 'sale', $3, $4, 'sale', $5, $6, $7, ${s.at})`,
    [uuidv7(), s.customerId, total, customer.balance, id, shiftId, s.cashierId],
  );
  await m.query(recomputeShiftTalliesSql('s.id = $1'), [shiftId]);
  const [level] = await m.query(
    `INSERT INTO stock_levels (variant_id, inventory_id, on_hand) VALUES ($1, $2, -$3::numeric)
     ON CONFLICT (variant_id, inventory_id) DO UPDATE SET on_hand = stock_levels.on_hand - $3::numeric
     RETURNING on_hand`,
    [s.variant.id, s.branch.inventory_id, s.quantity],
  );
  await m.query(
    `INSERT INTO stock_movements (id, variant_id, inventory_id, quantity, balance_after, reason, reference_type, reference_id, unit_cost, user_id, at)
     VALUES ($1, $2, $3, -$4::numeric, $5, 'sale', 'sale', $6, $7, $8, ${s.at})`,
    [
      uuidv7(),
      s.variant.id,
      s.branch.inventory_id,
      s.quantity,
      level.on_hand,
      id,
      s.variant.avg_cost,
      s.cashierId,
    ],
  );
}
