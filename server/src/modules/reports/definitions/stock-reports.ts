import { STOCK_REASONS, type Locale } from '@pos/contracts';
import type { ReportContext, ReportDefinition } from '../registry/report-definition';
import { branchIs, inCategory, inDays, localName } from './report-sql';
import { BUY_SUM, cols, SUM } from './report-columns';

// The stock, tax, expense and balance reports (issue 19 item 1, part B) of /api/Reports/{key},
// registered with the sales reports (they lived in the statistics module until issue 31).
// Stock figures read the balances (stock_levels) and the ledger (stock_movements, by its
// (variant, inventory, at) index); sales figures read the report aggregates; expenses, purchases
// and balances read their own small tables. Amounts are integer piasters; prices include VAT.

/** Headings of the exported workbooks (the same words as the client's `statistics` strings). */
const LABELS: Record<Locale, Record<string, string>> = {
  ar: {
    inventory: 'المخزن',
    branch: 'الفرع',
    variants: 'الأصناف',
    quantity: 'الكمية',
    cost_value: 'القيمة بالتكلفة',
    price_value: 'القيمة بسعر البيع',
    expected_margin: 'الربح المتوقع',
    at: 'الوقت',
    reason: 'الحركة',
    reference: 'المرجع',
    quantity_in: 'وارد',
    quantity_out: 'صادر',
    balance_after: 'الرصيد بعدها',
    unit_cost: 'تكلفة الوحدة',
    user: 'المستخدم',
    product: 'الصنف',
    sku: 'الكود',
    last_sale: 'آخر بيع',
    days_without_sale: 'أيام بلا بيع',
    month: 'الشهر',
    sales_base: 'المبيعات قبل الضريبة',
    output_vat: 'ضريبة المخرجات',
    purchases_base: 'المشتريات قبل الضريبة',
    purchases_vat: 'ضريبة المشتريات',
    expenses_vat: 'ضريبة المصروفات',
    input_vat: 'ضريبة المدخلات',
    net_vat: 'الضريبة المستحقة',
    category: 'البند',
    expenses: 'عدد المصروفات',
    amount: 'المبلغ',
    vat: 'الضريبة',
    total: 'الإجمالي',
    share: 'النسبة %',
    party: 'النوع',
    name: 'الاسم',
    phone: 'الهاتف',
    balance: 'الرصيد',
    credit_limit: 'حد الائتمان',
    liability: 'الالتزام',
    holders: 'أصحاب الأرصدة',
    issued: 'المُصدَر',
    used: 'المستخدَم',
    outstanding: 'الرصيد القائم',
    points: 'النقاط',
    lot: 'التشغيلة',
    expiry_date: 'تاريخ الانتهاء',
    days_left: 'أيام حتى الانتهاء',
    InventoryValuation: 'تقييم المخزون',
    StockByBatch: 'المخزون حسب التشغيلة والصلاحية',
    StockMovement: 'حركة صنف',
    DeadStock: 'الأصناف الراكدة',
    Vat: 'تقرير ضريبة القيمة المضافة',
    ExpensesByCategory: 'المصروفات حسب البند',
    Balances: 'أرصدة العملاء والموردين',
    Liabilities: 'الالتزامات القائمة (بطاقات الهدايا والرصيد الدائن ونقاط الولاء)',
  },
  en: {
    inventory: 'Inventory',
    branch: 'Branch',
    variants: 'Items',
    quantity: 'Quantity',
    cost_value: 'Value at cost',
    price_value: 'Value at price',
    expected_margin: 'Expected margin',
    at: 'Time',
    reason: 'Movement',
    reference: 'Reference',
    quantity_in: 'In',
    quantity_out: 'Out',
    balance_after: 'Balance after',
    unit_cost: 'Unit cost',
    user: 'User',
    product: 'Item',
    sku: 'SKU',
    last_sale: 'Last sale',
    days_without_sale: 'Days without sale',
    month: 'Month',
    sales_base: 'Sales before VAT',
    output_vat: 'Output VAT',
    purchases_base: 'Purchases before VAT',
    purchases_vat: 'VAT on purchases',
    expenses_vat: 'VAT on expenses',
    input_vat: 'Input VAT',
    net_vat: 'VAT due',
    category: 'Category',
    expenses: 'Expenses',
    amount: 'Amount',
    vat: 'VAT',
    total: 'Total',
    share: 'Share %',
    party: 'Type',
    name: 'Name',
    phone: 'Phone',
    balance: 'Balance',
    credit_limit: 'Credit limit',
    liability: 'Liability',
    holders: 'Holders',
    issued: 'Issued',
    used: 'Used',
    outstanding: 'Outstanding',
    points: 'Points',
    lot: 'Lot',
    expiry_date: 'Expiry date',
    days_left: 'Days to expiry',
    InventoryValuation: 'Inventory valuation',
    StockByBatch: 'Stock by lot and expiry',
    StockMovement: 'Stock movement of an item',
    DeadStock: 'Dead stock',
    Vat: 'VAT report',
    ExpensesByCategory: 'Expenses by category',
    Balances: 'Customer and vendor balances',
    Liabilities: 'Outstanding liabilities (gift cards, store credit, loyalty points)',
  },
};

