import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  daysBetween,
  phoneForWhatsApp,
  type DueInstallmentDto,
  type InstallmentDto,
  type InstallmentAwaitingDto,
  type InstallmentFinanceableDto,
  type InstallmentListQueryDto,
  type InstallmentPaymentDto,
  type InstallmentPlanDetailDto,
  type InstallmentPlanRowDto,
  type InstallmentSettlementQuoteDto,
  type InstallmentSummaryDto,
  type InstallmentVaultDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { askedBranch, branchReadScope, branchWriteScope } from '../../../core/auth/branch-scope';
import { loadConfig } from '../../../core/config/config';
import { Errors } from '../../../core/errors/app.exception';
import { ListFilter, listPage } from '../../../core/http/list';
import { readStoreSettings } from '../../settings';
import { owed, planInstallments, settlementQuote, storeToday } from '../plan-rules';
import { columnSorts } from '../../../core/http/column-sorts';
import { rowFields } from '../../../core/database/row-fields';

const n = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** Columns of a plan row (alias p; joins c customers, b branches, s sales_invoices). */
const ROW_COLUMNS = `p.id, p.number, p.status, p.branch_id, b.name AS branch_name, p.customer_id, c.name AS customer_name,
  c.phone AS customer_phone, p.sale_id, s.number AS sale_number, p.count, p.period, p.to_pay, p.created_at,
  COALESCE(x.paid, 0) AS paid, COALESCE(x.owed, 0) AS owed, x.next_due, COALESCE(x.overdue, 0) AS overdue`;
const ROW_FROM = `installment_plans p
  JOIN customers c ON c.id = p.customer_id
  JOIN branches b ON b.id = p.branch_id
  JOIN sales_invoices s ON s.id = p.sale_id
  LEFT JOIN LATERAL (
    SELECT sum(i.paid) AS paid,
           sum(i.amount - i.paid + i.late_fee - i.late_fee_paid) FILTER (WHERE i.status IN ('pending', 'partial', 'overdue')) AS owed,
           (min(i.due_date) FILTER (WHERE i.status IN ('pending', 'partial', 'overdue')))::text AS next_due,
           count(*) FILTER (WHERE i.status = 'overdue')::int AS overdue
      FROM installments i WHERE i.plan_id = p.id) x ON true`;

function toRow(r: Record<string, unknown>): InstallmentPlanRowDto {
  return {
    ...rowFields(r, [
      'id',
      'number',
      'status',
      'branch_id',
      'branch_name',
      'customer_id',
      'customer_name',
      'customer_phone?',
      'sale_id',
      'sale_number',
    ]),
    count: n(r.count),
    period: r.period as InstallmentPlanRowDto['period'],
    toPay: n(r.to_pay),
    paid: n(r.paid),
    outstanding: r.status === 'active' || r.status === 'late' ? n(r.owed) : 0,
    nextDueDate:
      r.status === 'active' || r.status === 'late' ? ((r.next_due as string) ?? null) : null,
    overdueCount: n(r.overdue),
    createdAt: iso(r.created_at)!,
  };
}

