import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  DeliveryListQueryDto,
  DeliveryOrderDto,
  DeliveryStatus,
  DriverBalanceDto,
  DriverDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { askedBranch, branchReadScope } from '../../../core/auth/branch-scope';
import { Errors } from '../../../core/errors/app.exception';
import { allWords, ListFilter, listPage } from '../../../core/http/list';
import { columnSorts } from '../../../core/http/column-sorts';
import { rowFields } from '../../../core/database/row-fields';

const SELECT = `SELECT d.id, d.number, d.sale_id, s.number AS sale_number, s.total AS sale_total, d.branch_id,
    cu.name AS customer_name, d.status, d.address, d.phone, d.area, d.fee, d.cod_amount, d.collected,
    d.settlement_id, d.notes, d.driver_id, COALESCE(dr.display_name, dr.username) AS driver_name, d.created_at
  FROM delivery_orders d
  JOIN sales_invoices s ON s.id = d.sale_id
  LEFT JOIN customers cu ON cu.id = s.customer_id
  LEFT JOIN users dr ON dr.id = d.driver_id`;

const SORTS = columnSorts('d', ['createdAt', 'number', 'status', 'area']);

/**
 * Reads of delivery orders: any signed-in user of the branch (the POS's work; docs/decisions/);
 * a driver also sees the orders assigned to them (`mine=true`), whatever their branch.
 */
@Injectable()
export class DeliveryQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private toDto(r: Record<string, unknown>): DeliveryOrderDto {
    return {
      ...rowFields(r, ['id', 'number', 'sale_id', 'sale_number']),
      saleTotal: Number(r.sale_total),
      ...rowFields(r, ['branch_id', 'customer_name?', 'status', 'address', 'phone', 'area?']),
      fee: Number(r.fee),
      codAmount: Number(r.cod_amount),
      collected: Number(r.collected),
      settled: !!r.settlement_id,
      ...rowFields(r, ['notes?', 'driver_id?', 'driver_name?']),
      createdAt: (r.created_at as Date).toISOString(),
    };
  }

  async list(
    query: DeliveryListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: DeliveryOrderDto[]; total: number }> {
    const filter = new ListFilter();
    if (query.mine === 'true') filter.add('d.driver_id = ?', user.id);
    else filter.add('d.branch_id = ?', askedBranch(user, query.branchId));
    filter
      .add('d.status = ?', query.status)
      .add('d.driver_id = ?', query.driverId)
      // the customer's name, the address and the area as the app searches (Arabic normalised, every word)
      .search(query.q, (p, words) => {
        const name = allWords(`(COALESCE(cu.search_text, '') || ' ' || d.search_text)`, words);
        return `(d.number ILIKE ${p} OR s.number ILIKE ${p} OR d.phone ILIKE ${p} OR d.address ILIKE ${p} OR d.area ILIKE ${p} OR (${name}))`;
      });
    const { rows, total } = await listPage(this.ds, query, filter, {
      count: `SELECT count(*)::int AS total FROM delivery_orders d JOIN sales_invoices s ON s.id = d.sale_id
         LEFT JOIN customers cu ON cu.id = s.customer_id`,
      select: SELECT,
      sorts: SORTS,
      sort: '-createdAt',
      tie: 'd.id',
    });
    return { rows: rows.map((r) => this.toDto(r)), total };
  }

  async get(id: string, user: AuthUser): Promise<DeliveryOrderDto> {
    const [row] = await this.ds.query(`${SELECT} WHERE d.id = $1`, [id]);
    const scope = branchReadScope(user);
    if (!row || (scope && row.branch_id !== scope && row.driver_id !== user.id))
      throw Errors.notFound();
    const events = await this.ds.query(
      `SELECT e.from_status, e.to_status, e.at, e.note, COALESCE(u.display_name, u.username) AS user_name,
              COALESCE(dr.display_name, dr.username) AS driver_name
         FROM delivery_events e LEFT JOIN users u ON u.id = e.user_id LEFT JOIN users dr ON dr.id = e.driver_id
        WHERE e.order_id = $1 ORDER BY e.at, e.id`,
      [id],
    );
    return {
      ...this.toDto(row),
      events: events.map((e: Record<string, unknown>) => ({
        from: (e.from_status as DeliveryStatus | null) ?? null,
        to: e.to_status as DeliveryStatus,
        at: (e.at as Date).toISOString(),
        userName: (e.user_name as string | null) ?? null,
        driverName: (e.driver_name as string | null) ?? null,
        note: (e.note as string | null) ?? null,
      })),
    };
  }

  /** The active drivers a user of the branch may assign (users of a driver role). */
  async drivers(user: AuthUser): Promise<DriverDto[]> {
    const scope = branchReadScope(user);
    const rows = await this.ds.query(
      `SELECT u.id, COALESCE(u.display_name, u.username) AS name, u.branch_id
         FROM users u JOIN roles r ON r.id = u.role_id
        WHERE u.active AND r.is_driver AND ($1::uuid IS NULL OR u.branch_id IS NULL OR u.branch_id = $1)
        ORDER BY 2, 1`,
      [scope],
    );
    return rows.map((r: Record<string, unknown>) => ({
      ...rowFields(r, ['id', 'name', 'branch_id?']),
    }));
  }

  /** What each driver owes: cash collected on delivered orders of the branch not handed in yet. */
  async balances(user: AuthUser): Promise<DriverBalanceDto[]> {
    const scope = branchReadScope(user);
    const rows = await this.ds.query(
      `SELECT d.driver_id, COALESCE(u.display_name, u.username) AS driver_name,
              sum(d.collected)::bigint AS owed, count(*)::int AS orders
         FROM delivery_orders d JOIN users u ON u.id = d.driver_id
        WHERE d.status = 'delivered' AND d.settlement_id IS NULL AND d.collected > 0
          AND ($1::uuid IS NULL OR d.branch_id = $1)
        GROUP BY d.driver_id, u.display_name, u.username ORDER BY 2`,
      [scope],
    );
    return rows.map((r: Record<string, unknown>) => ({
      driverId: r.driver_id as string,
      driverName: r.driver_name as string,
      owed: Number(r.owed),
      orders: r.orders as number,
    }));
  }
}
