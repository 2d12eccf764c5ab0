import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  DEVICE_CATALOG_PAGE,
  type DeviceCatalogPageDto,
  type DeviceCatalogPageQueryDto,
  type DeviceCatalogQueryDto,
  type DeviceCatalogStartDto,
  type DeviceVariantRow,
  type Unit,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { changedSince, CURRENT_SNAPSHOT } from '../../../core/database/changed-since';
import { Errors } from '../../../core/errors/app.exception';
import { deviceCustomersCount, deviceCustomersPage } from '../../customers';
import { deviceEReceiptData } from '../../einvoicing';
import { deviceStockCount, deviceStockPage } from '../../inventory';
import { devicePaymentMethods } from '../../sales';
import { deviceReceiptData } from '../../settings';

const NO_ID = '00000000-0000-0000-0000-000000000000';

type VariantSqlRow = {
  id: string;
  product_id: string;
  name_ar: string;
  name_en: string | null;
  sku: string;
  barcodes: string[];
  properties: Record<string, string> | null;
  sell_price: string;
  min_sell_price: string;
  vat_rate: number;
  unit: Unit;
  active: boolean;
  eta_item_type: 'GS1' | 'EGS' | null;
  eta_item_code: string | null;
  category_id: string | null;
  tracking: 'none' | 'serial' | 'batch';
  imei_count: number;
};

const VARIANT_ROW = `v.id, v.product_id, p.name_ar, p.name_en, v.sku, v.barcodes, v.properties,
  v.sell_price, v.min_sell_price, p.vat_rate, p.unit, (v.active AND p.active) AS active,
  p.eta_item_type, p.eta_item_code, p.category_id, p.tracking, p.imei_count`;

/** The ids of variants changed since the cursor ($1): their own row or their product's. */
const CHANGED_VARIANTS = `SELECT v.id FROM variants v WHERE ${changedSince('v', '$1')}
  UNION SELECT v.id FROM products p JOIN variants v ON v.product_id = p.id WHERE ${changedSince('p', '$1')}`;

/**
 * The till's device catalog (issue 32 item 2): a sync starts (`start`: the new cursor, what each
 * part holds, payment methods, receipt data, removals) and then reads each part's keyset pages.
 * A full load sends the sellable variants; a delta (`since`) sends the variants changed since it,
 * those that left the sale as `removed`. Stock is read through inventory's query, customers
 * through customers', payment methods through sales', receipt data through settings'.
 */
@Injectable()
export class DeviceCatalogQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The inventory must be one the user sees (another branch's: 403; none such: 404). */
  private async checkInventory(user: AuthUser, inventoryId: string): Promise<string> {
    if (user.screens.length > 0 && !user.screens.includes('POS')) throw Errors.forbidden();
    const [row] = await this.ds.query('SELECT branch_id FROM inventories WHERE id = $1', [
      inventoryId,
    ]);
    if (!row) throw Errors.notFound();
    const scope = branchReadScope(user);
    if (scope && row.branch_id !== scope) throw Errors.forbidden();
    return row.branch_id as string;
  }

  async start(query: DeviceCatalogQueryDto, user: AuthUser): Promise<DeviceCatalogStartDto> {
    const branchId = await this.checkInventory(user, query.inventoryId);
    // Taken before anything is read: whatever commits after it is in the next sync.
    const [{ cursor }] = await this.ds.query(CURRENT_SNAPSHOT);
    const since = query.since ?? null;
    const [variants, stock, customers, paymentMethods, receipt, eReceipt, removals] =
      await Promise.all([
        this.variantCount(since),
        deviceStockCount(this.ds, query.inventoryId, since),
        deviceCustomersCount(this.ds, since),
        devicePaymentMethods(this.ds),
        deviceReceiptData(this.ds),
        deviceEReceiptData(this.ds, branchId, query.deviceId ?? null),
        since
          ? (this.ds.query(
              `SELECT r.kind, r.id FROM device_catalog_removals r WHERE ${changedSince('r', '$1')}`,
              [since],
            ) as Promise<{ kind: string; id: string }[]>)
          : Promise.resolve([]),
      ]);
    return {
      cursor,
      full: !since,
      counts: { variants, stock, customers },
      paymentMethods,
      receipt,
      eReceipt,
      removed: {
        variants: removals.filter((r) => r.kind === 'variant').map((r) => r.id),
        customers: removals.filter((r) => r.kind === 'customer').map((r) => r.id),
      },
    };
  }

  async page(query: DeviceCatalogPageQueryDto, user: AuthUser): Promise<DeviceCatalogPageDto> {
    await this.checkInventory(user, query.inventoryId);
    const limit = query.limit ?? DEVICE_CATALOG_PAGE;
    const since = query.since ?? null;
    const after = query.after ?? null;
    if (query.part === 'variants') return this.variantPage(since, after, limit);
    const rows =
      query.part === 'stock'
        ? await deviceStockPage(this.ds, query.inventoryId, since, after, limit)
        : await deviceCustomersPage(this.ds, since, after, limit);
    return { rows, removed: [], next: rows.length === limit ? rows[rows.length - 1][0] : null };
  }

  private async variantCount(since: string | null): Promise<number> {
    const [{ n }] = since
      ? await this.ds.query(`SELECT count(*)::int AS n FROM (${CHANGED_VARIANTS}) c`, [since])
      : await this.ds.query(
          `SELECT count(*)::int AS n FROM variants v JOIN products p ON p.id = v.product_id
            WHERE v.active AND p.active`,
        );
    return n;
  }

  private async variantPage(
    since: string | null,
    after: string | null,
    limit: number,
  ): Promise<DeviceCatalogPageDto<DeviceVariantRow>> {
    const found: VariantSqlRow[] = since
      ? await this.ds.query(
          `SELECT ${VARIANT_ROW} FROM (${CHANGED_VARIANTS}) c
             JOIN variants v ON v.id = c.id JOIN products p ON p.id = v.product_id
            WHERE c.id > $2 ORDER BY c.id LIMIT $3`,
          [since, after ?? NO_ID, limit],
        )
      : await this.ds.query(
          `SELECT ${VARIANT_ROW} FROM variants v JOIN products p ON p.id = v.product_id
            WHERE v.id > $1 AND v.active AND p.active ORDER BY v.id LIMIT $2`,
          [after ?? NO_ID, limit],
        );
    const rows: DeviceVariantRow[] = [];
    const removed: string[] = [];
    for (const r of found) {
      if (!r.active) removed.push(r.id);
      else
        rows.push([
          r.id,
          r.product_id,
          r.name_ar,
          r.name_en,
          r.sku,
          r.barcodes ?? [],
          r.properties ?? {},
          Number(r.sell_price),
          Number(r.min_sell_price),
          Number(r.vat_rate),
          r.unit,
          r.eta_item_type ?? null,
          r.eta_item_code ?? null,
          r.category_id ?? null,
        ]);
      // a tracked product's tracking (issue 34): the till asks for its serials offline
      if (r.active && r.tracking && r.tracking !== 'none')
        rows[rows.length - 1].push(r.tracking, Number(r.imei_count ?? 0));
    }
    return { rows, removed, next: found.length === limit ? found[found.length - 1].id : null };
  }
}
