import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  PurchaseInvoiceDto,
  PurchaseInvoiceLineDto,
  PurchaseInvoiceListQueryDto,
} from '@pos/contracts';
import { LINE_PRODUCT_COLUMNS, lineProduct } from '../../catalog';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { canSeeCost } from '../../../core/auth/visibility';
import { Errors } from '../../../core/errors/app.exception';
import { ListFilter, listPage, searchPatterns } from '../../../core/http/list';
import { rowFields, rowNumbers, rowTimes } from '../../../core/database/row-fields';
import { VENDOR_DOCUMENT_COLUMNS } from './document-header';

const HEADER = `pi.id, pi.number, pi.status, pi.vendor_id, vd.name AS vendor_name, pi.branch_id, pi.inventory_id,
  inv.name AS inventory_name, pi.vendor_invoice_number, pi.invoice_date::text AS invoice_date, pi.due_date::text AS due_date,
  pi.note, pi.created_at, pi.posted_at, pi.subtotal, pi.discount, pi.vat, pi.total, pi.paid, pi.returned,
  (SELECT count(*)::int FROM purchase_invoice_lines l WHERE l.invoice_id = pi.id) AS line_count`;
const FROM = `FROM purchase_invoices pi JOIN vendors vd ON vd.id = pi.vendor_id JOIN inventories inv ON inv.id = pi.inventory_id`;

type Row = Record<string, unknown>;

/** Reads of purchase invoices (the user's branch unless every branch is seen); money only with can_see_buy_price. */
@Injectable()
export class PurchaseInvoicesQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private header(r: Row, user: AuthUser): PurchaseInvoiceDto {
    const out: PurchaseInvoiceDto = {
      ...rowFields(r, [
        ...VENDOR_DOCUMENT_COLUMNS,
        'inventory_id',
        'inventory_name',
        'vendor_invoice_number?',
        'invoice_date',
        'due_date?',
        'note?',
      ]),
      ...rowTimes(r, ['created_at', 'posted_at?']),
      lineCount: Number(r.line_count ?? 0),
    };
    if (canSeeCost(user))
      Object.assign(
        out,
        rowNumbers(r, ['subtotal', 'discount', 'vat', 'total', 'paid', 'returned']),
      );
    return out;
  }

  async list(
    query: PurchaseInvoiceListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: PurchaseInvoiceDto[]; total: number }> {
    const filter = new ListFilter()
      .add('pi.branch_id = ?', branchReadScope(user))
      .add('pi.status = ?', query.status)
      .add('pi.vendor_id = ?', query.vendorId)
      .eachWord(
        query.q,
        (p) =>
          `(vd.search_text LIKE ${p} OR lower(pi.number) LIKE ${p} OR lower(COALESCE(pi.vendor_invoice_number, '')) LIKE ${p})`,
      )
      .add('pi.invoice_date >= ?::date', query.from)
      .add('pi.invoice_date <= ?::date', query.to);
    const { rows, total } = await listPage<Row>(this.ds, query, filter, {
      count: `SELECT count(*)::int AS total ${FROM}`,
      select: `SELECT ${HEADER} ${FROM}`,
      sorts: { createdAt: 'pi.created_at', number: 'pi.number', invoiceDate: 'pi.invoice_date' },
      sort: '-createdAt',
      tie: 'pi.id DESC',
    });
    return { rows: rows.map((r) => this.header(r, user)), total };
  }

  async get(id: string, user: AuthUser): Promise<PurchaseInvoiceDto> {
    const [row]: Row[] = await this.ds.query(`SELECT ${HEADER} ${FROM} WHERE pi.id = $1`, [id]);
    const scope = branchReadScope(user);
    if (!row || (scope && row.branch_id !== scope)) throw Errors.notFound();
    const out = this.header(row, user);
    const cost = canSeeCost(user);
    const lines: Row[] = await this.ds.query(
      `SELECT ${LINE_PRODUCT_COLUMNS},
              l.quantity::text AS quantity, l.returned_quantity::text AS returned_quantity, l.unit_cost, l.discount,
              l.vat_rate::text AS vat_rate, l.vat, l.total, l.tracked, p.tracking, p.imei_count
         FROM purchase_invoice_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE l.invoice_id = $1 ORDER BY l.line_no`,
      [id],
    );
    out.lines = lines.map((l): PurchaseInvoiceLineDto => {
      const line: PurchaseInvoiceLineDto = {
        ...lineProduct(l),
        quantity: Number(l.quantity),
        returnedQuantity: Number(l.returned_quantity),
      };
      if (cost)
        Object.assign(line, rowNumbers(l, ['unit_cost', 'discount', 'vat_rate', 'vat', 'total']));
      // A tracked product's line: how, and the serials or lot it came with (issue 34).
      if (l.tracking !== 'none') {
        const tracked = (l.tracked as Pick<PurchaseInvoiceLineDto, 'serials' | 'batch'>) ?? {};
        Object.assign(line, {
          tracking: l.tracking,
          imeiCount: Number(l.imei_count),
          serials: tracked.serials ?? null,
          batch: tracked.batch ?? null,
        });
      }
      return line;
    });
    return out;
  }

  /**
   * What the /buy screen offers: the inventories it may receive into and the vaults of their
   * branches (no balances: those are the vault's totals), and active vendors matching a search.
   */
  async options(user: AuthUser) {
    const scope = branchReadScope(user);
    const inventories = await this.ds.query(
      `SELECT i.id, i.name, i.branch_id AS "branchId", b.name AS "branchName", i.is_default AS "isDefault" FROM inventories i JOIN branches b ON b.id = i.branch_id
        WHERE $1::uuid IS NULL OR i.branch_id = $1 ORDER BY b.name, i.is_default DESC, i.name`,
      [scope],
    );
    const vaults = await this.ds.query(
      `SELECT id, name, type, branch_id AS "branchId", is_main AS "isMain" FROM vaults
        WHERE active AND ($1::uuid IS NULL OR branch_id = $1) ORDER BY is_main DESC, type, name`,
      [scope],
    );
    return { inventories, vaults };
  }

  async vendors(q: string | undefined) {
    const params: unknown[] = [];
    const where = ['active'];
    for (const pattern of searchPatterns(q ?? '')) {
      params.push(pattern);
      where.push(`search_text LIKE $${params.length}`);
    }
    return this.ds.query(
      `SELECT id, name, payment_terms_days AS "paymentTermsDays" FROM vendors WHERE ${where.join(' AND ')} ORDER BY name LIMIT 20`,
      params,
    );
  }
}
