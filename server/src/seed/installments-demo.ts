import type { DataSource } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { dueDateAt, normalizeArabic, type InstallmentPeriod } from '@pos/contracts';
import { CustomerPostJournalHandler } from '../modules/customers';
import {
  CollectInstallmentCommand,
  CollectInstallmentHandler,
  CreateInstallmentPlanCommand,
  CreateInstallmentPlanHandler,
  InstallmentPostJournalHandler,
  MarkOverdueInstallmentsCommand,
  MarkOverdueInstallmentsHandler,
  RescheduleInstallmentPlanCommand,
  RescheduleInstallmentPlanHandler,
  SettleInstallmentPlanCommand,
  SettleInstallmentPlanHandler,
} from '../modules/installments';
import { StockLedger } from '../modules/inventory';
import { PricingQueries, SaleCoupons } from '../modules/pricing';
import {
  CreateSaleCommand,
  CreateSaleHandler,
  SalePostJournalHandler,
  SaleWriter,
} from '../modules/sales';
import {
  CloseShiftCommand,
  CloseShiftHandler,
  OpenShiftCommand,
  OpenShiftHandler,
  ShiftsService,
  TallyShiftSalesHandler,
  ShiftPostJournalHandler,
} from '../modules/shifts';
import { LoyaltyPostJournalHandler } from '../modules/loyalty';
import { demoMeta, demoRunner, demoAdmin } from './demo-runner';

/** The register the demo's installment sales are rung up on (a shift opened and closed here). */
const DEMO_REGISTER = 97;
const NOTE = 'DEMO-INSTALLMENTS';

/** Valid Egyptian national IDs (century, birth date, governorate, serial, check digit). */
const IDS = [
  '28503120101234',
  '29007250201457',
  '27811031201678',
  '29502141301891',
  '28806302101113',
  '29112051401335',
  '28009091601557',
  '29704221701779',
  '28401172101991',
  '29310282201213',
  '28602062401435',
  '29908112501657',
  '28112232601879',
  '29405042701091',
  '28707152801313',
  '29201263101535',
  '27905073301757',
  '29606183401979',
];

const CUSTOMERS = [
  'محمد عبد الله السيد',
  'أحمد محمود حسن',
  'فاطمة علي إبراهيم',
  'مصطفى كمال عثمان',
  'هبة سعيد عبد الحميد',
  'ياسر فتحي منصور',
  'نادية حسين شاكر',
  'عمرو جمال الدين',
  'سلمى رضا عبد العزيز',
  'خالد إبراهيم النجار',
  'منى عادل فؤاد',
  'طارق سامي البنا',
  'إيمان محمد الشريف',
  'حسام الدين عبد الفتاح',
  'ريهام أشرف لطفي',
  'وليد مجدي عوض',
  'دينا صلاح الدين',
  'شريف أنور زكي',
];

const GUARANTORS = [
  { name: 'عبد الرحمن السيد', address: 'شارع الجمهورية، المنصورة' },
  { name: 'سامح عبد الله', address: 'شارع البحر، طنطا' },
  { name: 'مروة حسن', address: 'شارع فيصل، الجيزة' },
];

type Scenario = {
  count: number;
  period: InstallmentPeriod;
  /** first due date, days from today (negative: in the past) */
  firstDue: number;
  /** instead: the first due date this many months before today (so #k+1 falls due today) */
  monthsAgo?: number;
  rateBp: number;
  fee: number;
  /** share of the total paid down by card, in percent */
  downPercent: number;
  /** installments collected (oldest first), or 'settle' / 'reschedule' */
  then?: number | 'settle' | 'reschedule' | 'partial';
};

/**
 * 18 sales on installments: active plans not yet due, plans with an installment due today,
 * overdue plans with late fees, settled ones (collected in full, settled early), two rescheduled
 * (each with its child plan: 20 plans in all) and a partly paid one.
 */
