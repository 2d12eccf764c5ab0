import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  LedgerAccountDto,
  JournalEntryDto,
  JournalListQueryDto,
  TrialBalanceDto,
  TrialBalanceQueryDto,
  TrialBalanceRowDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { readStoreTimeZone } from '../../settings';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { pageOf } from '../../../core/http/list';
import { rowFields } from '../../../core/database/row-fields';

const num = (v: unknown) => Number(v ?? 0);

/** Reads of the books. Branch: a user who does not see every branch reads their own branch's lines. */
@Injectable()
export class AccountingQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async account(id: string): Promise<LedgerAccountDto> {
    const [row] = await this.accounts(id);
    if (!row) throw Errors.notFound();
    return row;
  }

  async accounts(id?: string): Promise<LedgerAccountDto[]> {
    const rows = await this.ds.query(
      `SELECT id, code, name_ar, name_en, type, normal_side, parent_id, system_key, is_group, active FROM accounts
        WHERE $1::uuid IS NULL OR id = $1 ORDER BY code`,
      [id ?? null],
    );
    return rows.map((r: Record<string, never>) => ({
      ...rowFields(r, [
        'id',
        'code',
        'name_ar',
        'name_en',
        'type',
        'normal_side',
        'parent_id',
        'system_key',
        'is_group',
        'active',
      ]),
    }));
  }

  /** The branch the lines are filtered on: the user's own unless they see every branch. */
  private branch(user: AuthUser, requested?: string): string | null {
    return branchReadScope(user) ?? requested ?? null;
  }

  private checkDates(query: { from?: string; to?: string }, user: AuthUser): void {
    if ((query.from || query.to) && !user.permissions.includes('can_use_date_filter'))
      throw new AppException('DATE_FILTER_FORBIDDEN', 403);
  }

  async trialBalance(query: TrialBalanceQueryDto, user: AuthUser): Promise<TrialBalanceDto> {
    this.checkDates(query, user);
    const tz = await readStoreTimeZone(this.ds);
    // Whole UTC hours come from journal_hourly_balances and the postings' journal_hourly_deltas
    // not folded into it yet (the postings fold them now and then, so they stay few); only an hour
    // cut by a range edge (a store time zone with a fractional offset) is read line by line.
    const rows = await this.ds.query(
      `WITH bounds AS (
         SELECT CASE WHEN $1::date IS NULL THEN NULL ELSE ($1::date)::timestamp AT TIME ZONE $3 END AS lo,
                CASE WHEN $2::date IS NULL THEN NULL ELSE ($2::date + 1)::timestamp AT TIME ZONE $3 END AS hi),
       cut AS (
         SELECT b.lo, b.hi,
                CASE WHEN b.lo <> date_trunc('hour', b.lo, 'UTC') THEN date_trunc('hour', b.lo, 'UTC') END AS lo_hour,
                CASE WHEN b.hi <> date_trunc('hour', b.hi, 'UTC') THEN date_trunc('hour', b.hi, 'UTC') END AS hi_hour
           FROM bounds b),
       moves AS (
         SELECT h.account_id, h.hour_start AS at, h.debit, h.credit
           FROM (SELECT account_id, branch_id, hour_start, debit, credit FROM journal_hourly_balances
                 UNION ALL
                 SELECT account_id, branch_id, hour_start, debit, credit FROM journal_hourly_deltas) h
          CROSS JOIN cut c
          WHERE (c.hi IS NULL OR h.hour_start < c.hi) AND ($4::uuid IS NULL OR h.branch_id = $4)
            AND h.hour_start IS DISTINCT FROM c.lo_hour AND h.hour_start IS DISTINCT FROM c.hi_hour
         UNION ALL
         SELECT l.account_id, e.occurred_at, l.debit, l.credit
           FROM cut c JOIN journal_entries e
             ON (e.occurred_at >= c.lo_hour AND e.occurred_at < c.lo_hour + interval '1 hour')
             OR (e.occurred_at >= c.hi_hour AND e.occurred_at < c.hi)
           JOIN journal_lines l ON l.entry_id = e.id
          WHERE (c.hi IS NULL OR e.occurred_at < c.hi) AND ($4::uuid IS NULL OR l.branch_id = $4)),
       sums AS (
         SELECT m.account_id,
                sum(m.debit - m.credit) FILTER (WHERE c.lo IS NOT NULL AND m.at < c.lo) AS opening,
                sum(m.debit) FILTER (WHERE c.lo IS NULL OR m.at >= c.lo) AS debit,
                sum(m.credit) FILTER (WHERE c.lo IS NULL OR m.at >= c.lo) AS credit
           FROM moves m CROSS JOIN cut c
          GROUP BY m.account_id)
       SELECT a.id, a.code, a.name_ar, a.name_en, a.type, COALESCE(s.opening, 0) AS opening, COALESCE(s.debit, 0) AS debit, COALESCE(s.credit, 0) AS credit
         FROM sums s JOIN accounts a ON a.id = s.account_id
        ORDER BY a.code`,
      [query.from ?? null, query.to ?? null, tz, this.branch(user, query.branchId)],
    );
    const out: TrialBalanceRowDto[] = rows.map((r: Record<string, string>) => {
      const opening = num(r.opening);
      const closing = opening + num(r.debit) - num(r.credit);
      return {
        accountId: r.id,
        ...rowFields(r, ['code', 'name_ar', 'name_en', 'type']),
        openingDebit: Math.max(opening, 0),
        openingCredit: Math.max(-opening, 0),
        debit: num(r.debit),
        credit: num(r.credit),
        closingDebit: Math.max(closing, 0),
        closingCredit: Math.max(-closing, 0),
      } as TrialBalanceRowDto;
    });
    const sum = (k: keyof TrialBalanceDto['totals']) => out.reduce((s, r) => s + r[k], 0);
    return {
      from: query.from ?? null,
      to: query.to ?? null,
      rows: out,
      totals: {
        openingDebit: sum('openingDebit'),
        openingCredit: sum('openingCredit'),
        debit: sum('debit'),
        credit: sum('credit'),
        closingDebit: sum('closingDebit'),
        closingCredit: sum('closingCredit'),
      },
    };
  }

  async entry(id: string, user: AuthUser): Promise<JournalEntryDto> {
    const { rows } = await this.journal(
      { entryId: id } as JournalListQueryDto & { entryId: string },
      user,
    );
    if (!rows.length) throw Errors.notFound();
    return rows[0];
  }

  async journal(
    query: JournalListQueryDto & { entryId?: string },
    user: AuthUser,
  ): Promise<{ rows: JournalEntryDto[]; total: number }> {
    this.checkDates(query, user);
    const tz = await readStoreTimeZone(this.ds);
    const { skip, take } = pageOf(query, 25);
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replaceAll('?', `$${params.length}`));
    };
    const branch = this.branch(user, query.branchId);
    if (branch)
      add(
        'EXISTS (SELECT 1 FROM journal_lines bl WHERE bl.entry_id = e.id AND bl.branch_id = ?)',
        branch,
      );
    if (query.accountId)
      add(
        'EXISTS (SELECT 1 FROM journal_lines al WHERE al.entry_id = e.id AND al.account_id = ?)',
        query.accountId,
      );
    if (query.entryId) add('e.id = ?', query.entryId);
    if (query.sourceType) add('e.source_type = ?', query.sourceType);
    if (query.sourceId) add('e.source_id = ?', query.sourceId);
    if (query.from || query.to) params.push(tz);
    const tzParam = `$${params.length}`;
    if (query.from)
      add(`e.occurred_at >= (?::date)::timestamp AT TIME ZONE ${tzParam}`, query.from);
    if (query.to) add(`e.occurred_at < (?::date + 1)::timestamp AT TIME ZONE ${tzParam}`, query.to);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM journal_entries e ${filter}`,
      params,
    );
    // A user who reads one branch sees of an entry only the lines of that branch (issue 30 item
    // 16): an entry of another branch touching theirs (a purchase received into their stock)
    // shows their line, not the other branch's vault or vendor; `hiddenLines` says how many
    // lines were left out.
    const lineBranch = `$${params.length + 1}::uuid`;
    const rows = await this.ds.query(
      `SELECT e.*, (SELECT json_agg(json_build_object(
                 'lineNo', l.line_no, 'accountId', l.account_id, 'accountCode', a.code, 'accountNameAr', a.name_ar,
                 'accountNameEn', a.name_en, 'debit', l.debit, 'credit', l.credit, 'branchId', l.branch_id,
                 'partyType', l.party_type, 'partyId', l.party_id, 'memo', l.memo) ORDER BY l.line_no)
                 FROM journal_lines l JOIN accounts a ON a.id = l.account_id
                WHERE l.entry_id = e.id AND (${lineBranch} IS NULL OR l.branch_id = ${lineBranch})) AS lines,
              (SELECT count(*)::int FROM journal_lines hl WHERE hl.entry_id = e.id
                  AND ${lineBranch} IS NOT NULL AND hl.branch_id IS DISTINCT FROM ${lineBranch}) AS hidden_lines,
              CASE e.source_type
                WHEN 'stock_adjustment' THEN (SELECT m.inventory_id FROM stock_movements m
                                               WHERE m.reference_type = 'stock_adjustment' AND m.reference_id = e.source_id LIMIT 1)
                WHEN 'variant' THEN (SELECT v.product_id FROM variants v WHERE v.id = e.source_id)
                WHEN 'purchase_return' THEN (SELECT r.invoice_id FROM purchase_returns r WHERE r.id = e.source_id)
                WHEN 'installment_payment' THEN (SELECT ip.plan_id FROM installment_payments ip WHERE ip.id = e.source_id)
                WHEN 'return' THEN (SELECT r.invoice_id FROM sale_returns r WHERE r.id = e.source_id)
                WHEN 'gift_card' THEN (SELECT g.card_id FROM gift_card_ledger g WHERE g.id = e.source_id)
                WHEN 'loyalty' THEN COALESCE((SELECT r.invoice_id FROM sale_returns r WHERE r.id = e.source_id),
                                             (SELECT i.id FROM sales_invoices i WHERE i.id = e.source_id)) END AS source_parent_id
         FROM journal_entries e ${filter}
        ORDER BY e.number DESC LIMIT ${take} OFFSET ${skip}`,
      [...params, branch],
    );
    return { rows: rows.map(toEntry), total };
  }
}

function toEntry(r: Record<string, never>): JournalEntryDto {
  return {
    id: r.id,
    number: num(r.number),
    occurredAt: new Date(r.occurred_at).toISOString(),
    ...rowFields(r, ['branch_id', 'source_type', 'source_id', 'source_number']),
    sourceParentId: r.source_parent_id ?? null,
    ...rowFields(r, ['description', 'reference', 'reverses_id', 'reversed_by_id', 'created_by']),
    hiddenLines: num(r.hidden_lines),
    lines: ((r.lines ?? []) as Record<string, unknown>[]).map((l) => ({
      ...l,
      debit: num(l.debit),
      credit: num(l.credit),
    })) as JournalEntryDto['lines'],
  };
}