/** The reads of /Installments: every one within the user's branch read scope. */
@Injectable()
export class InstallmentsQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The store's calendar day. */
  async today(): Promise<string> {
    const settings = await readStoreSettings(this.ds);
    return storeToday(this.ds.manager, settings.timeZone);
  }

  /** The branch a read looks at: the asked one within the scope (403 outside it), or the scope. */
  async list(
    query: InstallmentListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: InstallmentPlanRowDto[]; total: number }> {
    const filter = new ListFilter()
      .add('p.branch_id = ?', askedBranch(user, query.branchId))
      .add('p.status = ?', query.status)
      .add('p.customer_id = ?', query.customerId)
      .add('p.created_at >= ?::timestamptz', query.from)
      .add('p.created_at < (?::date + 1)', query.to)
      .eachWord(query.q, (p) => `(c.search_text LIKE ${p} OR lower(p.number) LIKE lower(${p}))`);
    const { rows, total } = await listPage(this.ds, query, filter, {
      count:
        'SELECT count(*)::int AS total FROM installment_plans p JOIN customers c ON c.id = p.customer_id',
      select: `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM}`,
      sorts: {
        ...columnSorts('p', ['createdAt', 'number', 'status']),
        nextDueDate: 'x.next_due',
        outstanding: 'COALESCE(x.owed, 0)',
        customerName: 'c.name',
      },
      sort: '-createdAt',
      tie: 'NULLS LAST, p.id',
    });
    return { rows: rows.map(toRow), total };
  }

  async dueToday(user: AuthUser, branchId?: string): Promise<DueInstallmentDto[]> {
    const branch = askedBranch(user, branchId);
    const today = await this.today();
    const rows: Record<string, unknown>[] = await this.ds.query(
      `SELECT i.id, i.seq, i.due_date::text AS due_date, i.amount, i.paid, i.late_fee, i.late_fee_paid, i.status,
              p.id AS plan_id, p.number AS plan_number, p.branch_id, b.name AS branch_name,
              p.customer_id, c.name AS customer_name, c.phone AS customer_phone
         FROM installments i
         JOIN installment_plans p ON p.id = i.plan_id
         JOIN customers c ON c.id = p.customer_id
         JOIN branches b ON b.id = p.branch_id
        WHERE i.status IN ('pending', 'partial', 'overdue') AND i.due_date <= $1::date
          AND p.status IN ('active', 'late') AND ($2::uuid IS NULL OR p.branch_id = $2)
        ORDER BY i.due_date, c.name, i.seq
        LIMIT 2000`,
      [today, branch],
    );
    return rows.map((r) => {
      const figures = {
        amount: n(r.amount),
        paid: n(r.paid),
        lateFee: n(r.late_fee),
        lateFeePaid: n(r.late_fee_paid),
      };
      return {
        installmentId: r.id as string,
        seq: n(r.seq),
        ...rowFields(r, [
          'due_date',
          'plan_id',
          'plan_number',
          'branch_id',
          'branch_name',
          'customer_id',
          'customer_name',
          'customer_phone?',
        ]),
        customerPhoneIntl: phoneForWhatsApp(r.customer_phone as string | null),
        due: owed(figures),
        lateFee: figures.lateFee - figures.lateFeePaid,
        daysLate: Math.max(0, daysBetween(r.due_date as string, today)),
        status: r.status as DueInstallmentDto['status'],
      };
    });
  }

  async summary(user: AuthUser, branchId?: string): Promise<InstallmentSummaryDto> {
    const branch = askedBranch(user, branchId);
    const today = await this.today();
    const [r] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE i.due_date = $1::date)::int AS due_today_count,
              COALESCE(sum(i.amount - i.paid + i.late_fee - i.late_fee_paid) FILTER (WHERE i.due_date = $1::date), 0)::bigint AS due_today_amount,
              count(*) FILTER (WHERE i.due_date < $1::date)::int AS overdue_count,
              COALESCE(sum(i.amount - i.paid + i.late_fee - i.late_fee_paid) FILTER (WHERE i.due_date < $1::date), 0)::bigint AS overdue_amount
         FROM installments i JOIN installment_plans p ON p.id = i.plan_id
        WHERE i.status IN ('pending', 'partial', 'overdue') AND i.due_date <= $1::date
          AND p.status IN ('active', 'late') AND ($2::uuid IS NULL OR p.branch_id = $2)`,
      [today, branch],
    );
    return {
      dueTodayCount: n(r.due_today_count),
      dueTodayAmount: n(r.due_today_amount),
      overdueCount: n(r.overdue_count),
      overdueAmount: n(r.overdue_amount),
    };
  }

  /** A plan the user may read (404 outside their branch scope). */
  private async planRow(id: string, user: AuthUser): Promise<Record<string, unknown>> {
    const [row] = await this.ds.query(
      `SELECT ${ROW_COLUMNS}, p.total_amount, p.down_payment, p.financed, p.interest, p.fee, p.monthly_rate_bp,
              p.first_due_date::text AS first_due_date, p.discount, p.note, p.parent_plan_id, p.created_by,
              c.address AS customer_address, c.national_id AS customer_national_id, c.balance AS customer_balance,
              b.location AS branch_address, b.phone_number AS branch_phone, b.tax_number AS branch_tax_number,
              pp.number AS parent_number, ch.id AS child_id, ch.number AS child_number, u.display_name AS created_by_name
         FROM ${ROW_FROM}
         LEFT JOIN installment_plans pp ON pp.id = p.parent_plan_id
         LEFT JOIN installment_plans ch ON ch.parent_plan_id = p.id
         LEFT JOIN users u ON u.id = p.created_by
        WHERE p.id = $1`,
      [id],
    );
    const scope = branchReadScope(user);
    if (!row || (scope !== null && row.branch_id !== scope)) throw Errors.notFound();
    return row;
  }

  async get(id: string, user: AuthUser): Promise<InstallmentPlanDetailDto> {
    const r = await this.planRow(id, user);
    const [rows, guarantors, payments, lines, history, storeInfo, units] = await Promise.all([
      planInstallments(this.ds.manager, id),
      this.ds.query(
        'SELECT id, name, national_id, phone, address FROM installment_guarantors WHERE plan_id = $1 ORDER BY seq',
        [id],
      ),
      this.ds.query(
        `SELECT ip.id, ip.number, ip.kind, ip.amount, ip.discount, ip.vault_id, v.name AS vault_name, u.display_name AS user_name,
                ip.note, ip.at, ip.balance_after
           FROM installment_payments ip LEFT JOIN vaults v ON v.id = ip.vault_id LEFT JOIN users u ON u.id = ip.user_id
          WHERE ip.plan_id = $1 ORDER BY ip.at, ip.id`,
        [id],
      ),
      this.ds.query(
        `SELECT l.payment_id, l.installment_id, i.seq, l.amount, l.late_fee
           FROM installment_payment_lines l JOIN installments i ON i.id = l.installment_id
           JOIN installment_payments ip ON ip.id = l.payment_id
          WHERE ip.plan_id = $1 ORDER BY i.seq`,
        [id],
      ),
      this.ds.query(
        `SELECT a.at, a.action, u.display_name AS user_name, a.after->>'note' AS note
           FROM audit_logs a LEFT JOIN users u ON u.id = a.user_id
          WHERE a.entity = 'installment_plan' AND a.entity_id = $1 ORDER BY a.at, a.id`,
        [id],
      ),
      this.ds.query('SELECT phone_number, address FROM store_info LIMIT 1'),
      // the financed units' serials and IMEIs (issue 34, docs/decisions/0107): on the contract
      this.ds.query(
        `SELECT p.name_ar AS "productName", u->>'serial' AS serial, u->>'imei2' AS imei2
           FROM sale_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
           CROSS JOIN LATERAL jsonb_array_elements(COALESCE(l.tracked->'serials', '[]'::jsonb)) u
          WHERE l.invoice_id = $1 ORDER BY l.line_no`,
        [r.sale_id],
      ),
    ]);
    const installments: InstallmentDto[] = rows.map((i) => ({
      id: i.id,
      seq: i.seq,
      dueDate: i.dueDate,
      amount: i.amount,
      interest: i.interest,
      paid: i.paid,
      lateFee: i.lateFee,
      lateFeePaid: i.lateFeePaid,
      status: i.status,
      due: i.status === 'rescheduled' ? 0 : owed(i),
      paidAt: null,
    }));
    const paidAt: Record<string, string> = Object.fromEntries(
      (
        await this.ds.query(
          `SELECT id, paid_at FROM installments WHERE plan_id = $1 AND paid_at IS NOT NULL`,
          [id],
        )
      ).map((x: { id: string; paid_at: Date }) => [x.id, x.paid_at.toISOString()]),
    );
    for (const i of installments) i.paidAt = paidAt[i.id] ?? null;
    const row = toRow(r);
    return {
      ...row,
      totalAmount: n(r.total_amount),
      downPayment: n(r.down_payment),
      financed: n(r.financed),
      interest: n(r.interest),
      fee: n(r.fee),
      monthlyRateBp: n(r.monthly_rate_bp),
      firstDueDate: r.first_due_date as string,
      lateFeesCharged: rows.reduce((s, i) => s + i.lateFee, 0),
      lateFeesPaid: rows.reduce((s, i) => s + i.lateFeePaid, 0),
      discount: n(r.discount),
      note: (r.note as string | null) ?? null,
      parentPlan: r.parent_plan_id
        ? { id: r.parent_plan_id as string, number: r.parent_number as string }
        : null,
      childPlan: r.child_id ? { id: r.child_id as string, number: r.child_number as string } : null,
      customer: {
        id: row.customerId,
        name: row.customerName,
        phone: row.customerPhone,
        address: (r.customer_address as string | null) ?? null,
        nationalId: (r.customer_national_id as string | null) ?? null,
        balance: n(r.customer_balance),
      },
      installments,
      units: (units as InstallmentPlanDetailDto['units']).map((u) => ({
        productName: u.productName,
        serial: u.serial,
        imei2: u.imei2 ?? null,
      })),
      guarantors: guarantors.map((g: Record<string, string>) => ({
        id: g.id,
        name: g.name,
        nationalId: g.national_id,
        phone: g.phone,
        address: g.address,
      })),
      payments: payments.map((p: Record<string, unknown>): InstallmentPaymentDto => ({
        id: p.id as string,
        number: p.number as string,
        kind: p.kind as InstallmentPaymentDto['kind'],
        planId: id,
        planNumber: row.number,
        customerName: row.customerName,
        branchName: row.branchName,
        amount: n(p.amount),
        discount: n(p.discount),
        vaultId: (p.vault_id as string | null) ?? null,
        vaultName: (p.vault_name as string | null) ?? null,
        userName: (p.user_name as string | null) ?? null,
        note: (p.note as string | null) ?? null,
        at: iso(p.at)!,
        customerBalanceAfter: n(p.balance_after),
        allocations: lines
          .filter((l: Record<string, unknown>) => l.payment_id === p.id)
          .map((l: Record<string, unknown>) => ({
            installmentId: l.installment_id as string,
            seq: n(l.seq),
            amount: n(l.amount),
            lateFee: n(l.late_fee),
          })),
      })),
      history: history.map((h: Record<string, unknown>) => ({
        at: iso(h.at)!,
        action: h.action as string,
        userName: (h.user_name as string | null) ?? null,
        note: (h.note as string | null) ?? null,
      })),
      store: {
        name: loadConfig().appName,
        address: storeInfo[0]?.address ?? null,
        phone: storeInfo[0]?.phone_number ?? null,
        taxId: (r.branch_tax_number as string | null) ?? null,
      },
      branch: {
        id: row.branchId,
        name: row.branchName,
        address: (r.branch_address as string | null) ?? null,
        phone: (r.branch_phone as string | null) ?? null,
      },
      createdByName: (r.created_by_name as string | null) ?? null,
    };
  }

  /** One payment of a plan (the collect/settle answer, and the receipt). */
  async payment(planId: string, paymentId: string, user: AuthUser): Promise<InstallmentPaymentDto> {
    const plan = await this.get(planId, user);
    const payment = plan.payments.find((p) => p.id === paymentId);
    if (!payment) throw Errors.notFound();
    return payment;
  }

  async settlement(
    id: string,
    user: AuthUser,
    date?: string,
  ): Promise<InstallmentSettlementQuoteDto> {
    await this.planRow(id, user);
    const settings = await readStoreSettings(this.ds);
    const asOf = date ?? (await storeToday(this.ds.manager, settings.timeZone));
    const rows = await planInstallments(this.ds.manager, id);
    return settlementQuote(rows, asOf, settings.installments.earlySettlementDiscountBp);
  }

  async financeable(saleId: string, user: AuthUser): Promise<InstallmentFinanceableDto> {
    const [s] = await this.ds.query(
      `SELECT s.id, s.number, s.branch_id, s.customer_id, c.name AS customer_name, c.national_id, s.total, s.due_amount,
              (SELECT COALESCE(sum(credit_reduction), 0) FROM sale_returns r WHERE r.invoice_id = s.id)::bigint
                + (SELECT COALESCE(sum(a.amount), 0) FROM customer_payment_allocations a WHERE a.invoice_id = s.id)::bigint AS reduced,
              (SELECT p.id FROM installment_plans p WHERE p.sale_id = s.id AND p.parent_plan_id IS NULL) AS plan_id
         FROM sales_invoices s LEFT JOIN customers c ON c.id = s.customer_id WHERE s.id = $1`,
      [saleId],
    );
    const scope = branchReadScope(user);
    if (!s || (scope !== null && s.branch_id !== scope)) throw Errors.notFound();
    const financed = s.plan_id ? 0 : Math.max(0, n(s.due_amount) - n(s.reduced));
    return {
      saleId: s.id,
      saleNumber: s.number,
      branchId: s.branch_id,
      customerId: s.customer_id ?? null,
      customerName: s.customer_name ?? null,
      customerNationalId: s.national_id ?? null,
      total: n(s.total),
      financed,
      downPayment: n(s.total) - financed,
      planId: s.plan_id ?? null,
    };
  }

  /**
   * Sales sold on «تقسيط» whose plan was postponed (issue 30 item 7), newest first, in the user's
   * read scope: no plan yet and something left to finance (the amount due less returns and the
   * payments on account that settled it).
   */
  async awaiting(user: AuthUser, branchId?: string): Promise<InstallmentAwaitingDto[]> {
    const scope = branchReadScope(user);
    const rows = await this.ds.query(
      `SELECT * FROM (
         SELECT s.id, s.number, s.branch_id, b.name AS branch_name, s.customer_id, c.name AS customer_name, c.phone,
                s.created_at,
                s.due_amount
                  - (SELECT COALESCE(sum(r.credit_reduction), 0) FROM sale_returns r WHERE r.invoice_id = s.id)
                  - (SELECT COALESCE(sum(a.amount), 0) FROM customer_payment_allocations a WHERE a.invoice_id = s.id) AS financed
           FROM installment_awaiting_plans w
           JOIN sales_invoices s ON s.id = w.sale_id
           JOIN branches b ON b.id = s.branch_id
           JOIN customers c ON c.id = s.customer_id
          WHERE ($1::uuid IS NULL OR w.branch_id = $1)
            AND NOT EXISTS (SELECT 1 FROM installment_plans p WHERE p.sale_id = s.id)) x
        WHERE x.financed > 0
        ORDER BY x.created_at DESC LIMIT 200`,
      [scope ?? branchId ?? null],
    );
    return rows.map((r: Record<string, unknown>) => ({
      saleId: r.id as string,
      saleNumber: r.number as string,
      ...rowFields(r, ['branch_id', 'branch_name', 'customer_id', 'customer_name']),
      customerPhone: (r.phone as string | null) ?? null,
      financed: n(r.financed),
      soldAt: (r.created_at as Date).toISOString(),
    }));
  }

  /** Active vaults of the branches the user may take money into. */
  async vaults(user: AuthUser, branchId?: string): Promise<InstallmentVaultDto[]> {
    const scope = branchWriteScope(user);
    const branch = scope ?? branchId ?? null;
    const rows = await this.ds.query(
      `SELECT v.id, v.name, v.branch_id, b.name AS branch_name, v.is_main FROM vaults v JOIN branches b ON b.id = v.branch_id
        WHERE v.active AND ($1::uuid IS NULL OR v.branch_id = $1) ORDER BY b.name, NOT v.is_main, v.name`,
      [branch],
    );
    return rows.map((r: Record<string, string | boolean>) => ({
      ...rowFields(r, ['id', 'name', 'branch_id', 'branch_name']),
      isMain: r.is_main === true,
    }));
  }
}
