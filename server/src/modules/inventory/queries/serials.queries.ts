import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  normalizeSerial,
  SELLABLE_LOTS_PAGE,
  WARRANTY_MONTHS,
  type BatchStockDto,
  type ExpiringLotsDto,
  type SellableBatchesDto,
  type SellableSerialDto,
  type SerialEventDto,
  type SerialUnitDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { askedBranch, branchReadScope } from '../../../core/auth/branch-scope';
import { expiringLots } from '../services/expiring-lots';
import { fefoLots } from '../services/fefo-lots';
import { Errors } from '../../../core/errors/app.exception';
import { loadConfig } from '../../../core/config/config';
import { rowFields, rowTimes } from '../../../core/database/row-fields';

/**
 * Serial units and batches read (issue 34): a unit's history by its serial or either IMEI, and a
 * variant's batches in an inventory (the FEFO pick's input).
 */
@Injectable()
export class SerialQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * The units a code names (a serial, or a phone's first or second IMEI; two products may share a
   * serial), each with its history from the stock ledger: received when, where and from which
   * vendor, moved, sold to whom. A user who reads one branch sees a unit that is or was there, and
   * only the history there; none: 404.
   */
  async lookup(code: string, user: AuthUser): Promise<SerialUnitDto[]> {
    const serial = normalizeSerial(code);
    const scope = branchReadScope(user);
    const units: Record<string, unknown>[] = await this.ds.query(
      `SELECT su.id, su.serial, su.imei2, su.status, su.variant_id, v.product_id, p.name_ar AS product_name,
              v.properties, su.inventory_id, i.name AS inventory_name, i.branch_id, su.created_at
         FROM serial_units su JOIN variants v ON v.id = su.variant_id JOIN products p ON p.id = v.product_id
         LEFT JOIN inventories i ON i.id = su.inventory_id
        WHERE su.serial = $1 OR su.imei2 = $1
        ORDER BY su.created_at, su.id`,
      [serial],
    );
    if (!units.length) throw Errors.notFound();
    const events: (Record<string, unknown> & { serial_unit_id: string })[] = await this.ds.query(
      `SELECT sm.serial_unit_id, sm.quantity AS direction, m.at, m.reason, m.inventory_id, i.name AS inventory_name,
              i.branch_id, b.name AS branch_name, m.reference_type, m.reference_id,
              COALESCE(pi.number, si.number) AS reference_number, COALESCE(vd.name, c.name) AS party_name,
              si.customer_id,
              u.display_name AS user_name,
              (timezone(COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), $3), m.at)::date
                 + make_interval(months => $4))::date::text AS warranty_end
         FROM serial_movements sm JOIN stock_movements m ON m.id = sm.movement_id
         JOIN inventories i ON i.id = m.inventory_id JOIN branches b ON b.id = i.branch_id
         LEFT JOIN users u ON u.id = m.user_id
         LEFT JOIN purchase_invoices pi ON m.reference_type = 'purchase_invoice' AND pi.id = m.reference_id
         LEFT JOIN vendors vd ON vd.id = pi.vendor_id
         LEFT JOIN sales_invoices si ON m.reference_type = 'sale' AND si.id = m.reference_id
         LEFT JOIN customers c ON c.id = si.customer_id
        WHERE sm.serial_unit_id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR i.branch_id = $2)
        ORDER BY m.at, m.id`,
      [units.map((u) => u.id), scope, loadConfig().storeTimeZone, WARRANTY_MONTHS],
    );
    const out = units
      .map((u) => ({
        ...rowFields(u, [
          'id',
          'serial',
          'imei2?',
          'inventory_id?',
          'inventory_name?',
          'branch_id?',
        ]),
        status: u.status as SerialUnitDto['status'],
        variantId: u.variant_id as string,
        productId: u.product_id as string,
        productName: u.product_name as string,
        properties: (u.properties as Record<string, string>) ?? {},
        receivedAt: new Date(u.created_at as string).toISOString(),
        sale: null,
        history: events
          .filter((e) => e.serial_unit_id === u.id)
          .map((e): SerialEventDto => ({
            ...rowTimes(e, ['at']),
            ...rowFields(e, [
              'reason',
              'inventory_id',
              'inventory_name',
              'branch_id',
              'branch_name',
              'reference_type?',
              'reference_id?',
              'reference_number?',
              'party_name?',
              'user_name?',
            ]),
            direction: Number(e.direction) > 0 ? 1 : -1,
          })),
      }))
      .filter((u) => !scope || u.branchId === scope || u.history.length > 0) as SerialUnitDto[];
    if (!out.length) throw Errors.notFound();
    // The unit's last sale (issue 34, docs/decisions/0107, 0128): the sale that took it, to whom,
    // when, and the warranty's end (WARRANTY_MONTHS from the sale's day: products carry no warranty
    // of their own); `returned` once the unit came back from it (in stock again, or moved since).
    for (const unit of out) {
      const mine = events.filter((e) => e.serial_unit_id === unit.id);
      const sold = mine.findLast((e) => e.reference_type === 'sale' && Number(e.direction) < 0);
      if (!sold) continue;
      unit.sale = {
        saleId: sold.reference_id as string,
        number: (sold.reference_number as string | null) ?? null,
        customerId: (sold.customer_id as string | null) ?? null,
        customerName: (sold.party_name as string | null) ?? null,
        at: new Date(sold.at as string).toISOString(),
        warrantyEnd: sold.warranty_end as string,
        returned: unit.status !== 'sold' || mine.at(-1) !== sold,
      };
    }
    return out;
  }

  /**
   * The unit a code names in stock at the inventory, for the till (any seller at the inventory's
   * branch; a user of every branch anywhere): its variant and codes; 404 when not in stock there.
   */
  async sellable(
    code: string,
    inventoryId: string | undefined,
    user: AuthUser,
  ): Promise<SellableSerialDto> {
    const [row] = await this.ds.query(
      `SELECT su.serial, su.imei2, su.variant_id AS "variantId", v.sku, p.name_ar AS "productName"
         FROM serial_units su JOIN variants v ON v.id = su.variant_id JOIN products p ON p.id = v.product_id
         JOIN inventories i ON i.id = su.inventory_id
        WHERE (su.serial = $1 OR su.imei2 = $1) AND su.status = 'in_stock'
          AND ($2::uuid IS NULL OR su.inventory_id = $2)
          AND ($3::uuid IS NULL OR i.branch_id = $3)
        LIMIT 1`,
      [normalizeSerial(code), inventoryId ?? null, branchReadScope(user)],
    );
    if (!row) throw Errors.notFound();
    return row as SellableSerialDto;
  }

  /**
   * The till's lots of a batch line (issue 34, docs/decisions/0107, 0123), bounded whatever the
   * number of lots: at most `limit` unexpired lots in FEFO order and at most `limit` expired ones
   * still holding stock (the latest expired, listed first as they expire), each marked expired on
   * the store's day, with `more` when more match; `q` keeps the lots whose number contains it.
   * And the first-expiry-first-out pick of `quantity` the sale will take, read over only the lots
   * it needs (expired lots never picked; a cashier names one, with the permission).
   */
  async sellableBatches(
    inventoryId: string,
    query: { variantId: string; quantity?: number; q?: string; limit?: number },
    user: AuthUser,
  ): Promise<SellableBatchesDto> {
    await this.assertReadable(inventoryId, user);
    const [{ today }] = await this.ds.query(
      `SELECT timezone(COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), $1), now())::date::text AS today`,
      [loadConfig().storeTimeZone],
    );
    const limit = query.limit ?? SELLABLE_LOTS_PAGE;
    const q = query.q ? normalizeSerial(query.q) : null;
    // each page an ordered walk of IDX_batch_levels_fefo (the lots holding stock here), the
    // production date read for the lots listed only
    const page = (expired: boolean) =>
      lotPageSql({
        where: `l.expiry_date ${expired ? '<' : '>='} $3::date`,
        desc: expired,
        extra: `, ${expired} AS expired`,
      });
    // one more than listed of each: whether there are more
    const rows: Record<string, unknown>[] = await this.ds.query(
      `(${page(true)}) UNION ALL (${page(false)})`,
      [query.variantId, inventoryId, today, limit + 1, q],
    );
    const lots = batchRows(rows);
    const expired = lots
      .filter((_, i) => rows[i].expired)
      .slice(0, limit)
      .reverse();
    const fresh = lots.filter((_, i) => !rows[i].expired).slice(0, limit);
    const { picks, short } = await fefoLots(
      this.ds.manager,
      { variantId: query.variantId, inventoryId, today },
      query.quantity ?? 0,
    );
    return {
      today,
      lots: [
        ...expired.map((b) => ({ ...b, expired: true })),
        ...fresh.map((b) => ({ ...b, expired: false })),
      ],
      more: expired.length + fresh.length < lots.length,
      picks,
      short,
    };
  }

  /**
   * A variant's batches holding stock in an inventory the user reads (else 404), earliest expiry
   * first, a bounded page (docs/decisions/0128): at most `limit` (SELLABLE_LOTS_PAGE) lots after
   * the lot `afterLot` (keyset on (expiry, lot): any depth costs the page's lots only), `q` keeping
   * the lots whose number contains it. `next`: the last lot listed while more follow.
   */
  async batchStock(
    inventoryId: string,
    query: { variantId: string; q?: string; limit?: number; afterLot?: string },
    user: AuthUser,
  ): Promise<{ lots: BatchStockDto[]; next: string | null }> {
    await this.assertReadable(inventoryId, user);
    const limit = query.limit ?? SELLABLE_LOTS_PAGE;
    const after = query.afterLot ? normalizeSerial(query.afterLot) : null;
    // after the cursor's lot: its (expiry, lot), read by UQ_batches_variant_lot (a lot the variant
    // does not have ends the walk: nothing after it)
    const rows: Record<string, unknown>[] = await this.ds.query(
      lotPageSql({
        where: after
          ? `(l.expiry_date, l.lot) > (SELECT b.expiry_date, b.lot FROM batches b WHERE b.variant_id = $1 AND b.lot = $3)`
          : '$3::text IS NULL',
      }),
      [query.variantId, inventoryId, after, limit + 1, query.q ? normalizeSerial(query.q) : null],
    );
    const lots = batchRows(rows.slice(0, limit));
    return { lots, next: rows.length > limit ? lots[lots.length - 1].lot : null };
  }

  /** An inventory the user reads, else 404. */
  private async assertReadable(inventoryId: string, user: AuthUser): Promise<void> {
    const [readable] = await this.ds.query(
      'SELECT 1 FROM inventories WHERE id = $1 AND ($2::uuid IS NULL OR branch_id = $2)',
      [inventoryId, branchReadScope(user)],
    );
    if (!readable) throw Errors.notFound();
  }

  /**
   * A branch's lots near expiry: the asked branch within the user's read scope (403 outside it),
   * else the user's own; a user who reads every branch and has none: every branch.
   */
  async expiring(branchId: string | undefined, user: AuthUser): Promise<ExpiringLotsDto> {
    const branch = askedBranch(user, branchId ?? user.branchId ?? null);
    return expiringLots(this.ds.manager, branch);
  }
}

