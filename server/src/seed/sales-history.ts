import { DEFAULT_INVENTORY_NAME } from '../modules/inventory';
import { rebuildReportAggregates } from '../modules/reports';
import { recomputeShiftTalliesSql } from '../modules/shifts';

/**
 * Bulk sales history for benchmarks and large demo databases (`npm run seed:large -- --sales N`,
 * `npm run bench -- report`), written with set-based SQL in chunks of days:
 *
 * - `cashiersPerBranch` new cashiers per branch, each on a new register (1, 2, … on a fresh
 *   database), one closed shift per cashier and day (09:00–22:00 in `timeZone`) over `days` days
 *   before today, opening cash, expected/counted cash from the shift's cash payments and refunds;
 * - invoices spread over those shifts (busier on Thursdays and Fridays, a slow growth over time),
 *   numbered like real ones (`B01-R02-000123`, gap-free and chronological per register, continuing
 *   the register's `document_sequences` counter, which is left at the last number used);
 * - 1–8 lines per invoice (or exactly `linesPerInvoice`), popular items sold more often, mostly
 *   1–3 pieces, some line discounts (within the 10% minimum-price margin); totals, VAT (included in
 *   prices), cost and paid totals from the lines; cash (with change), card, wallet, bank transfer
 *   and cash + card split payments carrying the shift and branch;
 * - `returnsPercent` % of invoices get a return of one line (all or part of it) up to a week later
 *   on the same register: `sale_returns` (numbered `B01-RT-000001`), return lines, the line's
 *   `returned_quantity`, the invoice status and `returned_total`, a cash refund payment;
 * - stock: a `sale` movement per line and a `return` movement per return line, dated when they
 *   happened, plus one `opening` movement per (variant, inventory) dated before the history that
 *   brings exactly what the history took out. Balances (`stock_levels.on_hand`) are not changed and
 *   still equal the sum of their movements; `balance_after` runs from that opening balance down to
 *   what it was before the catalogue's own opening stock.
 * - optionally one open shift today (register `bigShiftRegister`) with `bigShift` invoices.
 *
 * Runs are additive: a second run adds new cashiers on new registers and their own history, so no
 * number, username or open-shift rule is ever violated. Secondary indexes and foreign keys of the
 * big tables are dropped during the load and recreated from their own definitions (same names).
 * `db` must be one connection (temporary tables) outside a transaction: the load is one
 * transaction, followed by VACUUM ANALYZE.
 */
export type Queryable = { query(sql: string, params?: unknown[]): Promise<unknown> };

export type SalesHistoryOptions = {
  /** Sale invoices in all (including the `bigShift` ones). */
  invoices: number;
  /** Days of history before today (default 90). */
  days?: number;
  /** Branches to sell in: the first N by creation, created if missing (default 5). */
  branches?: number;
  cashiersPerBranch?: number;
  /** Exactly this many lines per invoice; by default 1–8, small baskets more common. */
  linesPerInvoice?: number;
  /** Invoices in one open shift today (first branch, first new cashier); default 0. */
  bigShift?: number;
  bigShiftRegister?: number;
  /** Share of invoices with a return, in percent (default 1.5). */
  returnsPercent?: number;
  timeZone?: string;
  /** Invoices per batch (default 250 000). */
  chunk?: number;
  onProgress?: (p: SalesHistoryProgress) => void;
};

export type SalesHistoryProgress = {
  phase: 'setup' | 'invoices' | 'returns' | 'stock' | 'indexes' | 'aggregates' | 'vacuum' | 'check';
  message: string;
  done?: number;
  total?: number;
  lines?: number;
  elapsedMs: number;
};

export type SalesHistoryResult = {
  invoices: number;
  lines: number;
  payments: number;
  returns: number;
  movements: number;
  shifts: number;
  /** Σ stock_movements.quantity ≠ stock_levels.on_hand (must be 0). */
  ledgerMismatches: number;
  /** Invoices whose total ≠ Σ line totals or paid + due ≠ total (must be 0). */
  invoiceMismatches: number;
  /** Sale and return counters that differ from the last number used (must be 0). */
  sequenceMismatches: number;
  ms: number;
};

