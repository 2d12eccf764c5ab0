import { HttpStatus } from '@nestjs/common';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import type { ReservationStatus } from '@pos/contracts';
import type { AuthUser } from '../../core/auth/auth.types';
import { branchWriteScope } from '../../core/auth/branch-scope';
import type { CommandTransaction } from '../../core/cqrs';
import { AppException, Errors } from '../../core/errors/app.exception';
import { rowFields } from '../../core/database/row-fields';
import { moveVault } from '../cash';
import { postCustomerLedger } from '../customers';
import type { StockLedger } from '../inventory';

export type ReservationRow = {
  id: string;
  number: string;
  branchId: string;
  inventoryId: string;
  customerId: string;
  status: ReservationStatus;
  deposit: number;
  vaultId: string | null;
  expiresAt: Date;
};
export type ReservationLineRow = { variantId: string; quantity: string; unitPrice: number };

const COLUMNS =
  'id, number, branch_id, inventory_id, customer_id, status, deposit, vault_id, expires_at';

function toRow(r: Record<string, unknown>): ReservationRow {
  return {
    ...rowFields(r, ['id', 'number', 'branch_id', 'inventory_id', 'customer_id', 'status']),
    deposit: Number(r.deposit),
    ...rowFields(r, ['vault_id?']),
    expiresAt: new Date(r.expires_at as string),
  };
}

/** The reservation as the user may change it: 404 outside the user's write scope. Not locked. */
export async function findReservation(
  m: EntityManager,
  id: string,
  user: AuthUser,
): Promise<ReservationRow> {
  const [row] = await m.query(`SELECT ${COLUMNS} FROM reservations WHERE id = $1`, [id]);
  if (!row) throw Errors.notFound();
  const scope = branchWriteScope(user);
  if (scope && row.branch_id !== scope) throw Errors.notFound();
  return toRow(row);
}

/** Locks the reservation (after its customer: the fixed order of every reservation command). */
export async function lockReservation(m: EntityManager, id: string): Promise<ReservationRow> {
  const [row] = await m.query(`SELECT ${COLUMNS} FROM reservations WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw Errors.notFound();
  return toRow(row);
}

export async function reservationLines(
  m: EntityManager,
  id: string,
): Promise<ReservationLineRow[]> {
  const rows: { variant_id: string; quantity: string; unit_price: string }[] = await m.query(
    `SELECT variant_id, quantity::text AS quantity, unit_price FROM reservation_lines WHERE reservation_id = $1 ORDER BY id`,
    [id],
  );
  return rows.map((r) => ({
    variantId: r.variant_id,
    quantity: r.quantity,
    unitPrice: Number(r.unit_price),
  }));
}

const STATUS_NAMES: Record<ReservationStatus, { ar: string; en: string }> = {
  active: { ar: 'ساري', en: 'active' },
  converted: { ar: 'تم البيع', en: 'converted' },
  cancelled: { ar: 'ملغى', en: 'cancelled' },
  expired: { ar: 'منتهي', en: 'expired' },
};

/** Only an active reservation moves (to converted, cancelled or expired); anything else is 409. */
export function assertActive(r: ReservationRow, to: ReservationStatus): void {
  if (r.status === 'active') return;
  throw new AppException('RESERVATION_ILLEGAL_TRANSITION', HttpStatus.CONFLICT, {
    number: r.number,
    fromAr: STATUS_NAMES[r.status].ar,
    toAr: STATUS_NAMES[to].ar,
    fromEn: STATUS_NAMES[r.status].en,
    toEn: STATUS_NAMES[to].en,
  });
}

/** Gives the reserved quantities back (the stock is sellable again) and pushes the balances. */
export async function releaseReservation(
  tx: CommandTransaction,
  ledger: StockLedger,
  r: ReservationRow,
  lines: ReservationLineRow[],
): Promise<void> {
  for (const line of lines)
    await ledger.reserve(
      tx.m,
      line.variantId,
      r.inventoryId,
      new Decimal(line.quantity).negated().toFixed(3),
    );
  await pushStock(tx, r, lines);
}

/** The POS screens show what is sellable: push the balances whose reserved quantity changed. */
export async function pushStock(
  tx: CommandTransaction,
  r: { branchId: string; inventoryId: string },
  lines: { variantId: string }[],
): Promise<void> {
  const rows: { variant_id: string; on_hand: string; reserved: string }[] = await tx.m.query(
    `SELECT variant_id, on_hand::text, reserved::text FROM stock_levels WHERE inventory_id = $1 AND variant_id = ANY($2)`,
    [r.inventoryId, lines.map((l) => l.variantId)],
  );
  for (const row of rows)
    tx.push(r.branchId, 'stock.changed', {
      variantId: row.variant_id,
      inventoryId: r.inventoryId,
      onHand: Number(row.on_hand),
      reserved: Number(row.reserved),
    });
}

/**
 * Marks the reservation closed with its new status and what became of the deposit (its
 * `settleDeposit`), raises `reservation.<status>` for the subscribers and tells the branch.
 */
export async function closeReservation(
  tx: CommandTransaction,
  r: ReservationRow,
  close: {
    to: 'converted' | 'cancelled' | 'expired';
    outcome: 'applied' | 'credited' | 'refunded' | 'forfeited';
    deposit: { vaultId: string | null; vaultAccountId: string | null };
    userId: string | null;
    saleId?: string;
  },
): Promise<void> {
  const { to, outcome, userId } = close;
  await tx.m.query(
    `UPDATE reservations SET status = $2, deposit_outcome = $3, closed_by = $4, closed_at = now(), sale_id = COALESCE($5, sale_id)
      WHERE id = $1`,
    [r.id, to, r.deposit > 0 ? outcome : null, userId, close.saleId ?? null],
  );
  await tx.raise(`reservation.${to}`, {
    reservationId: r.id,
    number: r.number,
    branchId: r.branchId,
    customerId: r.customerId,
    deposit: r.deposit,
    outcome,
    ...close.deposit,
    userId,
  });
  tx.push(r.branchId, 'reservation.changed', { reservationId: r.id, number: r.number, status: to });
}

/**
 * What becomes of the deposit when the reservation closes:
 * - `applied` (converted to a sale) and `credited` (expired under the refund rule: nobody is at the
 *   counter to take cash) put it on the customer's account as a payment;
 * - `refunded` pays it back out of the vault it went into;
 * - `forfeited` keeps it (the books move it to other income).
 * Call with the customer and the reservation locked. The posting is the subscriber's.
 */
export async function settleDeposit(
  tx: CommandTransaction,
  r: ReservationRow,
  outcome: 'applied' | 'credited' | 'refunded' | 'forfeited',
  userId: string | null,
): Promise<{ vaultId: string | null; vaultAccountId: string | null }> {
  if (r.deposit === 0) return { vaultId: null, vaultAccountId: null };
  if (outcome === 'applied' || outcome === 'credited') {
    await postCustomerLedger(tx.m, {
      customerId: r.customerId,
      type: 'payment',
      amount: -r.deposit,
      referenceType: 'reservation',
      referenceId: r.id,
      userId,
      note: r.number,
    });
    return { vaultId: null, vaultAccountId: null };
  }
  if (outcome === 'refunded') {
    const vault = await moveVault(tx.m, {
      vaultId: r.vaultId!,
      type: 'reservation_refund',
      amount: -r.deposit,
      sourceType: 'reservation',
      sourceId: r.id,
      sourceNumber: r.number,
      userId,
    });
    return { vaultId: vault.id, vaultAccountId: vault.accountId };
  }
  return { vaultId: null, vaultAccountId: null };
}
