import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  MAX_STATEMENT_LINES,
  type AccountStatementDto,
  type AccountStatementQueryDto,
  type AccountType,
  type BalanceSheetDto,
  type BalanceSheetQueryDto,
  type IncomeStatementDto,
  type PeriodReportQueryDto,
  type ReportAccountRowDto,
  type ReportSectionDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { readStoreTimeZone } from '../../settings';
import { rowFields } from '../../../core/database/row-fields';

const num = (v: unknown) => Number(v ?? 0);

type AccountRow = {
  id: string;
  code: string;
  name_ar: string;
  name_en: string | null;
  type: AccountType;
  normal_side: 'debit' | 'credit';
  parent_id: string | null;
  system_key: string | null;
};

/** The range's bounds as moments: the start of `from` and of the day after `to`, store time zone. */
const BOUNDS = `CASE WHEN $1::date IS NULL THEN NULL ELSE ($1::date)::timestamp AT TIME ZONE $3 END`;
const UPPER = `CASE WHEN $2::date IS NULL THEN NULL ELSE ($2::date + 1)::timestamp AT TIME ZONE $3 END`;

/**
 * The account statement, income statement and balance sheet (issue 13 item 6): plain sums over
 * journal_lines ⋈ journal_entries. Days are the store's (its time zone); a user who does not see
 * every branch reads only their own branch's lines whatever branch they ask for.
 */
