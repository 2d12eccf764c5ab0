import { DataSource, type EntityManager } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { appDataSource } from '../app-data-source';
import { postHistory } from '../modules/accounting';
import { BranchEntity, nextBranchCode, provisionBranch } from '../modules/branches';
import { RoleEntity, UserEntity, hashPassword } from '../modules/identity';
import { rebuildReportAggregates } from '../modules/reports';
import { StoreInfoEntity } from '../modules/settings';
import { seedDemoMoney } from './demo-money';
import { seedBase } from './first-start';
import { SEED_ROLES } from './roles';
import { ensureCatalogPropertyTypes, insertCatalog } from './catalog-seed';
import { seedDemoPurchaseOrders } from './purchase-orders-demo';
import { seedDemoExpenses } from './demo-expenses';
import { seedDemoCheques } from './cheques-demo';
import { seedDemoDebts } from './customer-debts-demo';
import { seedDemoDelivery, seedDemoReservations } from './reservations-delivery-demo';
import { seedDemoVendors } from './vendors-seed';
import { seedDemoPurchases } from './purchases-seed';
import { seedDemoInstallments } from './installments-demo';
import { seedDemoMaintenance } from './maintenance-demo';
import { seedDemoEta } from './eta-demo';
import { seedDemoEinvoices } from './einvoices-demo';
import { seedDemoDisplayImages } from './display-images-demo';

export const DEMO_PASSWORD = 'demo1234';

const BRANCHES = [
  {
    name: 'فرع وسط البلد',
    location: '12 شارع طلعت حرب، وسط البلد، القاهرة',
    phoneNumber: '0223901234',
    taxType: 'B' as const,
  },
  {
    name: 'فرع مدينة نصر',
    location: '45 شارع عباس العقاد، مدينة نصر، القاهرة',
    phoneNumber: '0222705678',
    taxType: 'B' as const,
  },
];

const USERS = [
  // Two delivery drivers (issue 18): users of the seeded driver role 'سائق'.
  {
    username: 'driver1',
    displayName: 'سامح المندوب',
    role: 'سائق',
    branch: 0,
    isAdmin: false,
    maxDiscountPercent: 0,
  },
  {
    username: 'driver2',
    displayName: 'كريم المندوب',
    role: 'سائق',
    branch: 0,
    isAdmin: false,
    maxDiscountPercent: 0,
  },
  {
    username: 'admin',
    displayName: 'مدير النظام',
    role: 'مدير النظام',
    branch: 0,
    isAdmin: true,
    maxDiscountPercent: 100,
  },
  {
    username: 'manager',
    displayName: 'أحمد مدير الفرع',
    role: 'مدير فرع',
    branch: 0,
    isAdmin: false,
    maxDiscountPercent: 30,
  },
  {
    username: 'cashier',
    displayName: 'منى الكاشير',
    role: 'كاشير',
    branch: 0,
    isAdmin: false,
    maxDiscountPercent: 5,
  },
  {
    username: 'storekeeper',
    displayName: 'محمود أمين المخزن',
    role: 'أمين مخزن',
    branch: 1,
    isAdmin: false,
    maxDiscountPercent: 0,
  },
  {
    username: 'accountant',
    displayName: 'سارة المحاسبة',
    role: 'محاسب',
    branch: 0,
    isAdmin: false,
    maxDiscountPercent: 0,
  },
];

/**
 * Demo data (idempotent): two branches, the seeded roles and one user per job, each with the
 * password demo1234. Later contexts append their demo data to `DEMO_STEPS`.
 */
