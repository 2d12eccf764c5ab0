import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../core/database/ids';
import {
  CHEQUE_DUE_DAYS,
  CHEQUE_OPEN_STATUSES,
  CHEQUE_TRANSITIONS,
  type ChequeAction,
  type ChequeDirection,
  type ChequeStatus,
} from '@pos/contracts';
import type { AuthUser } from '../../core/auth/auth.types';
import { branchWriteScope } from '../../core/auth/branch-scope';
import { AppException, Errors } from '../../core/errors/app.exception';
import type { CommandTransaction } from '../../core/cqrs';
import { rowFields } from '../../core/database/row-fields';
import { lockVault, type LockedVault } from '../cash';
import { postCustomerLedger, releaseCustomerCredit } from '../customers';
import { postVendorLedger } from '../purchasing';
import { readStoreTimeZone } from '../settings';

export type ChequeRow = {
  id: string;
  direction: ChequeDirection;
  status: ChequeStatus;
  number: string;
  bank: string;
  amount: number;
  partyType: 'customer' | 'vendor';
  partyId: string;
  branchId: string;
  vaultId: string | null;
};

const STATUS_NAMES: Record<ChequeStatus, { ar: string; en: string }> = {
  received: { ar: 'وارد', en: 'received' },
  deposited: { ar: 'مودع بالبنك', en: 'deposited' },
  issued: { ar: 'صادر', en: 'issued' },
  cleared: { ar: 'محصل', en: 'cleared' },
  bounced: { ar: 'مرتد', en: 'bounced' },
  cancelled: { ar: 'ملغى', en: 'cancelled' },
};

function toRow(row: Record<string, unknown>): ChequeRow {
  const customerId = row.customer_id as string | null;
  return {
    ...rowFields(row, ['id', 'direction', 'status', 'number', 'bank']),
    amount: Number(row.amount),
    partyType: customerId ? 'customer' : 'vendor',
    partyId: (customerId ?? row.vendor_id) as string,
    ...rowFields(row, ['branch_id', 'vault_id?']),
  };
}

const COLUMNS =
  'id, direction, status, number, bank, amount, customer_id, vendor_id, branch_id, vault_id';

/**
 * The cheque as the user may change it: 404 when it does not exist or belongs to a branch outside
 * the user's write scope. Not locked: the party ids never change, so the caller locks the party
 * first and then the cheque (`lockCheque`), the fixed order of every cheque command.
 */
export async function findCheque(m: EntityManager, id: string, user: AuthUser): Promise<ChequeRow> {
  const [row] = await m.query(`SELECT ${COLUMNS} FROM cheques WHERE id = $1`, [id]);
  if (!row) throw Errors.notFound();
  const scope = branchWriteScope(user);
  if (scope && row.branch_id !== scope) throw Errors.notFound();
  return toRow(row);
}

export async function lockCheque(m: EntityManager, id: string): Promise<ChequeRow> {
  const [row] = await m.query(`SELECT ${COLUMNS} FROM cheques WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw Errors.notFound();
  return toRow(row);
}

/** The status an action leads to, or 409 CHEQUE_ILLEGAL_TRANSITION naming both ends. */
export function nextStatus(cheque: ChequeRow, action: ChequeAction): ChequeStatus {
  const rule = CHEQUE_TRANSITIONS[action];
  if (rule.from.includes(cheque.status)) return rule.to;
  const from = STATUS_NAMES[cheque.status];
  const to = STATUS_NAMES[rule.to];
  throw new AppException('CHEQUE_ILLEGAL_TRANSITION', HttpStatus.CONFLICT, {
    number: cheque.number,
    fromAr: from.ar,
    toAr: to.ar,
    fromEn: from.en,
    toEn: to.en,
  });
}

/** Locks the bank vault a cheque goes into or out of: active, a bank account, of the cheque's branch. */
export async function lockChequeVault(
  m: EntityManager,
  vaultId: string | null | undefined,
  branchId: string,
): Promise<LockedVault> {
  const refuse = () => new AppException('CHEQUE_VAULT_REQUIRED', HttpStatus.BAD_REQUEST);
  if (!vaultId) throw refuse();
  const [exists] = await m.query('SELECT 1 FROM vaults WHERE id = $1', [vaultId]);
  if (!exists) throw refuse();
  const vault = await lockVault(m, vaultId);
  if (vault.type !== 'bank' || !vault.active || vault.branchId !== branchId) throw refuse();
  return vault;
}

/** Moves the cheque to its new status and writes the step into its history. */
export async function setChequeStatus(
  m: EntityManager,
  cheque: ChequeRow,
  to: ChequeStatus,
  step: { vaultId?: string | null; userId: string | null; note?: string | null },
): Promise<void> {
  await m.query(
    `UPDATE cheques SET status = $2, vault_id = COALESCE($3, vault_id), updated_at = now() WHERE id = $1`,
    [cheque.id, to, step.vaultId ?? null],
  );
  await insertChequeEvent(m, cheque.id, cheque.status, to, step);
}

export async function insertChequeEvent(
  m: EntityManager,
  chequeId: string,
  from: ChequeStatus | null,
  to: ChequeStatus,
  step: { vaultId?: string | null; userId: string | null; note?: string | null },
): Promise<void> {
  await m.query(
    `INSERT INTO cheque_events (id, cheque_id, from_status, to_status, vault_id, user_id, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [uuidv7(), chequeId, from, to, step.vaultId ?? null, step.userId, step.note ?? null],
  );
}

/**
 * How many open cheques of the branch fall due within CHEQUE_DUE_DAYS of today in the store's
 * time zone (overdue ones included: they still need someone's attention).
 */
export async function dueChequeCount(m: EntityManager, branchId: string): Promise<number> {
  const timeZone = await readStoreTimeZone(m);
  const [{ count }] = await m.query(
    `SELECT count(*)::int AS count FROM cheques
      WHERE branch_id = $1 AND status = ANY($2)
        AND due_date <= (now() AT TIME ZONE $3)::date + $4::int`,
    [branchId, CHEQUE_OPEN_STATUSES, timeZone, CHEQUE_DUE_DAYS],
  );
  return count;
}

/** Puts a cheque's amount back on its party's balance (a bounce or a cancellation). */
export async function restoreDebt(
  tx: CommandTransaction,
  cheque: ChequeRow,
  type: 'cheque_bounced' | 'cheque_cancelled',
  userId: string,
  note?: string,
): Promise<void> {
  const common = {
    amount: cheque.amount,
    referenceType: 'cheque',
    referenceId: cheque.id,
    userId,
    note: note?.trim() || null,
  };
  if (cheque.partyType === 'customer') {
    await postCustomerLedger(tx.m, { customerId: cheque.partyId, type, ...common });
    // The invoices the cheque settled are open again (issue 30 item 13).
    const [paid] = await tx.m.query(
      `SELECT id FROM customer_ledger WHERE reference_type = 'cheque' AND reference_id = $1 AND type = 'payment'`,
      [cheque.id],
    );
    if (paid) await releaseCustomerCredit(tx.m, paid.id);
  } else
    await postVendorLedger(tx.m, {
      vendorId: cheque.partyId,
      // the vendor ledger has no cancellation type: a cancelled cheque is an adjustment
      type: type === 'cheque_bounced' ? 'cheque_bounced' : 'adjustment',
      referenceNumber: cheque.number,
      branchId: cheque.branchId,
      ...common,
    });
}