const SCENARIOS: Scenario[] = [
  { count: 12, period: 'monthly', firstDue: 12, rateBp: 250, fee: 5000, downPercent: 20 },
  { count: 6, period: 'monthly', firstDue: 20, rateBp: 0, fee: 0, downPercent: 30 },
  { count: 24, period: 'monthly', firstDue: 5, rateBp: 200, fee: 10000, downPercent: 10 },
  { count: 10, period: 'weekly', firstDue: 3, rateBp: 300, fee: 0, downPercent: 25 },
  { count: 18, period: 'monthly', firstDue: 25, rateBp: 150, fee: 5000, downPercent: 15 },
  { count: 12, period: 'monthly', firstDue: 0, rateBp: 250, fee: 5000, downPercent: 20 },
  { count: 6, period: 'monthly', firstDue: 0, rateBp: 0, fee: 2500, downPercent: 30 },
  {
    count: 12,
    period: 'monthly',
    firstDue: 0,
    monthsAgo: 1,
    rateBp: 200,
    fee: 0,
    downPercent: 20,
    then: 1,
  },
  { count: 8, period: 'weekly', firstDue: -7, rateBp: 250, fee: 0, downPercent: 25, then: 1 },
  { count: 12, period: 'monthly', firstDue: -40, rateBp: 250, fee: 5000, downPercent: 20 },
  { count: 9, period: 'monthly', firstDue: -70, rateBp: 200, fee: 0, downPercent: 20, then: 1 },
  {
    count: 6,
    period: 'monthly',
    firstDue: -45,
    rateBp: 0,
    fee: 0,
    downPercent: 30,
    then: 'partial',
  },
  { count: 10, period: 'weekly', firstDue: -20, rateBp: 300, fee: 0, downPercent: 10 },
  { count: 3, period: 'monthly', firstDue: -80, rateBp: 0, fee: 0, downPercent: 40, then: 3 },
  {
    count: 12,
    period: 'monthly',
    firstDue: 10,
    rateBp: 250,
    fee: 5000,
    downPercent: 20,
    then: 'settle',
  },
  {
    count: 12,
    period: 'monthly',
    firstDue: -50,
    rateBp: 250,
    fee: 0,
    downPercent: 20,
    then: 'reschedule',
  },
  {
    count: 6,
    period: 'monthly',
    firstDue: -35,
    rateBp: 100,
    fee: 0,
    downPercent: 25,
    then: 'reschedule',
  },
  {
    count: 6,
    period: 'monthly',
    firstDue: 15,
    rateBp: 0,
    fee: 0,
    downPercent: 20,
    then: 'partial',
  },
];

