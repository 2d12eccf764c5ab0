import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AgingBucket,
  type VendorOpenInvoicesDto,
  type VendorPaymentReceiptDto,
  type VendorPaymentVaultDto,
  type VendorStatementDto,
  type VendorStatementQueryDto,
} from '@pos/contracts';
import { DataSource } from 'typeorm';
import { paymentVaults } from '../../cash';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { readStoreTimeZone } from '../../settings';
import { rowFields } from '../../../core/database/row-fields';

/** Most rows one statement answers: a longer period is refused (choose a shorter one). */
export const VENDOR_STATEMENT_MAX_ROWS = 5000;

/** The bucket of an open invoice by days past its due date (not due yet: 0–30). */
export function agingBucket(daysOverdue: number): AgingBucket {
  if (daysOverdue <= 30) return 'd0_30';
  if (daysOverdue <= 60) return 'd31_60';
  if (daysOverdue <= 90) return 'd61_90';
  return 'over90';
}

const num = (v: unknown) => Number(v ?? 0);

/** The reads of a vendor's account: statement, open invoices with aging, a payment's receipt. */
@Injectable()
export class VendorQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private async vendorExists(id: string): Promise<void> {
    const [row] = await this.ds.query('SELECT 1 FROM vendors WHERE id = $1', [id]);
    if (!row) throw Errors.notFound();
  }

  /**
   * The vendor's ledger over [from, to] (calendar days in the store's time zone): the balance
   * before the period, each row with the running balance after it, the period's totals.
   */
  async statement(
    vendorId: string,
    query: VendorStatementQueryDto,
    user: AuthUser,
  ): Promise<VendorStatementDto> {
    if ((query.from || query.to) && !user.permissions.includes('can_use_date_filter'))
      throw new AppException('DATE_FILTER_FORBIDDEN', HttpStatus.FORBIDDEN);
    await this.vendorExists(vendorId);
    const tz = await readStoreTimeZone(this.ds);
    const bounds = `WITH b AS (
      SELECT CASE WHEN $2::date IS NULL THEN NULL ELSE ($2::date)::timestamp AT TIME ZONE $4 END AS lo,
             CASE WHEN $3::date IS NULL THEN NULL ELSE ($3::date + 1)::timestamp AT TIME ZONE $4 END AS hi)`;
    const params = [vendorId, query.from ?? null, query.to ?? null, tz];
    const [{ opening, n }] = await this.ds.query(
      `${bounds}
       SELECT COALESCE(sum(l.amount) FILTER (WHERE b.lo IS NOT NULL AND l.at < b.lo), 0) AS opening,
              count(*) FILTER (WHERE (b.lo IS NULL OR l.at >= b.lo) AND (b.hi IS NULL OR l.at < b.hi))::int AS n
         FROM vendor_ledger l CROSS JOIN b WHERE l.vendor_id = $1`,
      params,
    );
    if (n > VENDOR_STATEMENT_MAX_ROWS)
      throw new AppException('STATEMENT_TOO_LONG', HttpStatus.BAD_REQUEST, {
        max: VENDOR_STATEMENT_MAX_ROWS,
      });
    const rows: Record<string, unknown>[] = await this.ds.query(
      `${bounds}
       SELECT l.id, l.at, l.type, l.amount, l.reference_type, l.reference_id, l.reference_number, l.note,
              u.display_name AS user_name,
              sum(l.amount) OVER (ORDER BY l.at, l.id) AS running
         FROM vendor_ledger l CROSS JOIN b LEFT JOIN users u ON u.id = l.user_id
        WHERE l.vendor_id = $1 AND (b.lo IS NULL OR l.at >= b.lo) AND (b.hi IS NULL OR l.at < b.hi)
        ORDER BY l.at, l.id`,
      params,
    );
    const start = num(opening);
    const totals = { increase: 0, decrease: 0 };
    const lines = rows.map((r) => {
      const amount = num(r.amount);
      if (amount > 0) totals.increase += amount;
      else totals.decrease -= amount;
      return {
        id: r.id as string,
        at: new Date(r.at as string).toISOString(),
        type: r.type as VendorStatementDto['rows'][number]['type'],
        amount,
        balanceAfter: start + num(r.running),
        ...rowFields(r, [
          'reference_type?',
          'reference_id?',
          'reference_number?',
          'note?',
          'user_name?',
        ]),
      };
    });
    return {
      vendorId,
      from: query.from ?? null,
      to: query.to ?? null,
      opening: start,
      rows: lines,
      totals,
      closing: start + totals.increase - totals.decrease,
    };
  }

  /**
   * The vendor's open invoices (posted, paid + returned < total), oldest first, each with its due
   * date (its own, or its date + the vendor's payment terms) and the days past it as of today in
   * the store's time zone; the open amounts by aging bucket.
   */
  async openInvoices(vendorId: string): Promise<VendorOpenInvoicesDto> {
    await this.vendorExists(vendorId);
    const tz = await readStoreTimeZone(this.ds);
    const rows: Record<string, unknown>[] = await this.ds.query(
      `WITH today AS (SELECT (now() AT TIME ZONE $2)::date AS d)
       SELECT i.id, i.number, i.vendor_invoice_number, i.invoice_date::text AS invoice_date,
              (COALESCE(i.due_date, i.invoice_date + v.payment_terms_days))::text AS due_date,
              i.total, i.paid, i.returned,
              t.d - COALESCE(i.due_date, i.invoice_date + v.payment_terms_days) AS days
         FROM purchase_invoices i JOIN vendors v ON v.id = i.vendor_id CROSS JOIN today t
        WHERE i.vendor_id = $1 AND i.status = 'posted' AND i.paid + i.returned < i.total
        ORDER BY i.invoice_date, i.id`,
      [vendorId, tz],
    );
    const aging: Record<AgingBucket, number> = { d0_30: 0, d31_60: 0, d61_90: 0, over90: 0 };
    const invoices = rows.map((r) => {
      const total = num(r.total);
      const paid = num(r.paid);
      const returned = num(r.returned);
      const open = total - paid - returned;
      const daysOverdue = num(r.days);
      aging[agingBucket(daysOverdue)] += open;
      return {
        ...rowFields(r, ['id', 'number', 'vendor_invoice_number?', 'invoice_date', 'due_date']),
        total,
        paid,
        returned,
        open,
        daysOverdue,
      };
    });
    // What is owed outside the open invoices (the opening balance, a bounced cheque, an adjustment,
    // less what paid it) is aged from the day the oldest such debit was posted: it was due then.
    const [outside] = await this.ds.query(
      `SELECT v.balance, ((now() AT TIME ZONE $2)::date)::text AS today,
              (now() AT TIME ZONE $2)::date - (min(l.at) AT TIME ZONE $2)::date AS days
         FROM vendors v
         LEFT JOIN vendor_ledger l ON l.vendor_id = v.id AND l.amount > 0
              AND l.type IN ('opening', 'cheque_bounced', 'adjustment')
        WHERE v.id = $1 GROUP BY v.id`,
      [vendorId, tz],
    );
    const invoicesOpen = invoices.reduce((s, i) => s + i.open, 0);
    const openingOpen = Math.max(0, num(outside.balance) - invoicesOpen);
    if (openingOpen > 0) aging[agingBucket(num(outside.days))] += openingOpen;
    return {
      asOf: outside.today as string,
      invoices,
      aging,
      openingOpen,
      totalOpen: invoicesOpen + openingOpen,
    };
  }

  /** A vendor payment as its receipt prints it. */
  async receipt(paymentId: string): Promise<VendorPaymentReceiptDto> {
    const [p] = await this.ds.query(
      `SELECT p.id, p.number, p.at, p.vendor_id, v.name AS vendor_name, p.amount, p.allocated, p.note,
              p.balance_after, vt.name AS vault_name, b.name AS branch_name, u.display_name AS user_name,
              COALESCE((SELECT json_agg(json_build_object('invoiceId', i.id, 'number', i.number,
                          'vendorInvoiceNumber', i.vendor_invoice_number, 'invoiceDate', i.invoice_date::text,
                          'invoiceTotal', i.total, 'amount', a.amount) ORDER BY i.invoice_date, i.id)
                          FROM vendor_payment_allocations a JOIN purchase_invoices i ON i.id = a.invoice_id
                         WHERE a.payment_id = p.id), '[]'::json) AS allocations
         FROM vendor_payments p JOIN vendors v ON v.id = p.vendor_id JOIN vaults vt ON vt.id = p.vault_id
         JOIN branches b ON b.id = p.branch_id LEFT JOIN users u ON u.id = p.user_id
        WHERE p.id = $1`,
      [paymentId],
    );
    if (!p) throw Errors.notFound();
    const unallocated = num(p.amount) - num(p.allocated);
    // the part that took the balance below zero is an advance; the rest of the unallocated part
    // paid what was owed outside the invoices (the opening balance)
    const advance = Math.min(unallocated, Math.max(0, -num(p.balance_after)));
    return {
      id: p.id,
      number: p.number,
      at: new Date(p.at).toISOString(),
      vendorId: p.vendor_id,
      vendorName: p.vendor_name,
      amount: num(p.amount),
      unallocated,
      openingSettled: unallocated - advance,
      advance,
      vaultName: p.vault_name,
      branchName: p.branch_name,
      userName: p.user_name ?? null,
      note: p.note ?? null,
      balanceAfter: num(p.balance_after),
      allocations: (p.allocations as Record<string, unknown>[]).map((a) => ({
        invoiceId: a.invoiceId as string,
        number: a.number as string,
        vendorInvoiceNumber: (a.vendorInvoiceNumber as string) ?? null,
        invoiceDate: a.invoiceDate as string,
        invoiceTotal: num(a.invoiceTotal),
        amount: num(a.amount),
      })),
    };
  }

  /** The active vaults this user may pay a vendor from: their branch's (every branch for an administrator). */
  paymentVaults(user: AuthUser): Promise<VendorPaymentVaultDto[]> {
    return paymentVaults(this.ds, user);
  }
}