/**
 * One ordered walk of IDX_batch_levels_fefo: the lots of variant $1 holding stock at inventory $2
 * that match `where` (its own parameter $3), whose number contains $5 (when given), in FEFO order
 * (`desc`: the latest first), at most $4; the production date read for the lots listed only.
 */
const lotPageSql = (o: { where: string; desc?: boolean; extra?: string }) =>
  `SELECT l.batch_id, l.variant_id, l.lot, l.expiry_date::text AS expiry_date,
          (SELECT b.production_date::text FROM batches b WHERE b.id = l.batch_id) AS production_date,
          l.inventory_id, l.on_hand${o.extra ?? ''}
     FROM batch_levels l
    WHERE l.inventory_id = $2 AND l.variant_id = $1 AND l.on_hand > 0
      AND ($5::text IS NULL OR strpos(l.lot, $5) > 0)
      AND ${o.where}
    ORDER BY l.expiry_date ${o.desc ? 'DESC' : ''}, l.lot ${o.desc ? 'DESC' : ''}
    LIMIT $4`;

const batchRows = (rows: Record<string, unknown>[]): BatchStockDto[] =>
  rows.map((r) => ({
    ...rowFields(r, [
      'batch_id',
      'variant_id',
      'lot',
      'expiry_date',
      'production_date?',
      'inventory_id',
    ]),
    onHand: Number(r.on_hand),
  })) as BatchStockDto[];