/** A small deterministic generator: the demo is the same on every machine. */
function generator(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

/**
 * Demo installments (issue 16 item 6): 18 customers each buying an appliance on installments in
 * the first branch — rung up on the demo register by the real sale command (down payment by
 * card, the rest on the customer), a plan per sale with a guarantor, collections into the main
 * vault, one early settlement, two reschedules and the morning scan with the store's late fee
 * (20 EGP a started month after 3 days, set when the store has no rule yet): 20 plans in every
 * state, some due today, some overdue. All through the real commands. Idempotent.
 */
export async function seedDemoInstallments(ds: DataSource): Promise<void> {
  const [done] = await ds.query(`SELECT 1 FROM installment_plans WHERE note = $1 LIMIT 1`, [NOTE]);
  if (done) return;
  const [admin] = await ds.query(
    `SELECT id, username, display_name, branch_id FROM users WHERE username = 'admin'`,
  );
  if (!admin?.branch_id) return;
  const branchId: string = admin.branch_id;
  const [inventory] = await ds.query(
    'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
    [branchId],
  );
  const [vault] = await ds.query(
    `SELECT id FROM vaults WHERE branch_id = $1 AND is_main AND type = 'cash' AND active`,
    [branchId],
  );
  const [card] = await ds.query(
    `SELECT id FROM payment_methods WHERE type = 'card' AND active ORDER BY sort_order LIMIT 1`,
  );
  const goods: { id: string; price: string }[] = inventory
    ? await ds.query(
        `SELECT v.id, v.sell_price AS price FROM variants v
           JOIN stock_levels s ON s.variant_id = v.id AND s.inventory_id = $1
          WHERE v.sku LIKE 'DEMO-%' AND v.active AND s.on_hand >= 2
            AND v.sell_price BETWEEN 300000 AND 4000000
          ORDER BY v.sell_price DESC, v.sku LIMIT 18`,
        [inventory.id],
      )
    : [];
  if (!inventory || !vault || !card || goods.length === 0) return;

  const user = demoAdmin(admin, branchId, [
    'can_grant_credit',
    'can_see_installments',
    'can_see_branches',
  ]);
  const meta = demoMeta(admin.id, 'demo seed');
  const runner = demoRunner(
    ds,
    SalePostJournalHandler,
    ShiftPostJournalHandler,
    CustomerPostJournalHandler,
    TallyShiftSalesHandler,
    InstallmentPostJournalHandler,
    LoyaltyPostJournalHandler,
  );
  const shifts = new ShiftsService(ds);
  const sell = new CreateSaleHandler(
    runner,
    new SaleWriter(new StockLedger(), new PricingQueries(ds), new SaleCoupons()),
  );
  const createPlan = new CreateInstallmentPlanHandler(runner);
  const collect = new CollectInstallmentHandler(runner);
  const settle = new SettleInstallmentPlanHandler(runner);
  const reschedule = new RescheduleInstallmentPlanHandler(runner);
  const scan = new MarkOverdueInstallmentsHandler(runner);

  // The store's late-fee and early-settlement rules, unless the store has its own already.
  await ds.query(
    `UPDATE store_settings SET installments = $1 WHERE id = 1 AND installments IS NULL`,
    [
      JSON.stringify({
        lateFee: { kind: 'fixed', value: 2000, graceDays: 3 },
        earlySettlementDiscountBp: 5000,
      }),
    ],
  );
  const [{ today }] = await ds.query(
    `SELECT (now() AT TIME ZONE COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), 'Africa/Cairo'))::date::text AS today`,
  );
  const day = (offset: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };

  const shift = await new OpenShiftHandler(runner).execute(
    new OpenShiftCommand({ openingCash: 0, register: DEMO_REGISTER }, user, meta),
  );
  const rand = generator(20261126);
  const plans: { id: string; scenario: Scenario }[] = [];
  try {
    for (const [i, scenario] of SCENARIOS.entries()) {
      const name = CUSTOMERS[i];
      const phone = `010${String(10_000_000 + i * 731_257).slice(0, 8)}`;
      const customerId = uuidv7();
      await ds.query(
        `INSERT INTO customers (id, name, phone, address, search_text) VALUES ($1, $2, $3, $4, $5)`,
        [customerId, name, phone, GUARANTORS[i % 3].address, normalizeArabic(`${name} ${phone}`)],
      );
      const item = goods[i % goods.length];
      const total = Number(item.price);
      const down = Math.round((total * scenario.downPercent) / 100 / 100) * 100;
      const saleId = uuidv7();
      await sell.execute(
        new CreateSaleCommand(
          {
            id: saleId,
            customerId,
            lines: [{ variantId: item.id, quantity: 1 }],
            payments: down > 0 ? [{ methodId: card.id, amount: down }] : [],
            note: 'بيع بالتقسيط (بيانات العرض)',
          } as never,
          user,
          meta,
        ),
      );
      const guarantor = GUARANTORS[(i + 1) % 3];
      const planId = uuidv7();
      await createPlan.execute(
        new CreateInstallmentPlanCommand(
          {
            id: planId,
            saleId,
            count: scenario.count,
            period: scenario.period,
            firstDueDate: scenario.monthsAgo
              ? dueDateAt(today, -scenario.monthsAgo, 'monthly')
              : day(scenario.firstDue),
            monthlyRateBp: scenario.rateBp,
            fee: scenario.fee,
            nationalId: IDS[i],
            guarantors: [
              {
                ...guarantor,
                nationalId: IDS[(i + 7) % IDS.length],
                phone: `011${String(20_000_000 + i * 517_331 + rand(1000)).slice(0, 8)}`,
              },
            ],
            note: NOTE,
          },
          user,
          meta,
        ),
      );
      plans.push({ id: planId, scenario });
    }
  } finally {
    await new CloseShiftHandler(runner, shifts).execute(
      new CloseShiftCommand(shift.shiftId, { countedCash: 0 } as never, user, meta),
    );
  }

  const installments = async (planId: string) =>
    (await ds.query(
      `SELECT id, amount::bigint AS amount FROM installments WHERE plan_id = $1 ORDER BY seq`,
      [planId],
    )) as { id: string; amount: string }[];
  for (const { id, scenario } of plans) {
    const rows = await installments(id);
    if (typeof scenario.then === 'number') {
      const paid = rows.slice(0, scenario.then);
      await collect.execute(
        new CollectInstallmentCommand(
          id,
          {
            id: uuidv7(),
            amount: paid.reduce((s, r) => s + Number(r.amount), 0),
            vaultId: vault.id,
            installmentIds: paid.map((r) => r.id),
          },
          user,
          meta,
        ),
      );
    } else if (scenario.then === 'partial') {
      await collect.execute(
        new CollectInstallmentCommand(
          id,
          {
            id: uuidv7(),
            amount: Math.floor(Number(rows[0].amount) / 200) * 100,
            vaultId: vault.id,
          },
          user,
          meta,
        ),
      );
    } else if (scenario.then === 'settle') {
      await settle.execute(
        new SettleInstallmentPlanCommand(id, { id: uuidv7(), vaultId: vault.id }, user, meta),
      );
    }
  }
  // The morning scan: overdue installments and their late fees, as the job would have done.
  await scan.execute(new MarkOverdueInstallmentsCommand(today, meta));
  // Two late plans rescheduled into new plans (the old ones kept as history).
  for (const { id, scenario } of plans.filter((p) => p.scenario.then === 'reschedule'))
    await reschedule.execute(
      new RescheduleInstallmentPlanCommand(
        id,
        {
          id: uuidv7(),
          count: scenario.count + 6,
          period: 'monthly',
          firstDueDate: dueDateAt(today, 1, 'monthly'),
          monthlyRateBp: 100,
          fee: 2500,
          note: NOTE,
        },
        user,
        meta,
      ),
    );
}
