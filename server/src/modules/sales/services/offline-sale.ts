import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import type { SaleDeviceDto, SaleFlagKind } from '@pos/contracts';
import { AppException } from '../../../core/errors/app.exception';
import type { BalanceChange } from '../../inventory';
import type { Waive } from './pricing';

/**
 * A sale rung on a registered till (issue 32, docs/decisions/0070, docs/offline.md): its device and
 * receipt number checked and recorded, and, when it was rung offline, the rules it broke meanwhile
 * let through and listed on `sale_flags` for a person to review.
 */
export type SaleFlagInput = { kind: SaleFlagKind; detail: Record<string, unknown> };

export type DeviceSale = {
  /** the till's columns on the invoice: device_id, device_receipt_no, rung_at, offline */
  columns: [string | null, number | null, string | null, boolean];
  /** `<prefix>-<n>` as printed on the till's receipt */
  receipt: string | null;
  /** a sale rung offline: the rules reported instead of refused */
  waive?: Waive;
  flags: SaleFlagInput[];
};

/** What a sale without a device (or rung online) records: nothing of a till, no waived rule. */
export function deviceSale(device: SaleDeviceDto | undefined): DeviceSale {
  const flags: SaleFlagInput[] = [];
  return {
    columns: device
      ? [device.deviceId, device.receiptNo, device.rungAt, device.offline]
      : [null, null, null, false],
    receipt: null,
    flags,
    ...(device?.offline ? { waive: (kind, detail) => flags.push({ kind, detail }) } : {}),
  };
}

/**
 * The till of the sale's branch, locked (its sales reach the server one at a time, so the lock
 * costs nothing and keeps two sales from taking one receipt number), its receipt number free for
 * this sale, and its last receipt number seen and its last contact brought forward.
 *
 * The UPDATE is the lock (one round trip instead of a SELECT … FOR UPDATE and an UPDATE, per
 * synced sale: docs/decisions/0075); a till of another branch or a receipt number taken throws,
 * which rolls the update back with the sale. The number is looked up after the lock, in a
 * statement of its own, so a concurrent sale of the same till that held the lock is seen.
 */
export async function takeDeviceReceipt(
  m: EntityManager,
  saleId: string,
  branchId: string,
  device: SaleDeviceDto,
  sale: DeviceSale,
): Promise<void> {
  // TypeORM answers an UPDATE … RETURNING with [rows, affected].
  const [[row]] = await m.query(
    `UPDATE pos_devices SET last_receipt_no = GREATEST(last_receipt_no, $2), last_seen_at = now()
      WHERE id = $1 RETURNING branch_id, receipt_prefix`,
    [device.deviceId, device.receiptNo],
  );
  if (!row) throw new AppException('DEVICE_NOT_REGISTERED', HttpStatus.BAD_REQUEST);
  if (row.branch_id !== branchId)
    throw new AppException('DEVICE_OTHER_BRANCH', HttpStatus.BAD_REQUEST);
  const receipt = `${row.receipt_prefix}-${device.receiptNo}`;
  const [taken] = await m.query(
    'SELECT 1 FROM sales_invoices WHERE device_id = $1 AND device_receipt_no = $2 AND id <> $3',
    [device.deviceId, device.receiptNo, saleId],
  );
  if (taken) throw new AppException('DEVICE_RECEIPT_TAKEN', HttpStatus.CONFLICT, { receipt });
  sale.receipt = receipt;
}

/** Balances an offline sale took below zero where the inventory does not allow it. */
export function negativeStockFlags(changes: BalanceChange[]): SaleFlagInput[] {
  return changes
    .filter((c) => c.forcedNegative)
    .map((c) => ({
      kind: 'negative_stock' as const,
      detail: {
        variantId: c.variantId,
        inventoryId: c.inventoryId,
        onHand: c.onHand,
        reserved: c.reserved,
      },
    }));
}

/** The sale's flags, in the sale's transaction. */
export async function writeSaleFlags(
  m: EntityManager,
  saleId: string,
  branchId: string,
  flags: SaleFlagInput[],
): Promise<void> {
  if (!flags.length) return;
  await m.query(
    `INSERT INTO sale_flags (id, sale_id, branch_id, kind, detail)
     SELECT t.id, $2::uuid, $3::uuid, t.kind, t.detail FROM unnest($1::uuid[], $4::text[], $5::jsonb[]) AS t(id, kind, detail)`,
    [
      flags.map(() => uuidv7()),
      saleId,
      branchId,
      flags.map((f) => f.kind),
      flags.map((f) => JSON.stringify(f.detail)),
    ],
  );
}
