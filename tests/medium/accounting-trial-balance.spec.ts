import { randomUUID } from 'node:crypto';
import { Client, createTestApp, type TestApp } from './support/app';

// Issue 13: the trial balance reads journal_hourly_balances (movements per account, branch and
// UTC hour) with the rows a trigger on journal_lines appends to journal_hourly_deltas until a
// posting folds them in, and the raw lines only for an hour a range edge cuts. Whatever the store's time zone, range and branch, it must equal the lines summed one by one.
describe('trial balance from the hourly balances', () => {
  let t: TestApp;
  let admin: Client;
  let branches: string[];
  let accounts: Record<string, string>;
  let zone: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    branches = (await t.ds.query('SELECT id FROM branches ORDER BY id LIMIT 2')).map(
      (r: { id: string }) => r.id,
    );
    // Accounts of this spec's own, so that its entries move no account another spec checks.
    const tag = randomUUID().slice(0, 8);
    const chart: [string, string, string][] = [
      ['cash', 'asset', 'debit'],
      ['bank', 'asset', 'debit'],
      ['sales', 'revenue', 'credit'],
      ['capital', 'equity', 'credit'],
      ['cogs', 'expense', 'debit'],
    ];
    accounts = {};
    for (const [key, type, side] of chart)
      [{ id: accounts[key] }] = await t.ds.query(
        `INSERT INTO accounts (code, name_ar, type, normal_side) VALUES ($1, $2, $3, $4) RETURNING id`,
        [`TB-${tag}-${key}`, `ميزان ${key}`, type, side],
      );
    [{ time_zone: zone }] = await t.ds.query('SELECT time_zone FROM store_settings WHERE id = 1');
  });
  afterAll(async () => {
    await t.ds.query('UPDATE store_settings SET time_zone = $1 WHERE id = 1', [zone]);
    await t.close();
  });

  /** The lines summed one by one, the range applied per line in the time zone `tz`. */
  const naive = async (from: string | null, to: string | null, tz: string, branch: string | null) =>
    (
      await t.ds.query(
        `WITH b AS (SELECT CASE WHEN $1::date IS NULL THEN NULL ELSE ($1::date)::timestamp AT TIME ZONE $3 END AS lo,
                           CASE WHEN $2::date IS NULL THEN NULL ELSE ($2::date + 1)::timestamp AT TIME ZONE $3 END AS hi)
         SELECT l.account_id,
                COALESCE(sum(l.debit - l.credit) FILTER (WHERE b.lo IS NOT NULL AND e.occurred_at < b.lo), 0)::bigint AS opening,
                COALESCE(sum(l.debit) FILTER (WHERE b.lo IS NULL OR e.occurred_at >= b.lo), 0)::bigint AS debit,
                COALESCE(sum(l.credit) FILTER (WHERE b.lo IS NULL OR e.occurred_at >= b.lo), 0)::bigint AS credit
           FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id CROSS JOIN b
          WHERE (b.hi IS NULL OR e.occurred_at < b.hi) AND ($4::uuid IS NULL OR l.branch_id = $4)
          GROUP BY l.account_id`,
        [from, to, tz, branch],
      )
    )
      .map(
        (r: Record<string, string>) =>
          `${r.account_id} ${Number(r.opening)} ${Number(r.debit)} ${Number(r.credit)}`,
      )
      .sort();

  const api = async (from: string | null, to: string | null, branch: string | null) => {
    const q = new URLSearchParams();
    if (from) q.set('from', from);
    if (to) q.set('to', to);
    if (branch) q.set('branchId', branch);
    const res = await admin.get(`/api/reports/TrialBalance?${q}`);
    expect(res.status).toBe(200);
    return (
      res.body.rows as {
        accountId: string;
        openingDebit: number;
        openingCredit: number;
        debit: number;
        credit: number;
      }[]
    )
      .map((r) => `${r.accountId} ${r.openingDebit - r.openingCredit} ${r.debit} ${r.credit}`)
      .sort();
  };

  /** One entry of three lines at each instant, several entries a statement, random accounts. */
  const postAt = async (instants: string[]) => {
    const keys = Object.keys(accounts);
    const pick = () => accounts[keys[Math.floor(Math.random() * keys.length)]];
    for (let start = 0; start < instants.length;) {
      const at = instants.slice(start, start + 1 + Math.floor(Math.random() * 5));
      start += at.length;
      const ids = at.map(() => randomUUID());
      const branch = ids.map((_, i) => (i % 3 === 2 ? null : branches[i % branches.length]));
      const lines: [string, number, string, number, number, string | null][] = [];
      ids.forEach((id, i) => {
        const amount = 8 + Math.floor(Math.random() * 1_000_000);
        lines.push([id, 1, pick(), amount, 0, branch[i]]);
        lines.push([id, 2, pick(), 0, amount - 7, branch[i]]);
        lines.push([id, 3, pick(), 0, 7, branches[(i + 1) % branches.length]]);
      });
      await t.ds.transaction(async (m) => {
        await m.query(
          `INSERT INTO journal_entries (id, occurred_at, branch_id, source_type)
           SELECT *, 'manual' FROM unnest($1::uuid[], $2::timestamptz[], $3::uuid[])`,
          [ids, at, branch],
        );
        await m.query(
          `INSERT INTO journal_lines (entry_id, line_no, account_id, debit, credit, branch_id)
           SELECT * FROM unnest($1::uuid[], $2::smallint[], $3::uuid[], $4::bigint[], $5::bigint[], $6::uuid[])`,
          [0, 1, 2, 3, 4, 5].map((k) => lines.map((l) => l[k])),
        );
      });
    }
  };

  const hourlyMatchesLines = async () =>
    (
      await t.ds.query(
        `SELECT count(*)::int AS n FROM (
           SELECT account_id, branch_id, hour_start, sum(debit), sum(credit) FROM (
             SELECT * FROM journal_hourly_balances UNION ALL SELECT * FROM journal_hourly_deltas) h GROUP BY 1, 2, 3
           EXCEPT ALL
           SELECT l.account_id, l.branch_id, date_trunc('hour', e.occurred_at, 'UTC'), sum(l.debit), sum(l.credit)
             FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id GROUP BY 1, 2, 3) x`,
      )
    )[0].n +
    (
      await t.ds.query(
        `SELECT count(*)::int AS n FROM (
           SELECT l.account_id, l.branch_id, date_trunc('hour', e.occurred_at, 'UTC'), sum(l.debit), sum(l.credit)
             FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id GROUP BY 1, 2, 3
           EXCEPT ALL
           SELECT account_id, branch_id, hour_start, sum(debit), sum(credit) FROM (
             SELECT * FROM journal_hourly_balances UNION ALL SELECT * FROM journal_hourly_deltas) h GROUP BY 1, 2, 3) x`,
      )
    )[0].n;

  it('keeps the hourly balances equal to the lines, through bulk postings and reversals', async () => {
    await postAt(
      Array.from({ length: 120 }, () =>
        new Date(Date.now() - Math.floor(Math.random() * 40 * 86_400_000)).toISOString(),
      ),
    );
    expect(await hourlyMatchesLines()).toBe(0);
    const deltas = async () =>
      (await t.ds.query('SELECT count(*)::int AS n FROM journal_hourly_deltas'))[0].n;
    // Reading writes nothing; a fold empties the deltas and keeps the sums.
    const pending = await deltas();
    expect((await admin.get('/api/reports/TrialBalance')).status).toBe(200);
    expect(await deltas()).toBe(pending);
    await t.ds.query('SELECT journal_hourly_fold()');
    expect(await deltas()).toBe(0);
    expect(await hourlyMatchesLines()).toBe(0);
    // Every hundredth posting statement folds by itself: 100 statements of two lines would
    // leave 200 rows otherwise.
    const entryId = randomUUID();
    await t.ds.query(
      `DO $$ BEGIN
         INSERT INTO journal_entries (id, source_type) VALUES ('${entryId}', 'manual');
         FOR i IN 1..100 LOOP
           INSERT INTO journal_lines (entry_id, line_no, account_id, debit, credit)
           VALUES ('${entryId}', i, '${accounts.cash}', i, 0), ('${entryId}', 100 + i, '${accounts.sales}', 0, i);
         END LOOP; END $$`,
    );
    expect(await deltas()).toBeLessThan(200);
    expect(await hourlyMatchesLines()).toBe(0);

    // A manual entry and its reversal through the API.
    const today = (
      await t.ds.query(`SELECT to_char((now() AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS d`, [zone])
    )[0].d;
    const entry = {
      id: randomUUID(),
      date: today,
      lines: [
        { accountId: accounts.bank, debit: 250_000, branchId: branches[0] },
        { accountId: accounts.capital, credit: 250_000, branchId: branches[0] },
      ],
    };
    expect((await admin.post('/api/JournalEntries', entry)).status).toBe(201);
    const before = await api(today, today, branches[0]);
    expect((await admin.post(`/api/JournalEntries/${entry.id}/reverse`, {})).status).toBe(201);
    expect(await hourlyMatchesLines()).toBe(0);
    const after = await api(today, today, branches[0]);
    const bank = (rows: string[]) => rows.find((r) => r.startsWith(accounts.bank))!.split(' ');
    expect(Number(bank(after)[2])).toBe(Number(bank(before)[2]));
    expect(Number(bank(after)[3])).toBe(Number(bank(before)[3]) + 250_000);
  });

  it('equals the lines summed one by one for any time zone, range and branch', async () => {
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const ranges: [string | null, string | null][] = [
      [null, null],
      [day(30), day(0)],
      [day(10), null],
      [null, day(5)],
      [day(7), day(7)],
      [day(20), day(3)],
    ];
    // Whole-hour, half-hour and quarter-hour offsets from UTC.
    const zones = ['Africa/Cairo', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns'];
    // Entries minutes either side of every range edge in every zone, so that each cut hour holds
    // lines on both sides of the edge.
    const days = [...new Set(ranges.flat().filter((d): d is string => d !== null))];
    const edges: { at: string }[] = await t.ds.query(
      `SELECT to_char((((d::date + k)::timestamp AT TIME ZONE z) + m * interval '1 minute') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
         FROM unnest($1::text[]) d, unnest($2::text[]) z, unnest(ARRAY[0, 1]) k, unnest(ARRAY[-50, -20, -1, 0, 1, 20, 50]) m`,
      [days, zones],
    );
    // While another fold holds the lock, postings append only and the report reads the deltas.
    const other = t.ds.createQueryRunner();
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock(1795841000000)');
      await postAt(edges.map((e) => e.at));
      expect(await hourlyMatchesLines()).toBe(0);
      for (const [from, to] of ranges.slice(0, 3)) {
        expect(await api(from, to, null)).toEqual(await naive(from, to, zone, null));
        expect(await api(from, to, branches[1])).toEqual(await naive(from, to, zone, branches[1]));
      }
      expect(
        (await t.ds.query('SELECT count(*)::int AS n FROM journal_hourly_deltas'))[0].n,
      ).toBeGreaterThan(0);
    } finally {
      await other.query('SELECT pg_advisory_unlock(1795841000000)');
      await other.release();
    }
    await t.ds.query('SELECT journal_hourly_fold()');
    for (const tz of zones) {
      await t.ds.query('UPDATE store_settings SET time_zone = $1 WHERE id = 1', [tz]);
      for (const [from, to] of ranges)
        for (const branch of [null, branches[0]]) {
          const expected = await naive(from, to, tz, branch);
          expect(expected.length).toBeGreaterThan(0);
          expect(await api(from, to, branch)).toEqual(expected);
        }
    }
  });

  it('keeps a posted entry on its date', async () => {
    const [{ id }] = await t.ds.query(
      'SELECT entry_id AS id FROM journal_lines ORDER BY entry_id LIMIT 1',
    );
    await expect(
      t.ds.query(
        `UPDATE journal_entries SET occurred_at = occurred_at + interval '1 hour' WHERE id = $1`,
        [id],
      ),
    ).rejects.toThrow(/keeps its date/);
  });
});