const REASONS_AR: Record<string, string> = {
  opening: 'رصيد افتتاحي',
  adjustment: 'تسوية',
  sale: 'بيع',
  return: 'مرتجع بيع',
  purchase: 'شراء',
  transfer_out: 'تحويل صادر',
  transfer_in: 'تحويل وارد',
  stocktaking: 'جرد',
  purchase_return: 'مرتجع شراء',
  repair: 'قطعة صيانة',
};
const REASONS_EN: Record<string, string> = {
  opening: 'Opening balance',
  adjustment: 'Adjustment',
  sale: 'Sale',
  return: 'Sale return',
  purchase: 'Purchase',
  transfer_out: 'Transfer out',
  transfer_in: 'Transfer in',
  stocktaking: 'Stock-taking',
  purchase_return: 'Purchase return',
  repair: 'Repair part',
};

/** A CASE turning a stock reason code into its label in the request's language. */
function reasonLabel(ctx: ReportContext, col: string): string {
  const labels = ctx.locale === 'en' ? REASONS_EN : REASONS_AR;
  const whens = STOCK_REASONS.map((r) => `WHEN ${ctx.p(r)} THEN ${ctx.p(labels[r] ?? r)}`);
  return `CASE ${col} ${whens.join(' ')} ELSE ${col} END`;
}

const productName = (ctx: ReportContext) => localName(ctx, 'pr.name_ar', 'pr.name_en');

/** The variant's label: its product's name and, when it has them, its property values. */
const variantName = (ctx: ReportContext) =>
  `${productName(ctx)} || COALESCE(' — ' || NULLIF((SELECT string_agg(value, ' / ' ORDER BY key)
      FROM jsonb_each_text(v.properties)), ''), '')`;

const can = (ctx: ReportContext, key: ReportContext['user']['permissions'][number]) =>
  ctx.user.isAdmin || ctx.user.permissions.includes(key);