const CASHIER_NAMES = [
  'أحمد عبد الله',
  'منى إبراهيم',
  'محمد حسن',
  'سارة محمود',
  'مصطفى علي',
  'ياسمين خالد',
  'عمر فاروق',
  'نورا سمير',
  'كريم عادل',
  'هبة مصطفى',
  'محمود السيد',
  'دينا أشرف',
  'إسلام جمال',
  'رانيا فؤاد',
  'يوسف طارق',
  'مريم شريف',
  'عبد الرحمن ناصر',
  'شيماء رضا',
  'حسام الدين سعيد',
  'آية حمدي',
  'خالد منصور',
  'فاطمة الزهراء عاطف',
  'طارق عبد العزيز',
  'إيمان سليمان',
];
const BRANCH_NAMES = [
  'فرع مدينة نصر',
  'فرع المعادي',
  'فرع مصر الجديدة',
  'فرع الإسكندرية - سموحة',
  'فرع المنصورة',
  'فرع طنطا',
  'فرع أسيوط',
  'فرع الزقازيق',
];
const RETURN_REASONS = [
  'عيب في المنتج',
  'المقاس غير مناسب',
  'العميل غيّر رأيه',
  'منتج غير مطابق للوصف',
  'تاريخ الصلاحية قريب',
];