export const DEMO_STEPS: ((ds: DataSource) => Promise<void>)[] = [
  // A few hundred Arabic products (clothes by size × colour, electronics, groceries...) with stock
  // in both branches, some at or below their low-stock threshold; the property types المقاس and
  // اللون with their values, linked to the products that have them (the variant grid works on them).
  // A database seeded by an earlier, smaller demo is topped up to DEMO_PRODUCTS (the generator is
  // deterministic: the products already there are recognised by their SKUs and skipped).
  async (ds) => {
    await ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(424243)');
      const skus = new Set<string>(
        (await m.query(`SELECT sku FROM variants WHERE sku LIKE 'DEMO-%'`)).map(
          (r: { sku: string }) => r.sku,
        ),
      );
      const [{ products }] = await m.query(
        `SELECT count(DISTINCT product_id)::int AS products FROM variants WHERE sku LIKE 'DEMO-%'`,
      );
      if (products < DEMO_PRODUCTS) {
        const inventories = await m.query(
          'SELECT id FROM inventories WHERE is_default ORDER BY created_at',
        );
        await insertCatalog(m, {
          products: DEMO_PRODUCTS,
          skipSkus: skus,
          inventoryIds: inventories.map((i: { id: string }) => i.id),
        });
      }
      await linkDemoPropertyTypes(m);
    });
  },
  // The books (issue 13): the stock's value and any history posted, so the trial balance is not
  // empty. The owner's capital in the bank and the rent are money through vaults (issue 30 item
  // 19: a manual entry on the banks' account 1102 left /Vault and the balance sheet 470,000.00
  // apart): the capital is a capital-in into the first branch's bank account (seed/demo-money.ts),
  // the rent an expense from its template (demo-expenses.ts).
  async (ds) => {
    await ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(424244)');
      await postHistory(m, { inventory: true });
    });
  },
  // Expense categories: a few top-level ones, two with children (idempotent by name).
  async (ds) => {
    const tree: [string, string[]][] = [
      ['مرافق', ['كهرباء', 'مياه', 'إنترنت']],
      ['رواتب', []],
      ['إيجار', []],
      ['صيانة', ['صيانة أجهزة']],
      ['نثريات', []],
    ];
    for (const [name, children] of tree) {
      await ds.query(
        `INSERT INTO expense_categories (id, name) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
        [uuidv7(), name],
      );
      for (const child of children) {
        await ds.query(
          `INSERT INTO expense_categories (id, name, parent_id) VALUES ($1, $2, (SELECT id FROM expense_categories WHERE name = $3)) ON CONFLICT (name) DO NOTHING`,
          [uuidv7(), child, name],
        );
      }
    }
  },
  // Vaults (issue 15): a bank account per branch and a month of money transactions.
  async (ds) => {
    await ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(424250)');
      const [accountant] = await m.query(`SELECT id FROM users WHERE username = 'accountant'`);
      await seedDemoMoney(m, accountant?.id ?? null);
      // Card and wallet receipts settle into the first branch's bank account (issue 30 item 6):
      // the payment methods screen names it, and the settlement form proposes it.
      await m.query(
        `UPDATE payment_methods SET settlement_vault_id = (
           SELECT v.id FROM vaults v JOIN branches b ON b.id = v.branch_id
            WHERE v.type = 'bank' AND v.active ORDER BY b.created_at, v.created_at LIMIT 1)
          WHERE type IN ('card', 'wallet') AND settlement_vault_id IS NULL`,
      );
    });
  },
  // Vendors (issue 14): five suppliers with opening balances and a few payments (vendors-seed.ts).
  async (ds) => {
    await ds.transaction((m) => seedDemoVendors(m));
  },
  // Purchase orders in every status, and through them a last vendor for some low items.
  (ds) => seedDemoPurchaseOrders(ds),
  // The customer display's idle slideshow (issue 35 item 3): three pictures on the first branch.
  (ds) => seedDemoDisplayImages(ds),
  // Expenses (issue 15): accounts for the categories, a month of expenses paid from each branch's
  // main vault, two monthly templates.
  seedDemoExpenses,
  // Cheques in every status, a bank account for them, two customers and a vendor (issue 15).
  seedDemoCheques,
  // Purchases (issue 14): posted invoices for the demo's vendors (five created when there are
  // none), partly paid from the branches' main vaults, and a draft (seed/purchases-seed.ts).
  async (ds) => {
    await seedDemoPurchases(ds);
  },
  // Customer debts (issue 16 item 1): credit sales of the last four months in both branches, in
  // every aging bucket, some partly paid today into the main vault (seed/customer-debts-demo.ts).
  seedDemoDebts,
  // Installments (issue 16): 18 appliance sales on installments and 20 plans in every state —
  // active, due today, overdue with late fees, settled, rescheduled (seed/installments-demo.ts).
  seedDemoInstallments,
  // Repair tickets (issue 18 item 1): one in every status in the first branch, deposits, parts and
  // bills through the real commands, and a ticket back under warranty (seed/maintenance-demo.ts).
  seedDemoMaintenance,
  // Reservations (active and expired) and delivery orders in several states with two drivers
  // (issue 18; seed/reservations-delivery-demo.ts).
  seedDemoReservations,
  seedDemoDelivery,
  // E-receipts (issue 17), with the local ETA simulator only (ETA_ENV=sim): company info, the first
  // branch's POS registered and on, its latest sales' receipts — valid but one invalid.
  seedDemoEta,
  // E-invoices (issue 17 item 4): a valid invoice, its credit note and an invalid one with ETA's
  // message (seed/einvoices-demo.ts).
  seedDemoEinvoices,
];

/** How many demo products `npm run demo` makes (≈ 800 variants: clothes and shoes come in sizes × colours). */
export const DEMO_PRODUCTS = 300;

/** Demo products seeded before the property types existed get them from their variants' properties. */
async function linkDemoPropertyTypes(m: EntityManager): Promise<void> {
  const types = await ensureCatalogPropertyTypes(m);
  await m.query(
    `UPDATE products p SET property_type_ids = l.ids
       FROM (SELECT v.product_id, array_agg(pt.id ORDER BY array_position($1::text[], pt.name)) AS ids
               FROM (SELECT DISTINCT ON (product_id) product_id, properties FROM variants WHERE sku LIKE 'DEMO-%' ORDER BY product_id, sku) v
               CROSS JOIN LATERAL jsonb_object_keys(v.properties) AS k(name)
               JOIN property_types pt ON pt.name = k.name
              GROUP BY v.product_id) l
      WHERE p.id = l.product_id AND p.property_type_ids = '{}'`,
    [[...types.keys()]],
  );
}

export async function seedDemo(url: string): Promise<void> {
  const ds = appDataSource(url);
  await ds.initialize();
  try {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(424242)');
      await seedBase(m);
      for (const role of SEED_ROLES) {
        await m.update(RoleEntity, { name: role.name }, { permissions: role.permissions });
      }
      const branches: BranchEntity[] = [];
      const existing = await m.find(BranchEntity, { order: { createdAt: 'ASC' } });
      for (const [i, data] of BRANCHES.entries()) {
        let branch = existing.find((b) => b.name === data.name);
        // The first-start branch becomes the first demo branch instead of a third one.
        if (!branch && i === 0) branch = existing.find((b) => b.name === 'الفرع الرئيسي');
        if (branch) {
          await m.update(BranchEntity, { id: branch.id }, data);
        } else {
          branch = m.create(BranchEntity, { id: uuidv7(), ...data, code: await nextBranchCode(m) });
          await m.insert(BranchEntity, branch);
        }
        await provisionBranch(m, branch.id);
        branches.push(branch);
      }
      const store = await m.findOne(StoreInfoEntity, { where: {} });
      if (store && !store.phoneNumber) {
        await m.update(
          StoreInfoEntity,
          { id: store.id },
          {
            phoneNumber: '0223900000',
            address: 'القاهرة، مصر',
            recepitInfo: 'شكرًا لزيارتكم — الاستبدال خلال 14 يومًا بالفاتورة',
            maintenanceReceiptInfo: 'الأجهزة التي لا تُستلم خلال 60 يومًا لا نتحمل مسؤوليتها',
          },
        );
      }
      for (const u of USERS) {
        const role = await m.findOneByOrFail(RoleEntity, { name: u.role });
        const data = {
          displayName: u.displayName,
          roleId: role.id,
          branchId: branches[u.branch].id,
          isAdmin: u.isAdmin,
          active: true,
          maxDiscountPercent: u.maxDiscountPercent,
          passwordHash,
          // The demo's passwords are known ones, not a generated first-start password.
          mustChangePassword: false,
        };
        const found = await m.findOneBy(UserEntity, { username: u.username });
        if (found) await m.update(UserEntity, { id: found.id }, data);
        else
          await m.insert(UserEntity, { id: uuidv7(), username: u.username, screens: [], ...data });
      }
    });
    for (const step of DEMO_STEPS) await step(ds);
    // Some demo history is written as past documents (not through the sale commands): the report
    // aggregates are recomputed from the lines once the demo is in.
    await rebuildReportAggregates(ds);
  } finally {
    await ds.destroy();
  }
}
