import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  MAINTENANCE_TRANSITIONS,
  type MaintenanceSerialDto,
  lineAmount,
  type MaintenanceAccessory,
  type MaintenanceCountsDto,
  type MaintenanceListQueryDto,
  type MaintenanceStatus,
  type MaintenanceTechnicianDto,
  type MaintenanceTicketDto,
  type MaintenanceVaultDto,
  type SaleLineTracked,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { askedBranch, branchReadScope, branchWriteScope } from '../../../core/auth/branch-scope';
import { Errors } from '../../../core/errors/app.exception';
import { allWords, ListFilter, listPage } from '../../../core/http/list';
import { readStoreTimeZone } from '../../settings';
import { ticketCounts } from '../ticket-flow';
import { columnSorts } from '../../../core/http/column-sorts';
import { rowFields, rowTimes } from '../../../core/database/row-fields';
import { SerialQueries } from '../../inventory';

const SELECT = `SELECT t.id, t.number, t.status, t.branch_id, b.name AS branch_name, t.customer_id,
    c.name AS customer_name, c.phone AS customer_phone, t.device_type, t.brand, t.model, t.serial,
    t.problem, t.condition, t.diagnosis, t.accessories, t.accessories_note, t.estimate,
    to_char(t.estimated_date, 'YYYY-MM-DD') AS estimated_date, t.deposit, t.labour, t.parts_total,
    t.paid, t.vat, pm.name_ar AS paid_method_name, si.id AS sale_id, si.number AS sale_number, t.technician_id, COALESCE(tu.display_name, tu.username) AS technician_name, t.priority,
    t.warranty_days, t.warranty_of_id, w.number AS warranty_of_number, t.delivered_at,
    CASE WHEN t.delivered_at IS NOT NULL AND t.warranty_days > 0
      THEN to_char((t.delivered_at AT TIME ZONE $1)::date + t.warranty_days, 'YYYY-MM-DD') END AS warranty_until,
    COALESCE(cu.display_name, cu.username) AS created_by_name, t.created_at, t.updated_at
  FROM maintenance_tickets t
  JOIN branches b ON b.id = t.branch_id
  JOIN customers c ON c.id = t.customer_id
  LEFT JOIN users tu ON tu.id = t.technician_id
  LEFT JOIN users cu ON cu.id = t.created_by
  LEFT JOIN maintenance_tickets w ON w.id = t.warranty_of_id
  LEFT JOIN payment_methods pm ON pm.id = t.paid_method_id
  LEFT JOIN sales_invoices si ON si.maintenance_ticket_id = t.id`;

const SORTS = columnSorts('t', ['createdAt', 'number', 'status', 'priority', 'estimatedDate']);

/**
 * Reads of repair tickets: any signed-in user of the branch with the Maintenance module (the
 * controller), within the branch read scope of core/auth/branch-scope.ts.
 */
