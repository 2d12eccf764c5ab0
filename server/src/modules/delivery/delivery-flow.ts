import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../core/database/ids';
import { DELIVERY_TRANSITIONS, type DeliveryAction, type DeliveryStatus } from '@pos/contracts';
import type { AuthUser } from '../../core/auth/auth.types';
import { branchWriteScope } from '../../core/auth/branch-scope';
import { AppException, Errors } from '../../core/errors/app.exception';
import { rowFields } from '../../core/database/row-fields';

export type DeliveryRow = {
  id: string;
  number: string;
  saleId: string;
  branchId: string;
  status: DeliveryStatus;
  fee: number;
  codAmount: number;
  driverId: string | null;
};

const COLUMNS = 'id, number, sale_id, branch_id, status, fee, cod_amount, driver_id';
const toRow = (r: Record<string, unknown>): DeliveryRow => ({
  ...rowFields(r, ['id', 'number', 'sale_id', 'branch_id', 'status']),
  fee: Number(r.fee),
  codAmount: Number(r.cod_amount),
  ...rowFields(r, ['driver_id?']),
});

/**
 * The order as the user may change it, locked: 404 outside the write scope. A driver changes only
 * the orders assigned to them (their own branch's scope may not reach, e.g. a driver without a branch).
 */
export async function lockDelivery(
  m: EntityManager,
  id: string,
  user: AuthUser,
): Promise<DeliveryRow> {
  const [row] = await m.query(`SELECT ${COLUMNS} FROM delivery_orders WHERE id = $1 FOR UPDATE`, [
    id,
  ]);
  if (!row) throw Errors.notFound();
  const scope = branchWriteScope(user);
  if (scope && row.branch_id !== scope && row.driver_id !== user.id) throw Errors.notFound();
  return toRow(row);
}

const STATUS_NAMES: Record<DeliveryStatus, { ar: string; en: string }> = {
  pending: { ar: 'في الانتظار', en: 'pending' },
  assigned: { ar: 'مسند لمندوب', en: 'assigned' },
  out_for_delivery: { ar: 'خرج للتوصيل', en: 'out for delivery' },
  delivered: { ar: 'تم التسليم', en: 'delivered' },
  failed: { ar: 'تعذر التسليم', en: 'failed' },
  returned: { ar: 'مرتجع', en: 'returned' },
};

/** The status an action leads to, or 409 DELIVERY_ILLEGAL_TRANSITION naming both ends. */
export function nextDeliveryStatus(order: DeliveryRow, action: DeliveryAction): DeliveryStatus {
  const rule = DELIVERY_TRANSITIONS[action];
  if (rule.from.includes(order.status)) return rule.to;
  throw new AppException('DELIVERY_ILLEGAL_TRANSITION', HttpStatus.CONFLICT, {
    number: order.number,
    fromAr: STATUS_NAMES[order.status].ar,
    toAr: STATUS_NAMES[rule.to].ar,
    fromEn: STATUS_NAMES[order.status].en,
    toEn: STATUS_NAMES[rule.to].en,
  });
}

export async function insertDeliveryEvent(
  m: EntityManager,
  orderId: string,
  from: DeliveryStatus | null,
  to: DeliveryStatus,
  step: { driverId: string | null; userId: string | null; note?: string | null },
): Promise<void> {
  await m.query(
    `INSERT INTO delivery_events (id, order_id, from_status, to_status, driver_id, user_id, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [uuidv7(), orderId, from, to, step.driverId, step.userId, step.note ?? null],
  );
}

/** A driver: an active user whose role is a driver role, of the branch (or of no branch). */
export async function assertDriver(
  m: EntityManager,
  driverId: string,
  branchId: string,
): Promise<void> {
  const [row] = await m.query(
    `SELECT 1 FROM users u JOIN roles r ON r.id = u.role_id
      WHERE u.id = $1 AND u.active AND r.is_driver AND (u.branch_id IS NULL OR u.branch_id = $2)`,
    [driverId, branchId],
  );
  if (!row) throw new AppException('DELIVERY_DRIVER_INVALID', HttpStatus.BAD_REQUEST);
}
