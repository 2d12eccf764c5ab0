import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ShiftDto, ShiftListQueryDto, ShiftTotalsDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Errors } from '../../../core/errors/app.exception';
import { pageOf } from '../../../core/http/list';
import { rowFields } from '../../../core/database/row-fields';
import { methodFigures, salesFigures } from './sales-figures';

const SHIFT_COLUMNS = `s.id, s.branch_id AS "branchId", s.register, s.cashier_id AS "cashierId", u.display_name AS "cashierName",
  s.status, s.opened_at AS "openedAt", s.closed_at AS "closedAt", s.opening_cash AS "openingCash",
  s.counted_cash AS "countedCash", s.expected_cash AS "expectedCash", s.difference, s.denominations`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Shifts: opening cash, X report while open, counted cash and Z report at close. */
@Injectable()
export class ShiftsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private shape(row: Record<string, unknown>): ShiftDto {
    return {
      ...(row as unknown as ShiftDto),
      openedAt: (row.openedAt as Date).toISOString(),
      closedAt: row.closedAt ? (row.closedAt as Date).toISOString() : null,
      openingCash: Number(row.openingCash),
      countedCash: num(row.countedCash),
      expectedCash: num(row.expectedCash),
      difference: num(row.difference),
    };
  }

  /** Totals of a shift, always computed from its documents (never drift from the invoices). */
  async totals(m: EntityManager, shiftId: string, withProfit: boolean): Promise<ShiftTotalsDto> {
    const [inv] = await m.query(
      `SELECT count(*)::int AS count, COALESCE(sum(total), 0)::bigint AS sales,
              COALESCE(sum(line_discount_total + invoice_discount), 0)::bigint AS discounts,
              COALESCE(sum(vat_total), 0)::bigint AS vat, COALESCE(sum(total - cost_total), 0)::bigint AS gross_profit
         FROM sales_invoices WHERE shift_id = $1`,
      [shiftId],
    );
    const [ret] = await m.query(
      `SELECT COALESCE(sum(total), 0)::bigint AS returns, COALESCE(sum(total - cost_total), 0)::bigint AS lost_profit
         FROM sale_returns WHERE shift_id = $1`,
      [shiftId],
    );
    const methods = await m.query(
      `SELECT pm.id AS "methodId", pm.name_ar AS "methodName", pm.type,
              COALESCE(sum(p.amount) FILTER (WHERE p.kind = 'payment'), 0)::bigint AS sales,
              COALESCE(sum(p.amount) FILTER (WHERE p.kind = 'refund'), 0)::bigint AS refunds
         FROM sale_payments p JOIN payment_methods pm ON pm.id = p.method_id
        WHERE p.shift_id = $1 GROUP BY pm.id ORDER BY pm.sort_order`,
      [shiftId],
    );
    const [onAccount] = await m.query(
      `SELECT COALESCE(-sum(l.amount), 0)::bigint AS cash FROM customer_ledger l JOIN payment_methods pm ON pm.id = l.method_id
        WHERE l.shift_id = $1 AND l.type = 'payment' AND pm.type = 'cash'`,
      [shiftId],
    );
    // Repair bills paid at the POS in cash before they made sale documents (issue 18): money in
    // the drawer besides the sales. A bill with its sale (issue 30) is counted by its payment.
    const [repairs] = await m.query(
      `SELECT COALESCE(sum(t.paid), 0)::bigint AS cash FROM maintenance_tickets t
         JOIN payment_methods pm ON pm.id = t.paid_method_id
        WHERE t.paid_shift_id = $1 AND pm.type = 'cash'
          AND NOT EXISTS (SELECT 1 FROM sales_invoices i WHERE i.maintenance_ticket_id = t.id)`,
      [shiftId],
    );
    // Gift cards sold or topped up in cash at this till (issue 33 item 5): in the drawer too.
    const [giftCards] = await m.query(
      `SELECT COALESCE(sum(l.amount), 0)::bigint AS cash FROM gift_card_ledger l
         JOIN payment_methods pm ON pm.id = l.method_id
        WHERE l.shift_id = $1 AND l.type IN ('issue', 'top_up') AND pm.type = 'cash'`,
      [shiftId],
    );
    // What no tender paid: left on the customers' accounts, financed by a plan or on credit.
    const [unpaid] = await m.query(
      `SELECT COALESCE(sum(i.due_amount) FILTER (WHERE plan.sale_id IS NOT NULL), 0)::bigint AS installment,
              COALESCE(sum(i.due_amount) FILTER (WHERE plan.sale_id IS NULL), 0)::bigint AS credit
         FROM sales_invoices i
         LEFT JOIN LATERAL (SELECT p.sale_id FROM installment_plans p WHERE p.sale_id = i.id LIMIT 1) plan ON true
        WHERE i.shift_id = $1 AND i.due_amount > 0`,
      [shiftId],
    );
    const [shift] = await m.query('SELECT opening_cash FROM shifts WHERE id = $1', [shiftId]);
    const byMethod = methods.map((r: Record<string, unknown>) => ({
      ...rowFields(r, ['methodId', 'methodName', 'type']),
      ...methodFigures(r),
    }));
    const cashNet = byMethod
      .filter((b: { type: string }) => b.type === 'cash')
      .reduce((s: number, b: { net: number }) => s + b.net, 0);
    const cashIn = Number(onAccount.cash) + Number(repairs.cash) + Number(giftCards.cash);
    const totals: ShiftTotalsDto = {
      ...salesFigures(inv, ret),
      byMethod,
      onAccount: { credit: Number(unpaid.credit), installment: Number(unpaid.installment) },
      cashIn,
      expectedCash: Number(shift?.opening_cash ?? 0) + cashNet + cashIn,
    };
    if (withProfit) totals.profit = Number(inv.gross_profit) - Number(ret.lost_profit);
    return totals;
  }

  private canSeeTotals(user: AuthUser, shift: { cashierId: string; status: string }) {
    return (
      user.permissions.includes('can_see_shift_totals') ||
      (shift.cashierId === user.id && shift.status === 'open')
    );
  }

  /** Expected and counted cash and the difference are shift totals: left out without the right to see them. */
  private withoutCash(shift: ShiftDto): ShiftDto {
    const {
      expectedCash: _expected,
      countedCash: _counted,
      difference: _difference,
      ...rest
    } = shift;
    return rest;
  }

  async get(id: string, user: AuthUser, m: EntityManager = this.ds.manager): Promise<ShiftDto> {
    const [row] = await m.query(
      `SELECT ${SHIFT_COLUMNS} FROM shifts s JOIN users u ON u.id = s.cashier_id WHERE s.id = $1`,
      [id],
    );
    if (!row) throw Errors.notFound();
    const seeAll = user.isAdmin || user.permissions.includes('can_see_branches');
    if (!seeAll && row.branchId !== user.branchId) throw Errors.notFound();
    if (
      row.cashierId !== user.id &&
      !user.permissions.includes('view_all_shifts') &&
      !user.permissions.includes('can_see_shift_totals')
    ) {
      throw Errors.notFound();
    }
    const shift = this.shape(row);
    if (!this.canSeeTotals(user, shift)) return this.withoutCash(shift);
    shift.totals = await this.totals(m, id, user.permissions.includes('can_see_profit'));
    return shift;
  }

  async current(user: AuthUser): Promise<ShiftDto | null> {
    const [row] = await this.ds.query(
      `SELECT id FROM shifts WHERE cashier_id = $1 AND status = 'open'`,
      [user.id],
    );
    return row ? this.get(row.id, user) : null;
  }

  async list(query: ShiftListQueryDto, user: AuthUser) {
    const { skip, take } = pageOf(query);
    const params: unknown[] = [user.branchId];
    const where = ['s.branch_id = $1'];
    if (!user.permissions.includes('view_all_shifts')) {
      params.push(user.id);
      where.push(`s.cashier_id = $${params.length}`);
    }
    if (query.status) {
      params.push(query.status);
      where.push(`s.status = $${params.length}`);
    }
    if (query.cashierId) {
      params.push(query.cashierId);
      where.push(`s.cashier_id = $${params.length}`);
    }
    const clause = where.join(' AND ');
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM shifts s WHERE ${clause}`,
      params,
    );
    const rows = await this.ds.query(
      `SELECT ${SHIFT_COLUMNS} FROM shifts s JOIN users u ON u.id = s.cashier_id WHERE ${clause}
       ORDER BY s.opened_at DESC LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const seesCash = user.permissions.includes('can_see_shift_totals');
    return {
      rows: rows.map((r: Record<string, unknown>) =>
        seesCash ? this.shape(r) : this.withoutCash(this.shape(r)),
      ),
      total,
    };
  }
}