@Injectable()
export class MaintenanceQueries {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly serials: SerialQueries,
  ) {}

  private toDto(r: Record<string, unknown>, user: AuthUser): MaintenanceTicketDto {
    const status = r.status as MaintenanceStatus;
    const scope = branchWriteScope(user);
    const labour = Number(r.labour);
    const partsTotal = Number(r.parts_total);
    const deposit = Number(r.deposit);
    return {
      id: r.id as string,
      number: r.number as string,
      status,
      ...rowFields(r, [
        'branch_id',
        'branch_name',
        'customer_id',
        'customer_name',
        'customer_phone?',
        'device_type',
        'brand?',
        'model?',
        'serial?',
        'problem',
        'condition?',
        'diagnosis?',
      ]),
      accessories: (r.accessories as MaintenanceAccessory[]) ?? [],
      accessoriesNote: (r.accessories_note as string | null) ?? null,
      estimate: Number(r.estimate),
      estimatedDate: (r.estimated_date as string | null) ?? null,
      deposit,
      labour,
      partsTotal,
      total: labour + partsTotal,
      due: labour + partsTotal - deposit,
      paid: Number(r.paid),
      vat: Number(r.vat),
      ...rowFields(r, [
        'paid_method_name?',
        'sale_id?',
        'sale_number?',
        'technician_id?',
        'technician_name?',
        'priority',
      ]),
      warrantyDays: Number(r.warranty_days),
      ...rowFields(r, ['warranty_of_id?', 'warranty_of_number?', 'warranty_until?']),
      ...rowTimes(r, ['delivered_at?']),
      ...rowFields(r, ['created_by_name?']),
      ...rowTimes(r, ['created_at', 'updated_at']),
      next: scope && scope !== r.branch_id ? [] : MAINTENANCE_TRANSITIONS[status],
    };
  }

  async list(
    query: MaintenanceListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: MaintenanceTicketDto[]; total: number }> {
    const filter = new ListFilter([await readStoreTimeZone(this.ds)])
      .add('t.branch_id = ?', askedBranch(user, query.branchId))
      .add('t.status = ?', query.status)
      .add('t.technician_id = ?', query.technicianId)
      .add('t.created_at >= ?::date', query.from)
      .add(`t.created_at < ?::date + 1`, query.to)
      .search(query.q, (raw, words) => {
        const text = allWords(`(t.search_text || ' ' || c.search_text)`, words);
        return `(t.number ILIKE ${raw} OR t.serial ILIKE ${raw} OR c.phone ILIKE ${raw} OR c.phone2 ILIKE ${raw} OR (${text}))`;
      });
    const { rows, total } = await listPage(this.ds, query, filter, {
      count:
        'SELECT count(*)::int AS total FROM maintenance_tickets t JOIN customers c ON c.id = t.customer_id',
      select: SELECT,
      sorts: SORTS,
      sort: '-createdAt',
      tie: 't.id',
      countSkips: 1,
    });
    return { rows: rows.map((r) => this.toDto(r, user)), total };
  }

  async get(id: string, user: AuthUser): Promise<MaintenanceTicketDto> {
    return this.one('t.id = $2', id, user);
  }

  /**
   * The device a serial or an IMEI names, for the ticket's intake and page (issue 34 item 4,
   * docs/decisions/0128): its product and its last sale (number, customer, day, warranty end,
   * returned since), as the serial lookup answers it within the user's branch; the unit that was
   * sold first when two products share the code. 404 when no unit has it.
   */
  async serial(code: string, user: AuthUser): Promise<MaintenanceSerialDto> {
    const units = await this.serials.lookup(code, user);
    const unit = units.find((u) => u.sale) ?? units[0];
    return {
      serial: unit.serial,
      imei2: unit.imei2 ?? null,
      productName: unit.productName,
      sale: unit.sale,
    };
  }

  async byNumber(number: string, user: AuthUser): Promise<MaintenanceTicketDto> {
    return this.one('t.number = $2', number.trim().toUpperCase(), user);
  }

  private async one(
    condition: string,
    value: string,
    user: AuthUser,
  ): Promise<MaintenanceTicketDto> {
    const tz = await readStoreTimeZone(this.ds);
    const [row] = await this.ds.query(`${SELECT} WHERE ${condition}`, [tz, value]);
    const scope = branchReadScope(user);
    if (!row || (scope && row.branch_id !== scope)) throw Errors.notFound();
    const [parts, history, photos] = await Promise.all([
      this.ds.query(
        `SELECT p.id, p.variant_id, pr.name_ar, v.properties, v.barcodes[1] AS barcode, p.quantity::text,
                p.unit_price, p.at, p.tracked
           FROM maintenance_parts p JOIN variants v ON v.id = p.variant_id JOIN products pr ON pr.id = v.product_id
          WHERE p.ticket_id = $1 AND p.removed_at IS NULL ORDER BY p.at, p.id`,
        [row.id],
      ),
      this.ds.query(
        `SELECT e.from_status, e.to_status, COALESCE(u.display_name, u.username) AS user_name, e.note, e.at
           FROM maintenance_events e LEFT JOIN users u ON u.id = e.user_id
          WHERE e.ticket_id = $1 ORDER BY e.at, e.id`,
        [row.id],
      ),
      this.ds.query('SELECT id, at FROM maintenance_photos WHERE ticket_id = $1 ORDER BY at, id', [
        row.id,
      ]),
    ]);
    return {
      ...this.toDto(row, user),
      parts: parts.map((p: Record<string, unknown>) => {
        const props = Object.values((p.properties ?? {}) as Record<string, string>).join(' ');
        const quantity = Number(p.quantity);
        const unitPrice = Number(p.unit_price);
        return {
          id: p.id as string,
          variantId: p.variant_id as string,
          name: props ? `${p.name_ar} ${props}` : (p.name_ar as string),
          barcode: (p.barcode as string | null) ?? null,
          quantity,
          unitPrice,
          total: lineAmount(quantity, unitPrice),
          at: (p.at as Date).toISOString(),
          tracked: (p.tracked as SaleLineTracked | null) ?? null,
        };
      }),
      photos: photos.map((p: { id: string; at: Date }) => ({
        id: p.id,
        at: p.at.toISOString(),
      })),
      history: history.map((h: Record<string, unknown>) => ({
        from: (h.from_status as MaintenanceStatus | null) ?? null,
        to: h.to_status as MaintenanceStatus,
        userName: (h.user_name as string | null) ?? null,
        note: (h.note as string | null) ?? null,
        at: (h.at as Date).toISOString(),
      })),
    };
  }

  async counts(user: AuthUser, asked?: string): Promise<MaintenanceCountsDto> {
    return ticketCounts(this.ds, askedBranch(user, asked));
  }

  /** Active users of the branch a ticket can be assigned to. */
  async technicians(user: AuthUser): Promise<MaintenanceTechnicianDto[]> {
    const scope = branchReadScope(user);
    const rows = await this.ds.query(
      `SELECT id, COALESCE(display_name, username) AS name FROM users
        WHERE active ${scope ? 'AND (branch_id = $1 OR is_admin)' : ''} ORDER BY 2`,
      scope ? [scope] : [],
    );
    return rows.map((r: Record<string, unknown>) => ({
      id: r.id as string,
      name: r.name as string,
    }));
  }

  /**
   * Active vaults a ticket's money may go into or out of: those of the ticket's branch within the
   * user's write scope (the branch's main cash vault first).
   */
  async vaults(user: AuthUser, branchId?: string): Promise<MaintenanceVaultDto[]> {
    const branch = branchWriteScope(user) ?? branchId ?? null;
    const rows = await this.ds.query(
      `SELECT v.id, v.name, v.branch_id, v.is_main FROM vaults v
        WHERE v.active AND ($1::uuid IS NULL OR v.branch_id = $1)
        ORDER BY v.is_main DESC, v.name`,
      [branch],
    );
    return rows.map((r: Record<string, unknown>) => ({
      ...rowFields(r, ['id', 'name', 'branch_id']),
      isMain: Boolean(r.is_main),
    }));
  }

  /** A photo of a ticket the user may read (404 otherwise). */
  async photo(
    id: string,
    photoId: string,
    user: AuthUser,
  ): Promise<{ contentType: string; data: Buffer }> {
    const scope = branchReadScope(user);
    const [row] = await this.ds.query(
      `SELECT p.content_type AS "contentType", p.data FROM maintenance_photos p
         JOIN maintenance_tickets t ON t.id = p.ticket_id
        WHERE p.id = $1 AND t.id = $2 AND ($3::uuid IS NULL OR t.branch_id = $3::uuid)`,
      [photoId, id, scope],
    );
    if (!row) throw Errors.notFound();
    return row;
  }
}