@Injectable()
export class AccountingReportQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private branch(user: AuthUser, requested?: string): string | null {
    return branchReadScope(user) ?? requested ?? null;
  }

  private checkDates(dates: (string | undefined)[], user: AuthUser): void {
    if (dates.some(Boolean) && !user.permissions.includes('can_use_date_filter'))
      throw new AppException('DATE_FILTER_FORBIDDEN', HttpStatus.FORBIDDEN);
  }

  private async chart(): Promise<AccountRow[]> {
    return this.ds.query(
      `SELECT id, code, name_ar, name_en, type, normal_side, parent_id, system_key FROM accounts ORDER BY code`,
    );
  }

  async statement(query: AccountStatementQueryDto, user: AuthUser): Promise<AccountStatementDto> {
    this.checkDates([query.from, query.to], user);
    if (!query.partyType !== !query.partyId)
      throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST);
    const [account] = (await this.ds.query(
      `SELECT id, code, name_ar, name_en, type, normal_side FROM accounts WHERE id = $1`,
      [query.accountId],
    )) as AccountRow[];
    if (!account) throw Errors.notFound();
    const tz = await readStoreTimeZone(this.ds);
    const branch = this.branch(user, query.branchId);
    // The account and its sub-accounts (a group account's statement is its tree's).
    const params = [
      query.from ?? null,
      query.to ?? null,
      tz,
      account.id,
      branch,
      query.partyType ?? null,
      query.partyId ?? null,
    ];
    const scope = `WITH RECURSIVE tree AS (
         SELECT id FROM accounts WHERE id = $4
         UNION ALL SELECT a.id FROM accounts a JOIN tree t ON a.parent_id = t.id),
       bounds AS (SELECT ${BOUNDS} AS lo, ${UPPER} AS hi)`;
    const filter = `l.account_id IN (SELECT id FROM tree)
         AND ($5::uuid IS NULL OR l.branch_id = $5)
         AND ($6::text IS NULL OR (l.party_type = $6 AND l.party_id = $7::uuid))`;
    const [{ opening }] = await this.ds.query(
      `${scope}
       SELECT COALESCE(sum(l.debit - l.credit), 0) AS opening
         FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id CROSS JOIN bounds b
        WHERE b.lo IS NOT NULL AND e.occurred_at < b.lo AND ${filter}`,
      params,
    );
    const rows: Record<string, string | null>[] = await this.ds.query(
      `${scope}
       SELECT e.id, e.number, to_char(e.occurred_at AT TIME ZONE $3, 'YYYY-MM-DD') AS day,
              e.source_type, e.source_id, e.source_number, COALESCE(l.memo, e.description) AS description,
              l.debit, l.credit
         FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id CROSS JOIN bounds b
        WHERE (b.lo IS NULL OR e.occurred_at >= b.lo) AND (b.hi IS NULL OR e.occurred_at < b.hi)
          AND ${filter}
        ORDER BY e.occurred_at, e.number, l.line_no
        LIMIT ${MAX_STATEMENT_LINES + 1}`,
      params,
    );
    if (rows.length > MAX_STATEMENT_LINES)
      throw new AppException('STATEMENT_TOO_LONG', HttpStatus.BAD_REQUEST, {
        max: MAX_STATEMENT_LINES,
      });
    const sign = account.normal_side === 'debit' ? 1 : -1;
    let balance = sign * num(opening);
    const openingBalance = balance;
    let debit = 0;
    let credit = 0;
    const lines = rows.map((r) => {
      debit += num(r.debit);
      credit += num(r.credit);
      balance += sign * (num(r.debit) - num(r.credit));
      return {
        entryId: r.id!,
        entryNumber: num(r.number),
        day: r.day!,
        ...rowFields(r, ['source_type', 'source_id', 'source_number', 'description']),
        debit: num(r.debit),
        credit: num(r.credit),
        balance,
      };
    });
    return {
      account: {
        id: account.id,
        code: account.code,
        nameAr: account.name_ar,
        nameEn: account.name_en,
        type: account.type,
        normalSide: account.normal_side,
      },
      from: query.from ?? null,
      to: query.to ?? null,
      branchId: branch,
      partyType: query.partyType ?? null,
      partyId: query.partyId ?? null,
      partyName: await this.partyName(query.partyType, query.partyId),
      opening: openingBalance,
      lines,
      totals: { debit, credit },
      closing: balance,
    };
  }

  private async partyName(type?: string, id?: string): Promise<string | null> {
    if (!type || !id) return null;
    const table = type === 'customer' ? 'customers' : 'vendors';
    const [exists] = await this.ds.query(`SELECT to_regclass($1) AS t`, [table]);
    if (!exists?.t) return null;
    const [row] = await this.ds.query(`SELECT name FROM ${table} WHERE id = $1`, [id]);
    return row?.name ?? null;
  }

  /** Σ(debit − credit) per account over the lines in [lo, hi) of a branch (or all). */
  private async sums(
    from: string | null,
    to: string | null,
    branch: string | null,
  ): Promise<Map<string, number>> {
    const tz = await readStoreTimeZone(this.ds);
    const rows: { account_id: string; net: string }[] = await this.ds.query(
      `WITH bounds AS (SELECT ${BOUNDS} AS lo, ${UPPER} AS hi)
       SELECT l.account_id, sum(l.debit - l.credit) AS net
         FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id CROSS JOIN bounds b
        WHERE (b.lo IS NULL OR e.occurred_at >= b.lo) AND (b.hi IS NULL OR e.occurred_at < b.hi)
          AND ($4::uuid IS NULL OR l.branch_id = $4)
        GROUP BY l.account_id`,
      [from, to, tz, branch],
    );
    return new Map(rows.map((r) => [r.account_id, num(r.net)]));
  }

  async incomeStatement(query: PeriodReportQueryDto, user: AuthUser): Promise<IncomeStatementDto> {
    this.checkDates([query.from, query.to], user);
    const branch = this.branch(user, query.branchId);
    const [chart, sums] = await Promise.all([
      this.chart(),
      this.sums(query.from ?? null, query.to ?? null, branch),
    ]);
    const under = ancestry(chart);
    const sections = {
      revenue: [] as ReportAccountRowDto[],
      contraRevenue: [] as ReportAccountRowDto[],
      cogs: [] as ReportAccountRowDto[],
      expenses: [] as ReportAccountRowDto[],
      otherIncome: [] as ReportAccountRowDto[],
    };
    for (const a of chart) {
      const net = sums.get(a.id);
      if (!net) continue;
      if (a.type === 'revenue') {
        if (under(a, 'other_income')) sections.otherIncome.push(row(a, -net));
        else if (a.normal_side === 'debit') sections.contraRevenue.push(row(a, net));
        else sections.revenue.push(row(a, -net));
      } else if (a.type === 'expense') {
        if (under(a, 'cogs')) sections.cogs.push(row(a, net));
        else sections.expenses.push(row(a, net));
      }
    }
    const revenue = section(sections.revenue);
    const contraRevenue = section(sections.contraRevenue);
    const cogs = section(sections.cogs);
    const expenses = section(sections.expenses);
    const otherIncome = section(sections.otherIncome);
    const netSales = revenue.total - contraRevenue.total;
    const grossProfit = netSales - cogs.total;
    return {
      from: query.from ?? null,
      to: query.to ?? null,
      branchId: branch,
      revenue,
      contraRevenue,
      netSales,
      cogs,
      grossProfit,
      expenses,
      otherIncome,
      netProfit: grossProfit - expenses.total + otherIncome.total,
    };
  }

  async balanceSheet(query: BalanceSheetQueryDto, user: AuthUser): Promise<BalanceSheetDto> {
    const tz = await readStoreTimeZone(this.ds);
    const [{ today }] = await this.ds.query(
      `SELECT to_char((now() AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS today`,
      [tz],
    );
    if (query.at && query.at !== today) this.checkDates([query.at], user);
    const at = query.at ?? (today as string);
    const branch = this.branch(user, query.branchId);
    const [chart, sums] = await Promise.all([this.chart(), this.sums(null, at, branch)]);
    const assets: ReportAccountRowDto[] = [];
    const liabilities: ReportAccountRowDto[] = [];
    const equity: ReportAccountRowDto[] = [];
    let profit = 0;
    for (const a of chart) {
      const net = sums.get(a.id);
      if (!net) continue;
      if (a.type === 'asset') assets.push(row(a, net));
      else if (a.type === 'liability') liabilities.push(row(a, -net));
      else if (a.type === 'equity') equity.push(row(a, -net));
      else profit -= net;
    }
    const a = section(assets);
    const l = section(liabilities);
    const e = section(equity);
    // Zero for every branch together (every entry balances); for one branch, what entries whose
    // lines lie in several branches (or none) leave on this one.
    const interBranch = a.total - l.total - e.total - profit;
    const totalEquity = e.total + profit + interBranch;
    return {
      at,
      branchId: branch,
      assets: a,
      liabilities: l,
      equity: e,
      profit,
      interBranch,
      totalEquity,
      totalLiabilitiesAndEquity: l.total + totalEquity,
    };
  }
}

function row(a: AccountRow, amount: number): ReportAccountRowDto {
  return { accountId: a.id, code: a.code, nameAr: a.name_ar, nameEn: a.name_en, amount };
}

function section(rows: ReportAccountRowDto[]): ReportSectionDto {
  return { rows, total: rows.reduce((s, r) => s + r.amount, 0) };
}

/** Whether an account is, or lies under, the system account with a key. */
function ancestry(chart: AccountRow[]): (a: AccountRow, key: string) => boolean {
  const byId = new Map(chart.map((a) => [a.id, a]));
  return (a, key) => {
    for (let at: AccountRow | undefined = a, n = 0; at && n < 64; at = byId.get(at.parent_id!), n++)
      if (at.system_key === key) return true;
    return false;
  };
}