/** A UUIDv7 for the given timestamp expression (time-ordered like the app's own ids). */
const uuid7 = (ts: string) =>
  `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from ${ts}) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;
/** The sale number format of document-numbers.ts: prefix, then 6 digits or more. */
const numbered = (prefix: string, n: string) =>
  `${prefix} || lpad((${n})::text, greatest(6, length((${n})::text)), '0')`;

const LOADED_TABLES = [
  'sales_invoices',
  'sale_lines',
  'sale_payments',
  'stock_movements',
  'sale_returns',
  'sale_return_lines',
];

async function rows<T = Record<string, unknown>>(
  db: Queryable,
  sql: string,
  params?: unknown[],
): Promise<T[]> {
  const r = (await db.query(sql, params)) as T[] | { rows: T[] };
  return Array.isArray(r) ? r : r.rows;
}

/** The first `count` branches by creation (created if missing), each with its default inventory. */
export async function ensureBranches(
  db: Queryable,
  count: number,
): Promise<{ id: string; code: string; inventoryId: string }[]> {
  const have = await rows(db, 'SELECT id FROM branches ORDER BY created_at');
  for (let i = have.length; i < count; i++) {
    await db.query(
      `INSERT INTO branches (id, name, code, tax_type)
       SELECT gen_random_uuid(), $1, 'B' || lpad((COALESCE(max(substring(code from 2)::int), 0) + 1)::text, 2, '0'), 'B'
         FROM branches WHERE code ~ '^B[0-9]+$'`,
      [BRANCH_NAMES[i % BRANCH_NAMES.length] + (i >= BRANCH_NAMES.length ? ` ${i + 1}` : '')],
    );
  }
  await db.query(
    `INSERT INTO inventories (id, branch_id, name, is_default, allow_negative)
     SELECT gen_random_uuid(), b.id, $1, true, false FROM branches b WHERE NOT EXISTS (SELECT 1 FROM inventories WHERE branch_id = b.id)`,
    [DEFAULT_INVENTORY_NAME],
  );
  const list = await rows<{ id: string; code: string; inventory_id: string }>(
    db,
    `SELECT b.id, b.code, (SELECT id FROM inventories WHERE branch_id = b.id ORDER BY is_default DESC, created_at LIMIT 1) AS inventory_id
       FROM branches b ORDER BY b.created_at LIMIT $1`,
    [count],
  );
  return list.map((b) => ({ id: b.id, code: b.code, inventoryId: b.inventory_id }));
}

export async function seedSalesHistory(
  conn: Queryable,
  options: SalesHistoryOptions,
): Promise<SalesHistoryResult> {
  // SEED_HISTORY_DEBUG=1 logs every statement slower than 200 ms.
  const db: Queryable = process.env.SEED_HISTORY_DEBUG
    ? {
        query: async (sql, params) => {
          const s = Date.now();
          const r = await conn.query(sql, params);
          if (Date.now() - s > 200)
            console.log(`${Date.now() - s} ms  ${sql.replace(/\s+/g, ' ').slice(0, 90)}`);
          return r;
        },
      }
    : conn;
  const o = {
    days: 90,
    branches: 5,
    cashiersPerBranch: 4,
    bigShift: 0,
    bigShiftRegister: 99,
    returnsPercent: 1.5,
    timeZone: 'Africa/Cairo',
    chunk: 250_000,
    ...options,
  };
  const t0 = Date.now();
  const progress = (p: Omit<SalesHistoryProgress, 'elapsedMs'>) =>
    o.onProgress?.({ ...p, elapsedMs: Date.now() - t0 });
  const one = async <T = Record<string, unknown>>(sql: string, params?: unknown[]) =>
    (await rows<T>(db, sql, params))[0];
  const bigShift = Math.min(o.bigShift, o.invoices);
  const spread = o.invoices - bigShift;
  const tz = o.timeZone;

  // Larger temporary buffers (only settable before the session's first temporary table).
  await db.query(`SET temp_buffers = '1GB'`).catch(() => undefined);
  await db.query('BEGIN');
  try {
    await db.query(`SET LOCAL work_mem = '256MB'`);
    await db.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    await db.query('SET LOCAL synchronous_commit = off');
    const branches = await ensureBranches(db, o.branches);

    // This run's cashiers, each on a new register of their branch.
    const role = await one<{ id: string }>(
      `SELECT id FROM roles ORDER BY (name = 'كاشير') DESC, name LIMIT 1`,
    );
    const cashiers: unknown[][] = [];
    const { n: userCount } = await one<{ n: number }>('SELECT count(*)::int AS n FROM users');
    for (const b of branches) {
      const { r } = await one<{ r: number }>(
        'SELECT COALESCE(max(register), 0)::int AS r FROM shifts WHERE branch_id = $1 AND register <> $2',
        [b.id, o.bigShiftRegister],
      );
      // New registers after the branch's highest, never the big shift's (the demo's back-office
      // registers 90 and 97 would otherwise put a cashier on 99 next to the big shift).
      let register = r;
      for (let k = 1; k <= o.cashiersPerBranch; k++) {
        register += register + 1 === o.bigShiftRegister ? 2 : 1;
        const id = (await one<{ id: string }>('SELECT gen_random_uuid() AS id')).id;
        const n = cashiers.length;
        await db.query(
          `INSERT INTO users (id, username, display_name, password_hash, role_id, branch_id) VALUES ($1, $2, $3, '!', $4, $5)`,
          [
            id,
            `cashier_${b.code.toLowerCase()}_r${String(register).padStart(2, '0')}`,
            CASHIER_NAMES[(userCount + n) % CASHIER_NAMES.length],
            role?.id ?? null,
            b.id,
          ],
        );
        cashiers.push([n, id, b.id, b.inventoryId, b.code, register]);
      }
    }
    await db.query(
      'DROP TABLE IF EXISTS h_cashiers, h_variants, h_shifts, h_days, h_moves, h_ret, h_inv, h_lines, h_tot',
    );
    await db.query(
      `CREATE TEMP TABLE h_cashiers AS
       SELECT t.n, t.id, t.branch_id, t.inventory_id, t.code, t.register,
              t.code || '-R' || lpad(t.register::text, greatest(2, length(t.register::text)), '0') || '-' AS prefix, 'sale:' || t.branch_id || ':' || t.register AS seq_key,
              COALESCE((SELECT last FROM document_sequences WHERE key = 'sale:' || t.branch_id || ':' || t.register), 0) AS seq_start
         FROM unnest($1::int[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::int[]) AS t(n, id, branch_id, inventory_id, code, register)`,
      [0, 1, 2, 3, 4, 5].map((i) => cashiers.map((c) => c[i])),
    );
    // Variants in a shuffled order: the first ones are the popular ones.
    await db.query(
      `CREATE TEMP TABLE h_variants AS
       SELECT (row_number() OVER (ORDER BY md5(v.id::text)) - 1)::int AS n, v.id, v.sell_price, v.avg_cost, p.vat_rate
         FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sell_price > 0 AND v.active AND p.active`,
    );
    await db.query('ALTER TABLE h_variants ADD PRIMARY KEY (n)');
    const { nv } = await one<{ nv: number }>('SELECT count(*)::int AS nv FROM h_variants');
    if (nv === 0 && o.invoices > 0)
      throw new Error('seedSalesHistory: no variants with a price to sell');
    const methods = await one<{ cash: string; card: string; wallet: string; bank: string }>(
      `SELECT (array_agg(id ORDER BY sort_order) FILTER (WHERE type = 'cash'))[1] AS cash, (array_agg(id ORDER BY sort_order) FILTER (WHERE type = 'card'))[1] AS card,
              (array_agg(id ORDER BY sort_order) FILTER (WHERE type = 'wallet'))[1] AS wallet, (array_agg(id ORDER BY sort_order) FILTER (WHERE type = 'bank_transfer'))[1] AS bank
         FROM payment_methods WHERE active AND type NOT IN ('credit', 'installment')`,
    );
    const cash = methods.cash ?? methods.card;
    if (!cash) throw new Error('seedSalesHistory: no cash or card payment method');
    const card = methods.card ?? cash;
    const wallet = methods.wallet ?? card;
    const bank = methods.bank ?? card;

    // One closed shift per cashier and day; and the open shift of today's big batch.
    await db.query(
      `CREATE TEMP TABLE h_shifts AS
       SELECT ${uuid7('t.opened')} AS id, c.n AS cashier, c.id AS cashier_id, c.branch_id, c.register, d, x.day, t.opened, t.closed, 'closed'::text AS status
         FROM h_cashiers c CROSS JOIN generate_series(1, $2::int) AS d
        CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE $1)::date - d AS day) x
        CROSS JOIN LATERAL (SELECT (x.day + interval '9 hours' + random() * interval '10 minutes') AT TIME ZONE $1 AS opened,
                                   (x.day + interval '22 hours' + random() * interval '20 minutes') AT TIME ZONE $1 AS closed) t`,
      [tz, o.days],
    );
    if (bigShift > 0) {
      const busy = await one(
        'SELECT 1 AS x FROM shifts WHERE branch_id = $1 AND register = $2 AND status = $3',
        [branches[0].id, o.bigShiftRegister, 'open'],
      );
      if (busy)
        throw new Error(
          `seedSalesHistory: register ${o.bigShiftRegister} of ${branches[0].code} already has an open shift`,
        );
      await db.query(
        `INSERT INTO h_shifts SELECT ${uuid7('t.opened')}, -1, c.id, c.branch_id, $2::int, 0, (now() AT TIME ZONE $1)::date, t.opened, now(), 'open'
           FROM h_cashiers c, LATERAL (SELECT (now() AT TIME ZONE $1)::date::timestamp AT TIME ZONE $1 AS opened) t WHERE c.n = 0`,
        [tz, o.bigShiftRegister],
      );
      await db.query(
        `INSERT INTO h_cashiers SELECT -1, c.id, c.branch_id, c.inventory_id, c.code, $1::int, c.code || '-R' || lpad($2::text, greatest(2, length($2::text)), '0') || '-',
                'sale:' || c.branch_id || ':' || $2::text, COALESCE((SELECT last FROM document_sequences WHERE key = 'sale:' || c.branch_id || ':' || $2::text), 0)
           FROM h_cashiers c WHERE c.n = 0`,
        [o.bigShiftRegister, String(o.bigShiftRegister)],
      );
    }
    await db.query(
      `INSERT INTO shifts (id, branch_id, register, cashier_id, status, opened_at, closed_at, opening_cash)
       SELECT id, branch_id, register, cashier_id, status, opened, CASE WHEN status = 'closed' THEN closed END, 50000 FROM h_shifts`,
    );
    // How many invoices each shift gets (exactly `spread` in all) and where its numbers start.
    await db.query(
      `CREATE TEMP TABLE h_days AS
       WITH w AS (SELECT s.id AS shift_id, s.cashier, s.d, s.opened, s.closed,
                         ((1 + 0.35 * (extract(isodow FROM s.day) IN (4, 5))::int) * (0.7 + 0.6 * random()) * (1 - 0.25 * s.d / $2::numeric))::numeric(20, 12) AS w
                    FROM h_shifts s WHERE s.status = 'closed'),
            c AS (SELECT *, sum(w) OVER (ORDER BY cashier, d ROWS UNBOUNDED PRECEDING) AS cum, sum(w) OVER () AS total FROM w),
            n AS (SELECT shift_id, cashier, d, opened, closed - opened - interval '5 minutes' AS span,
                         (floor($1::numeric * cum / total) - floor($1::numeric * (cum - w) / total))::int AS cnt FROM c
                  UNION ALL
                  SELECT id, -1, 0, opened, now() - opened, $3::int FROM h_shifts WHERE status = 'open')
       SELECT n.*, (sum(cnt) OVER (PARTITION BY cashier ORDER BY d DESC ROWS UNBOUNDED PRECEDING) - cnt)::bigint AS start FROM n`,
      [spread, o.days, bigShift],
    );
    await db.query(
      `CREATE TEMP TABLE h_moves (variant_id uuid, inventory_id uuid, quantity numeric(14, 3), at timestamptz, reason text, reference_type text,
                                  reference_id uuid, unit_cost bigint, user_id uuid)`,
    );
    await db.query(
      `CREATE TEMP TABLE h_ret (invoice_id uuid, sale_line_id uuid, branch_id uuid, inventory_id uuid, cashier int, d int, shift_id uuid, sold_at timestamptz,
                                variant_id uuid, quantity numeric(14, 3), returned numeric(14, 3), line_total bigint, vat_amount bigint, unit_cost bigint, whole boolean)`,
    );

    // The big tables load without their secondary indexes and foreign keys (rebuilt at the end).
    const indexes = await rows<{ name: string; def: string }>(
      db,
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype IN ('p', 'u'))`,
      [LOADED_TABLES],
    );
    const constraints = await rows<{ tbl: string; name: string; def: string }>(
      db,
      `SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
        WHERE c.conrelid = ANY(SELECT (current_schema() || '.' || t)::regclass FROM unnest($1::text[]) t) AND c.contype IN ('u', 'f')
        ORDER BY c.contype DESC`,
      [LOADED_TABLES],
    );
    for (const c of [...constraints].reverse())
      await db.query(`ALTER TABLE ${c.tbl} DROP CONSTRAINT "${c.name}"`);
    for (const i of indexes) await db.query(`DROP INDEX "${i.name}"`);
    progress({
      phase: 'setup',
      message: `${cashiers.length} cashiers, ${cashiers.length * o.days} shifts, ${nv} variants; indexes dropped`,
    });

    // Chunks of whole days, oldest first.
    const perDay = await rows<{ d: number; n: number }>(
      db,
      'SELECT d, sum(cnt)::int AS n FROM h_days GROUP BY d ORDER BY d DESC',
    );
    const chunks: number[][] = [];
    let acc = 0;
    for (const { d, n } of perDay) {
      if (!chunks.length || (acc + n > o.chunk && acc > 0)) {
        chunks.push([]);
        acc = 0;
      }
      chunks[chunks.length - 1].push(d);
      acc += n;
    }
    const basket = o.linesPerInvoice
      ? `${Math.max(1, Math.floor(o.linesPerInvoice))}`
      : `CASE WHEN rb < 0.22 THEN 1 WHEN rb < 0.42 THEN 2 WHEN rb < 0.58 THEN 3 WHEN rb < 0.71 THEN 4 WHEN rb < 0.81 THEN 5 WHEN rb < 0.89 THEN 6 WHEN rb < 0.95 THEN 7 ELSE 8 END`;
    let done = 0;
    let lines = 0;
    let payments = 0;
    for (const days of chunks) {
      await db.query('DROP TABLE IF EXISTS h_inv, h_lines, h_tot');
      await db.query(
        `CREATE TEMP TABLE h_inv AS
         SELECT ${uuid7('x.at')} AS id, x.*, ${numbered('c.prefix', 'c.seq_start + h.start + j + 1')} AS number, c.id AS cashier_id, c.branch_id,
                c.inventory_id, c.register, h.shift_id, h.d, h.cashier, ${basket} AS basket
           FROM h_days h JOIN h_cashiers c ON c.n = h.cashier CROSS JOIN generate_series(0, h.cnt - 1) AS j
          CROSS JOIN LATERAL (SELECT h.opened + h.span * ((j + random()) / h.cnt) AS at, random() AS rb, random() AS rp, random() AS rs, random() AS rr) x
          WHERE h.d = ANY($1)`,
        [days],
      );
      await db.query(
        `CREATE TEMP TABLE h_lines AS
         SELECT ${uuid7('x.at')} AS id, x.invoice_id, x.k AS line_no, v.id AS variant_id, x.q AS quantity, v.sell_price AS list_price,
                d.discount, v.vat_rate, CASE WHEN v.vat_rate > 0 AND t.total > 0 THEN round(t.total * v.vat_rate / (100.0 + v.vat_rate)) ELSE 0 END::bigint AS vat_amount,
                t.total AS line_total, v.avg_cost AS unit_cost, x.at, x.inventory_id, x.cashier_id, x.cashier, x.d, x.branch_id, x.shift_id, x.rr
           FROM (SELECT i.id AS invoice_id, i.at, i.inventory_id, i.cashier_id, i.cashier, i.d, i.branch_id, i.shift_id, i.rr, k,
                        floor($1::int * power(random(), 2.2))::int AS vn,
                        CASE WHEN r < 0.72 THEN 1 WHEN r < 0.9 THEN 2 WHEN r < 0.96 THEN 3 ELSE 4 + floor(random() * 3) END::numeric(14, 3) AS q, random() AS rd
                   FROM h_inv i CROSS JOIN generate_series(1, i.basket) AS k CROSS JOIN LATERAL (SELECT random() AS r, k AS kk) z) x
           JOIN h_variants v ON v.n = x.vn
          CROSS JOIN LATERAL (SELECT CASE WHEN x.rd < 0.06 THEN (round(x.q * v.sell_price * 0.05 / 25) * 25)::bigint ELSE 0 END AS discount) d
          CROSS JOIN LATERAL (SELECT (x.q * v.sell_price)::bigint - d.discount AS total) t`,
        [nv],
      );
      await db.query(
        `CREATE TEMP TABLE h_tot AS
         SELECT invoice_id, sum(quantity * list_price)::bigint AS subtotal, sum(discount)::bigint AS discounts, sum(vat_amount)::bigint AS vat,
                sum(line_total)::bigint AS total, sum(round(quantity * unit_cost))::bigint AS cost, count(*)::int AS n
           FROM h_lines GROUP BY invoice_id`,
      );
      // Cash payers often hand over a round note: the difference is the change.
      await db.query(
        `INSERT INTO sales_invoices (id, number, branch_id, inventory_id, shift_id, register, cashier_id, status, subtotal, line_discount_total,
           invoice_discount, vat_total, total, cost_total, paid_total, change_due, due_amount, request_hash, created_at)
         SELECT i.id, i.number, i.branch_id, i.inventory_id, i.shift_id, i.register, i.cashier_id, 'completed', t.subtotal, t.discounts, 0, t.vat, t.total,
                t.cost, t.total,
                CASE WHEN i.rp < 0.62 AND i.rs < 0.7 THEN (ceil(t.total / g.note) * g.note)::bigint - t.total ELSE 0 END, 0, 'seed:history', i.at
           FROM h_inv i JOIN h_tot t ON t.invoice_id = i.id
          CROSS JOIN LATERAL (SELECT CASE WHEN i.rs < 0.2 THEN 500 WHEN i.rs < 0.45 THEN 1000 WHEN i.rs < 0.6 THEN 5000 ELSE 20000 END::numeric AS note) g`,
      );
      await db.query(
        `INSERT INTO sale_lines (id, invoice_id, line_no, variant_id, quantity, list_price, unit_price, discount, invoice_discount_share, vat_rate,
           vat_amount, line_total, unit_cost)
         SELECT id, invoice_id, line_no, variant_id, quantity, list_price, list_price, discount, 0, vat_rate, vat_amount, line_total, unit_cost FROM h_lines`,
      );
      // 62% cash, 22% card, 6% wallet, 1% bank transfer, 9% cash + card.
      const paid = await rows<{ n: number }>(
        db,
        `WITH p AS (
           INSERT INTO sale_payments (id, invoice_id, method_id, amount, kind, shift_id, branch_id, created_at)
           SELECT ${uuid7('i.at')}, i.id, p.method, p.amount, 'payment', i.shift_id, i.branch_id, i.at
             FROM h_inv i JOIN h_tot t ON t.invoice_id = i.id
            CROSS JOIN LATERAL (SELECT CASE WHEN i.rp >= 0.91 THEN (floor(t.total * (0.3 + 0.4 * i.rs) / 100) * 100)::bigint ELSE 0 END AS card_part) s
            CROSS JOIN LATERAL (VALUES
              (CASE WHEN i.rp < 0.62 OR i.rp >= 0.91 THEN $1::uuid WHEN i.rp < 0.84 THEN $2::uuid WHEN i.rp < 0.9 THEN $3::uuid ELSE $4::uuid END, t.total - s.card_part),
              ($2::uuid, s.card_part)) AS p(method, amount)
            WHERE p.amount > 0
           RETURNING 1)
         SELECT count(*)::int AS n FROM p`,
        [cash, card, wallet, bank],
      );
      payments += paid[0].n;
      await db.query(
        `INSERT INTO h_moves SELECT variant_id, inventory_id, -quantity, at, 'sale', 'sale', invoice_id, unit_cost, cashier_id FROM h_lines`,
      );
      // Returns: one line of some invoices (not in today's open shift).
      await db.query(
        `INSERT INTO h_ret
         SELECT DISTINCT ON (l.invoice_id) l.invoice_id, l.id, l.branch_id, l.inventory_id, l.cashier, l.d, l.shift_id, l.at, l.variant_id, l.quantity,
                r.q, l.line_total, l.vat_amount, l.unit_cost, t.n = 1 AND r.q = l.quantity
           FROM h_lines l JOIN h_tot t ON t.invoice_id = l.invoice_id
          CROSS JOIN LATERAL (SELECT CASE WHEN l.quantity = 1 OR random() < 0.5 THEN l.quantity ELSE 1 + floor(random() * l.quantity) END::numeric(14, 3) AS q) r
          WHERE l.rr < $1::float8 / 100 AND l.d > 0
          ORDER BY l.invoice_id, random()`,
        [o.returnsPercent],
      );
      const [{ n }] = await rows<{ n: number }>(db, 'SELECT count(*)::int AS n FROM h_inv');
      const [{ nl }] = await rows<{ nl: number }>(db, 'SELECT count(*)::int AS nl FROM h_lines');
      done += n;
      lines += nl;
      progress({
        phase: 'invoices',
        message: `${done}/${o.invoices} invoices, ${lines} lines`,
        done,
        total: o.invoices,
        lines,
      });
    }
    await db.query('DROP TABLE IF EXISTS h_inv, h_lines, h_tot');

    // Returns on the same register up to a week later (the same shift if that is past the history).
    await db.query(
      `CREATE TEMP TABLE h_returns AS
       WITH r AS (
         SELECT h.*, s.id AS ret_shift, s.cashier_id AS ret_cashier,
                CASE WHEN s.id = h.shift_id THEN h.sold_at + (s.closed - h.sold_at) * random() ELSE s.opened + (s.closed - s.opened) * random() END AS at
           FROM (SELECT *, greatest(d - floor(random() * 8)::int, 1) AS ret_d FROM h_ret) h
           JOIN h_shifts s ON s.cashier = h.cashier AND s.d = CASE WHEN h.ret_d < h.d THEN h.ret_d ELSE h.d END)
       SELECT r.*, ${uuid7('r.at')} AS id, round(r.line_total * r.returned / r.quantity)::bigint AS amount,
              round(r.vat_amount * r.returned / r.quantity)::bigint AS vat, round(r.returned * r.unit_cost)::bigint AS cost,
              b.code || '-RT-' AS prefix, 'return:' || r.branch_id AS seq_key,
              COALESCE((SELECT last FROM document_sequences WHERE key = 'return:' || r.branch_id), 0)
                + row_number() OVER (PARTITION BY r.branch_id ORDER BY r.at) AS seq,
              ($1::text[])[1 + floor(random() * (cardinality($1::text[]) + 1))::int] AS reason
         FROM r JOIN branches b ON b.id = r.branch_id`,
      [RETURN_REASONS],
    );
    await db.query(
      `INSERT INTO sale_returns (id, number, invoice_id, branch_id, shift_id, cashier_id, total, cost_total, credit_reduction, reason, request_hash, created_at)
       SELECT id, ${numbered('prefix', 'seq')}, invoice_id, branch_id, ret_shift, ret_cashier, amount, cost, 0, reason, 'seed:history', at FROM h_returns`,
    );
    await db.query(
      `INSERT INTO sale_return_lines (id, return_id, sale_line_id, quantity, amount, vat_amount)
       SELECT ${uuid7('at')}, id, sale_line_id, returned, amount, vat FROM h_returns`,
    );
    await db.query(
      'UPDATE sale_lines l SET returned_quantity = l.returned_quantity + r.returned FROM h_returns r WHERE l.id = r.sale_line_id',
    );
    await db.query(
      `UPDATE sales_invoices i SET status = CASE WHEN r.whole THEN 'returned' ELSE 'partially_returned' END, returned_total = i.returned_total + r.amount
         FROM h_returns r WHERE i.id = r.invoice_id`,
    );
    await db.query(
      `INSERT INTO sale_payments (id, invoice_id, method_id, amount, kind, return_id, shift_id, branch_id, created_at)
       SELECT ${uuid7('at')}, invoice_id, $1, amount, 'refund', id, ret_shift, branch_id, at FROM h_returns WHERE amount > 0`,
      [cash],
    );
    await db.query(
      `INSERT INTO h_moves SELECT variant_id, inventory_id, returned, at, 'return', 'return', id, unit_cost, ret_cashier FROM h_returns`,
    );
    const { returns, refunds } = await one<{ returns: number; refunds: number }>(
      'SELECT count(*)::int AS returns, count(*) FILTER (WHERE amount > 0)::int AS refunds FROM h_returns',
    );
    payments += refunds;
    progress({ phase: 'returns', message: `${returns} returns` });

    // Stock: the history's movements after an opening balance that covers them; balances unchanged.
    await db.query(
      `INSERT INTO stock_levels (variant_id, inventory_id, on_hand, reserved)
       SELECT DISTINCT variant_id, inventory_id, 0, 0 FROM h_moves ON CONFLICT DO NOTHING`,
    );
    const moved = await rows<{ n: number }>(
      db,
      `WITH o AS (SELECT variant_id, inventory_id, -sum(quantity) AS quantity FROM h_moves GROUP BY 1, 2 HAVING sum(quantity) <> 0),
            start AS (SELECT min(opened) - interval '1 hour' AS at FROM h_shifts),
            m AS (SELECT o.variant_id, o.inventory_id, o.quantity, start.at, 'opening' AS reason, 'seed' AS reference_type, NULL::uuid AS reference_id,
                         NULL::bigint AS unit_cost, NULL::uuid AS user_id, 'رصيد افتتاحي قبل سجل المبيعات' AS note FROM o, start
                  UNION ALL
                  SELECT variant_id, inventory_id, quantity, at, reason, reference_type, reference_id, unit_cost, user_id, NULL FROM h_moves),
            ins AS (
              INSERT INTO stock_movements (id, variant_id, inventory_id, quantity, balance_after, reason, reference_type, reference_id, unit_cost, user_id, note, at)
              SELECT ${uuid7('at')}, variant_id, inventory_id, quantity,
                     sum(quantity) OVER (PARTITION BY variant_id, inventory_id ORDER BY at, reason <> 'opening' ROWS UNBOUNDED PRECEDING),
                     reason, reference_type, reference_id, unit_cost, user_id, note, at
                FROM m
              RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
    );
    progress({ phase: 'stock', message: `${moved[0].n} stock movements` });

    // Shift closing figures: expected cash from the drawer's payments and refunds, a few small differences.
    await db.query(
      `UPDATE shifts s SET expected_cash = s.opening_cash + COALESCE(p.net, 0),
              counted_cash = s.opening_cash + COALESCE(p.net, 0) + x.diff, difference = x.diff
         FROM h_shifts h
         LEFT JOIN (SELECT shift_id, sum(CASE WHEN kind = 'refund' THEN -amount ELSE amount END) AS net FROM sale_payments
                     WHERE method_id = $1 AND shift_id IN (SELECT id FROM h_shifts) GROUP BY shift_id) p ON p.shift_id = h.id
        CROSS JOIN LATERAL (SELECT CASE WHEN random() < 0.04 THEN (round((random() - 0.6) * 20) * 50)::bigint ELSE 0 END AS diff) x
        WHERE s.id = h.id AND h.status = 'closed'`,
      [cash],
    );
    // Counters at the last number used, so real sales and returns continue the sequences.
    await db.query(
      `INSERT INTO document_sequences (key, last)
       SELECT c.seq_key, c.seq_start + sum(h.cnt) FROM h_cashiers c JOIN h_days h ON h.cashier = c.n GROUP BY c.seq_key, c.seq_start HAVING sum(h.cnt) > 0
       UNION ALL
       SELECT seq_key, max(seq) FROM h_returns GROUP BY seq_key
       ON CONFLICT (key) DO UPDATE SET last = greatest(document_sequences.last, EXCLUDED.last)`,
    );

    progress({
      phase: 'indexes',
      message: `rebuilding ${indexes.length} indexes and ${constraints.length} constraints`,
    });
    for (const i of indexes) await db.query(i.def);
    for (const c of constraints)
      await db.query(`ALTER TABLE ${c.tbl} ADD CONSTRAINT "${c.name}" ${c.def}`);
    const { n: sequenceMismatches } = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT c.seq_key AS key, max(substring(i.number FROM length(c.prefix) + 1)::bigint) AS used
           FROM sales_invoices i JOIN h_cashiers c ON c.branch_id = i.branch_id AND c.register = i.register
          GROUP BY c.seq_key
         UNION ALL
         SELECT r.seq_key, max(substring(x.number FROM length(r.prefix) + 1)::bigint)
           FROM sale_returns x JOIN (SELECT DISTINCT branch_id, seq_key, prefix FROM h_returns) r ON r.branch_id = x.branch_id GROUP BY r.seq_key) x
       JOIN document_sequences d ON d.key = x.key WHERE d.last IS DISTINCT FROM x.used`,
    );
    // The shifts' running tallies (the live shift totals start from them), from their documents.
    await db.query(recomputeShiftTalliesSql('s.id IN (SELECT id FROM h_shifts)'));
    const { shifts } = await one<{ shifts: number }>(
      'SELECT count(*)::int AS shifts FROM h_shifts',
    );
    await db.query(
      'DROP TABLE IF EXISTS h_cashiers, h_variants, h_shifts, h_days, h_moves, h_ret, h_returns',
    );
    await db.query('COMMIT');

    // The report aggregates are kept by the sale commands' subscribers; a bulk load refills them
    // from the lines (the whole history: a fresh recomputation, not an addition).
    progress({ phase: 'aggregates', message: 'Report aggregates rebuilt from the lines' });
    await rebuildReportAggregates(db);

    progress({ phase: 'vacuum', message: 'VACUUM ANALYZE' });
    for (const t of [...LOADED_TABLES, 'shifts', 'stock_levels', 'document_sequences'])
      await db.query(`VACUUM ANALYZE ${t}`);

    const { ledger } = await one<{ ledger: number }>(
      `SELECT count(*)::int AS ledger FROM (
         SELECT 1 FROM stock_levels s LEFT JOIN stock_movements m ON m.variant_id = s.variant_id AND m.inventory_id = s.inventory_id
          GROUP BY s.variant_id, s.inventory_id, s.on_hand HAVING s.on_hand <> COALESCE(sum(m.quantity), 0)) x`,
    );
    const { bad } = await one<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM sales_invoices i JOIN (SELECT invoice_id, sum(line_total) AS total FROM sale_lines GROUP BY 1) l ON l.invoice_id = i.id
        WHERE i.total <> l.total OR i.paid_total + i.due_amount <> i.total`,
    );
    progress({
      phase: 'check',
      message: `ledger mismatches ${ledger}, invoice mismatches ${bad}, sequence mismatches ${sequenceMismatches}`,
    });
    return {
      invoices: done,
      lines,
      payments,
      returns,
      movements: moved[0].n,
      shifts,
      ledgerMismatches: ledger,
      invoiceMismatches: bad,
      sequenceMismatches,
      ms: Date.now() - t0,
    };
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