const DEFINITIONS: Omit<ReportDefinition, 'labels'>[] = [
  {
    // Per inventory: what is on hand valued at average cost and at the selling price.
    key: 'InventoryValuation',
    permissions: ['can_see_inventories'],
    filters: ['branch', 'category'],
    sort: 'inventory',
    columns: [
      ...cols('text', 'inventory branch'),
      ...cols('count', 'variants', SUM),
      ...cols('quantity', 'quantity', SUM),
      ...cols('money', 'cost_value', BUY_SUM),
      ...cols('money', 'price_value', SUM),
      { key: 'expected_margin', type: 'money', profit: true, buyPrice: true, total: 'sum' },
    ],
    chart: { kind: 'bar', x: 'inventory', series: ['cost_value', 'price_value'] },
    query: (ctx) =>
      `SELECT i.name AS inventory, b.name AS branch, count(*) FILTER (WHERE s.on_hand <> 0)::int AS variants,
              COALESCE(sum(s.on_hand), 0) AS quantity,
              COALESCE(round(sum(s.on_hand * v.avg_cost)), 0)::bigint AS cost_value,
              COALESCE(round(sum(s.on_hand * v.sell_price)), 0)::bigint AS price_value,
              COALESCE(round(sum(s.on_hand * (v.sell_price - v.avg_cost))), 0)::bigint AS expected_margin
         FROM inventories i JOIN branches b ON b.id = i.branch_id
         LEFT JOIN (stock_levels s JOIN variants v ON v.id = s.variant_id JOIN products pr ON pr.id = v.product_id
                    AND ${inCategory(ctx, 'pr.category_id')})
           ON s.inventory_id = i.id
        WHERE ${branchIs(ctx, 'i.branch_id')}
        GROUP BY i.id, i.name, b.name`,
  },
  {
    // One variant's ledger in the period, oldest first, with the balance after each movement.
    key: 'StockMovement',
    permissions: ['can_see_inventories'],
    filters: ['period', 'branch', 'variant'],
    sort: 'at',
    tieBreak: ['moved_at', 'movement_id'],
    columns: [
      ...cols('text', 'at inventory reason reference'),
      ...cols('quantity', 'quantity_in quantity_out', SUM),
      ...cols('quantity', 'balance_after'),
      { key: 'unit_cost', type: 'money', buyPrice: true },
      ...cols('text', 'user'),
    ],
    query: (ctx) => {
      if (!ctx.filters.variantId)
        return `SELECT NULL::text AS at, NULL::text AS inventory, NULL::text AS reason,
                       0 AS quantity_in, 0 AS quantity_out, 0 AS balance_after, 0::bigint AS unit_cost,
                       NULL::timestamptz AS moved_at, NULL::uuid AS movement_id, NULL::text AS reference_type,
                       NULL::uuid AS reference_id, NULL::text AS note, NULL::uuid AS user_id WHERE FALSE`;
      const variant = ctx.p(ctx.filters.variantId);
      return `SELECT to_char(m.at AT TIME ZONE ${ctx.p(ctx.timeZone)}, 'YYYY-MM-DD HH24:MI:SS') AS at, i.name AS inventory, ${reasonLabel(ctx, 'm.reason')} AS reason,
                     GREATEST(m.quantity, 0) AS quantity_in, GREATEST(-m.quantity, 0) AS quantity_out,
                     m.balance_after, m.unit_cost, m.at AS moved_at, m.id AS movement_id,
                     m.reference_type, m.reference_id, m.note, m.user_id
                FROM stock_movements m JOIN inventories i ON i.id = m.inventory_id
               WHERE m.variant_id = ${variant}::uuid
                 AND m.inventory_id IN (SELECT id FROM inventories i2 WHERE ${branchIs(ctx, 'i2.branch_id')})
                 AND ${inDays(ctx, 'm.at')}`;
    },
    // A busy item moves tens of thousands of times in a quarter: its documents' numbers and the
    // users' names are looked up for the rows shown only.
    late: {
      keys: ['reference', 'user'],
      select: (_ctx, rows) =>
        `SELECT r.*, COALESCE(si.number, sr.number, r.note) AS reference,
                COALESCE(NULLIF(u.display_name, ''), u.username) AS "user"
           FROM ${rows} r
           LEFT JOIN users u ON u.id = r.user_id
           LEFT JOIN sales_invoices si ON r.reference_type = 'sale' AND si.id = r.reference_id
           LEFT JOIN sale_returns sr ON r.reference_type = 'return' AND sr.id = r.reference_id`,
    },
  },
  {
    // Variants on hand that sold nothing in the last N days (by the sales aggregate's days).
    key: 'DeadStock',
    permissions: ['can_see_products'],
    filters: ['branch', 'category', 'days'],
    sort: '-price_value',
    columns: [
      ...cols('text', 'product sku'),
      ...cols('quantity', 'quantity', SUM),
      ...cols('date', 'last_sale'),
      ...cols('count', 'days_without_sale'),
      ...cols('money', 'cost_value', BUY_SUM),
      ...cols('money', 'price_value', SUM),
    ],
    query: (ctx) => {
      const today = `(now() AT TIME ZONE ${ctx.p(ctx.timeZone)})::date`;
      const since = `${today} - ${ctx.p(ctx.filters.days)}::int`;
      return `WITH stock AS (
                SELECT s.variant_id, sum(s.on_hand) AS quantity
                  FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id
                 WHERE ${branchIs(ctx, 'i.branch_id')} GROUP BY s.variant_id HAVING sum(s.on_hand) > 0),
              -- Not sold within the last N days: one backward probe of the aggregate's (variant,
              -- day) index per item in stock (NOT EXISTS becomes a hash anti-join over every
              -- variant-day of the N days), then the last sale of only the items left.
              dead AS (
                SELECT st.* FROM stock st
                 WHERE (SELECT a.day FROM report_variant_daily_live a
                         WHERE a.variant_id = st.variant_id AND a.day > ${since} AND a.quantity > 0
                           AND ${branchIs(ctx, 'a.branch_id')}
                         ORDER BY a.day DESC LIMIT 1) IS NULL),
              sold AS (
                SELECT a.variant_id, max(a.day) AS last_day FROM report_variant_daily_live a
                 WHERE a.quantity > 0 AND a.variant_id IN (SELECT variant_id FROM dead) AND ${branchIs(ctx, 'a.branch_id')}
                 GROUP BY a.variant_id)
              SELECT ${variantName(ctx)} AS product, v.sku, st.quantity,
                     to_char(sold.last_day, 'YYYY-MM-DD') AS last_sale,
                     (${today} - sold.last_day)::int AS days_without_sale,
                     round(st.quantity * v.avg_cost)::bigint AS cost_value,
                     round(st.quantity * v.sell_price)::bigint AS price_value
                FROM dead st JOIN variants v ON v.id = st.variant_id JOIN products pr ON pr.id = v.product_id
                LEFT JOIN sold ON sold.variant_id = st.variant_id
               WHERE ${inCategory(ctx, 'pr.category_id')}`;
    },
  },
  {
    // Per inventory and lot (issue 34): what each lot holds, earliest expiry first; the value at
    // average cost only with can_see_buy_price (the column's rule).
    key: 'StockByBatch',
    permissions: ['can_see_inventories'],
    filters: ['branch', 'category'],
    sort: 'expiry_date',
    tieBreak: ['product', 'lot', 'inventory'],
    columns: [
      ...cols('text', 'inventory product sku lot'),
      ...cols('date', 'expiry_date'),
      ...cols('count', 'days_left'),
      ...cols('quantity', 'quantity', SUM),
      ...cols('money', 'cost_value', BUY_SUM),
    ],
    query: (ctx) =>
      `SELECT i.name AS inventory, ${variantName(ctx)} AS product, v.sku, bt.lot,
              to_char(bt.expiry_date, 'YYYY-MM-DD') AS expiry_date,
              (bt.expiry_date - (now() AT TIME ZONE ${ctx.p(ctx.timeZone)})::date)::int AS days_left,
              l.on_hand AS quantity, round(l.on_hand * v.avg_cost)::bigint AS cost_value
         FROM batch_levels l JOIN batches bt ON bt.id = l.batch_id
         JOIN inventories i ON i.id = l.inventory_id
         JOIN variants v ON v.id = bt.variant_id JOIN products pr ON pr.id = v.product_id
        WHERE l.on_hand > 0 AND ${branchIs(ctx, 'i.branch_id')} AND ${inCategory(ctx, 'pr.category_id')}`,
  },
  {
    // Per month: VAT charged on sales (less returns), VAT paid on purchases (less purchase
    // returns) and on expenses, and the difference due to the tax authority.
    key: 'Vat',
    permissions: ['can_see_totals'],
    filters: ['period', 'branch'],
    sort: 'month',
    columns: [
      ...cols('text', 'month'),
      ...cols(
        'money',
        'sales_base output_vat purchases_base purchases_vat expenses_vat input_vat net_vat',
        SUM,
      ),
    ],
    chart: { kind: 'bar', x: 'month', series: ['output_vat', 'input_vat', 'net_vat'] },
    query: (ctx) => {
      const from = ctx.p(ctx.filters.from);
      const to = ctx.p(ctx.filters.to);
      const month = (col: string) => `to_char(${col}, 'YYYY-MM')`;
      return `WITH s AS (
                SELECT ${month('a.day')} AS month, sum(a.total - a.vat - a.returned_total + a.returned_vat) AS base,
                       sum(a.vat - a.returned_vat) AS vat
                  FROM report_sales_hourly a
                 WHERE a.day BETWEEN ${from}::date AND ${to}::date AND ${branchIs(ctx, 'a.branch_id')} GROUP BY 1),
              p AS (
                SELECT ${month('pi.invoice_date')} AS month, sum(pi.total - pi.vat) AS base, sum(pi.vat) AS vat
                  FROM purchase_invoices pi
                 WHERE pi.status = 'posted' AND pi.invoice_date BETWEEN ${from}::date AND ${to}::date
                   AND ${branchIs(ctx, 'pi.branch_id')} GROUP BY 1),
              pr AS (
                SELECT ${month(`(r.created_at AT TIME ZONE ${ctx.p(ctx.timeZone)})::date`)} AS month,
                       sum(r.total - r.vat) AS base, sum(r.vat) AS vat
                  FROM purchase_returns r WHERE ${inDays(ctx, 'r.created_at')} AND ${branchIs(ctx, 'r.branch_id')} GROUP BY 1),
              e AS (
                SELECT ${month('x.expense_date')} AS month, sum(x.vat) AS vat
                  FROM expenses x WHERE x.status = 'recorded' AND x.expense_date BETWEEN ${from}::date AND ${to}::date
                   AND ${branchIs(ctx, 'x.branch_id')} GROUP BY 1),
              m AS (SELECT month FROM s UNION SELECT month FROM p UNION SELECT month FROM pr UNION SELECT month FROM e)
              SELECT m.month, COALESCE(s.base, 0)::bigint AS sales_base, COALESCE(s.vat, 0)::bigint AS output_vat,
                     (COALESCE(p.base, 0) - COALESCE(pr.base, 0))::bigint AS purchases_base,
                     (COALESCE(p.vat, 0) - COALESCE(pr.vat, 0))::bigint AS purchases_vat,
                     COALESCE(e.vat, 0)::bigint AS expenses_vat,
                     (COALESCE(p.vat, 0) - COALESCE(pr.vat, 0) + COALESCE(e.vat, 0))::bigint AS input_vat,
                     (COALESCE(s.vat, 0) - COALESCE(p.vat, 0) + COALESCE(pr.vat, 0) - COALESCE(e.vat, 0))::bigint AS net_vat
                FROM m LEFT JOIN s ON s.month = m.month LEFT JOIN p ON p.month = m.month
                LEFT JOIN pr ON pr.month = m.month LEFT JOIN e ON e.month = m.month`;
    },
  },
  {
    // Recorded (not voided) expenses of the period per category, with each one's share.
    key: 'ExpensesByCategory',
    permissions: ['can_see_expenses'],
    filters: ['period', 'branch'],
    sort: '-total',
    columns: [
      ...cols('text', 'category'),
      ...cols('count', 'expenses', SUM),
      ...cols('money', 'amount vat total', SUM),
      ...cols('percent', 'share'),
    ],
    chart: { kind: 'pie', x: 'category', series: ['total'] },
    query: (ctx) =>
      `SELECT c.name AS category, count(*)::int AS expenses, sum(x.amount)::bigint AS amount,
              sum(x.vat)::bigint AS vat, sum(x.total)::bigint AS total,
              round(100.0 * sum(x.total) / NULLIF(sum(sum(x.total)) OVER (), 0), 1) AS share
         FROM expenses x JOIN expense_categories c ON c.id = x.category_id
        WHERE x.status = 'recorded' AND x.expense_date BETWEEN ${ctx.p(ctx.filters.from)}::date AND ${ctx.p(ctx.filters.to)}::date
          AND ${branchIs(ctx, 'x.branch_id')}
        GROUP BY c.id, c.name`,
  },
  {
    // Who owes the shop (customers, positive balance) and whom the shop owes (vendors): every
    // party with a balance; vendors only with can_see_vendors.
    key: 'Balances',
    permissions: ['can_see_customer_depts'],
    filters: ['party'],
    sort: '-balance',
    columns: [
      ...cols('text', 'party name phone'),
      ...cols('money', 'balance', SUM),
      ...cols('money', 'credit_limit'),
    ],
    query: (ctx) => {
      const party = ctx.filters.party;
      const en = ctx.locale === 'en';
      const customers =
        party === 'vendor'
          ? null
          : `SELECT ${ctx.p(en ? 'Customer' : 'عميل')} AS party, name, phone, balance, credit_limit
               FROM customers WHERE balance <> 0`;
      const vendors =
        party === 'customer' || !can(ctx, 'can_see_vendors')
          ? null
          : `SELECT ${ctx.p(en ? 'Vendor' : 'مورد')} AS party, name, phones[1] AS phone, balance, NULL::bigint AS credit_limit
               FROM vendors WHERE balance <> 0`;
      const parts = [customers, vendors].filter(Boolean);
      return parts.length
        ? parts.join(' UNION ALL ')
        : `SELECT NULL::text AS party, NULL::text AS name, NULL::text AS phone, 0::bigint AS balance,
                  NULL::bigint AS credit_limit WHERE FALSE`;
    },
  },
  {
    // What the store owes as goods now (issue 33 item 7, docs/decisions/0091): gift cards, store
    // credit and loyalty points — holders with a balance, everything ever issued (loaded, refunded
    // onto, earned, revalued up), used (spent, taken back, revalued down) and what is outstanding
    // (issued − used); loyalty also in points, valued at the program's point value.
    key: 'Liabilities',
    permissions: ['can_see_totals'],
    filters: [],
    sort: 'liability',
    tieBreak: ['ord'],
    columns: [
      ...cols('text', 'liability'),
      ...cols('count', 'holders', SUM),
      ...cols('money', 'issued used outstanding', SUM),
      ...cols('count', 'points'),
    ],
    query: (ctx) => {
      const en = ctx.locale === 'en';
      const name = (ar: string, eng: string) => ctx.p(en ? eng : ar);
      return `WITH g AS (
                SELECT c.kind, count(*) FILTER (WHERE c.balance > 0)::int AS holders,
                       COALESCE(sum(c.balance), 0)::bigint AS outstanding,
                       COALESCE(sum((SELECT sum(l.amount) FROM gift_card_ledger l WHERE l.card_id = c.id AND l.amount > 0)), 0)::bigint AS issued,
                       COALESCE(-sum((SELECT sum(l.amount) FROM gift_card_ledger l WHERE l.card_id = c.id AND l.amount < 0)), 0)::bigint AS used
                  FROM gift_cards c GROUP BY c.kind),
              k(kind, ord, liability) AS (VALUES ('gift', 1, ${name('بطاقات الهدايا', 'Gift cards')}),
                                                 ('store_credit', 2, ${name('الرصيد الدائن للعملاء', 'Store credit')}))
              SELECT k.ord, k.liability, COALESCE(g.holders, 0) AS holders, COALESCE(g.issued, 0) AS issued,
                     COALESCE(g.used, 0) AS used, COALESCE(g.outstanding, 0) AS outstanding, NULL::bigint AS points
                FROM k LEFT JOIN g ON g.kind = k.kind
              UNION ALL
              SELECT 3, ${name('نقاط الولاء', 'Loyalty points')},
                     (SELECT count(*)::int FROM loyalty_balances WHERE points > 0),
                     (SELECT COALESCE(sum(value) FILTER (WHERE value > 0), 0)::bigint FROM loyalty_ledger),
                     (SELECT COALESCE(-sum(value) FILTER (WHERE value < 0), 0)::bigint FROM loyalty_ledger),
                     (SELECT COALESCE(sum(points), 0)::bigint FROM loyalty_balances)
                       * COALESCE((SELECT point_value FROM loyalty_program WHERE id = 1), 0),
                     (SELECT COALESCE(sum(points), 0)::bigint FROM loyalty_balances)`;
    },
  },
];

export const STOCK_REPORT_DEFINITIONS: ReportDefinition[] = DEFINITIONS.map((d) => ({
  ...d,
  labels: LABELS,
}));
