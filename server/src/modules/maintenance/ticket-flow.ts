import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../core/database/ids';
import {
  LIMITS,
  MAINTENANCE_STATUSES,
  MAINTENANCE_WORK_STATUSES,
  canMoveTicket,
  limitInPounds,
  type MaintenanceCountsDto,
  type MaintenanceStatus,
} from '@pos/contracts';
import type { AuthUser } from '../../core/auth/auth.types';
import { branchWriteScope } from '../../core/auth/branch-scope';
import type { CommandTransaction } from '../../core/cqrs';
import { AppException, Errors } from '../../core/errors/app.exception';
import { rowFields } from '../../core/database/row-fields';
import { branchMainVault, lockVault, type LockedVault } from '../cash';

export type TicketRow = {
  id: string;
  number: string;
  status: MaintenanceStatus;
  branchId: string;
  customerId: string;
  deposit: number;
  labour: number;
  partsTotal: number;
  paid: number;
  warrantyOfId: string | null;
  technicianId: string | null;
};

export const STATUS_NAMES: Record<MaintenanceStatus, { ar: string; en: string }> = {
  received: { ar: 'مستلم', en: 'received' },
  diagnosing: { ar: 'قيد الفحص', en: 'diagnosing' },
  waiting_approval: { ar: 'بانتظار الموافقة', en: 'waiting for approval' },
  waiting_parts: { ar: 'بانتظار قطع الغيار', en: 'waiting for parts' },
  in_repair: { ar: 'قيد الإصلاح', en: 'in repair' },
  ready: { ar: 'جاهز للتسليم', en: 'ready' },
  delivered: { ar: 'تم التسليم', en: 'delivered' },
  cancelled: { ar: 'ملغاة', en: 'cancelled' },
  returned_unrepaired: { ar: 'مرتجع بدون إصلاح', en: 'returned unrepaired' },
};

const COLUMNS = `id, number, status, branch_id, customer_id, deposit, labour, parts_total, paid,
  warranty_of_id, technician_id`;

function toRow(row: Record<string, unknown>): TicketRow {
  return {
    ...rowFields(row, ['id', 'number', 'status', 'branch_id', 'customer_id']),
    deposit: Number(row.deposit),
    labour: Number(row.labour),
    partsTotal: Number(row.parts_total),
    paid: Number(row.paid),
    ...rowFields(row, ['warranty_of_id?', 'technician_id?']),
  };
}

/**
 * The ticket as the user may change it, locked (FOR UPDATE): 404 when it does not exist or belongs
 * to a branch outside the user's write scope. Every ticket command locks the ticket first, then
 * the vault (if it moves money), then the stock (the stock ledger's own order).
 */
export async function lockTicket(m: EntityManager, id: string, user: AuthUser): Promise<TicketRow> {
  const [row] = await m.query(
    `SELECT ${COLUMNS} FROM maintenance_tickets WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!row) throw Errors.notFound();
  const scope = branchWriteScope(user);
  if (scope && row.branch_id !== scope) throw Errors.notFound();
  return toRow(row);
}

/** 409 MAINTENANCE_ILLEGAL_TRANSITION naming the ticket and both states, unless the table allows it. */
export function assertTransition(ticket: TicketRow, to: MaintenanceStatus): void {
  if (canMoveTicket(ticket.status, to)) return;
  const from = STATUS_NAMES[ticket.status];
  const next = STATUS_NAMES[to];
  throw new AppException('MAINTENANCE_ILLEGAL_TRANSITION', HttpStatus.CONFLICT, {
    number: ticket.number,
    fromAr: from.ar,
    toAr: next.ar,
    fromEn: from.en,
    toEn: next.en,
  });
}

/** 409 MAINTENANCE_NOT_WORKABLE unless the ticket's parts and labour may still change. */
export function assertWorkable(ticket: TicketRow): void {
  if (MAINTENANCE_WORK_STATUSES.includes(ticket.status)) return;
  const name = STATUS_NAMES[ticket.status];
  throw new AppException('MAINTENANCE_NOT_WORKABLE', HttpStatus.CONFLICT, {
    number: ticket.number,
    statusAr: name.ar,
    statusEn: name.en,
  });
}

/**
 * A ticket's parts move stock as `repair` movements referencing the ticket: their serial units
 * and lots belong to those movements (inventory's sellTracked / returnTracked).
 */
export const REPAIR_MOVEMENT = { type: 'maintenance', reason: 'repair' } as const;

/** 400 MAINTENANCE_TOTAL_LIMIT when a ticket's bill would pass a document's limit. */
export function assertTotal(total: number): void {
  if (total > LIMITS.documentTotal)
    throw new AppException('MAINTENANCE_TOTAL_LIMIT', HttpStatus.BAD_REQUEST, {
      max: limitInPounds(LIMITS.documentTotal),
    });
}

export async function insertTicketEvent(
  m: EntityManager,
  ticketId: string,
  from: MaintenanceStatus | null,
  to: MaintenanceStatus,
  step: { userId: string | null; note?: string | null },
): Promise<void> {
  await m.query(
    `INSERT INTO maintenance_events (id, ticket_id, from_status, to_status, user_id, note)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [uuidv7(), ticketId, from, to, step.userId, step.note ?? null],
  );
}

/**
 * The vault a ticket's money goes into or out of: the one asked for (active, of the ticket's
 * branch) or the branch's main cash vault. Locked.
 */
export async function ticketVault(
  m: EntityManager,
  vaultId: string | null | undefined,
  branchId: string,
): Promise<LockedVault> {
  const refuse = () => new AppException('MAINTENANCE_VAULT_INVALID', HttpStatus.BAD_REQUEST);
  let id = vaultId;
  if (!id) id = (await branchMainVault(m, branchId)).id;
  else {
    const [exists] = await m.query('SELECT 1 FROM vaults WHERE id = $1', [id]);
    if (!exists) throw refuse();
  }
  const vault = await lockVault(m, id);
  if (!vault.active || vault.branchId !== branchId) throw refuse();
  return vault;
}

/** The branch's tickets per status (every status present, 0 when none). */
export async function ticketCounts(
  m: Pick<EntityManager, 'query'>,
  branchId: string | null,
): Promise<MaintenanceCountsDto> {
  const rows: { status: MaintenanceStatus; n: number }[] = await m.query(
    `SELECT status, count(*)::int AS n FROM maintenance_tickets
      ${branchId ? 'WHERE branch_id = $1' : ''} GROUP BY status`,
    branchId ? [branchId] : [],
  );
  const counts = Object.fromEntries(
    MAINTENANCE_STATUSES.map((s) => [s, 0]),
  ) as MaintenanceCountsDto;
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** Queues the branch's new counts for the screens (after this command's own writes). */
export async function pushCounts(tx: CommandTransaction, branchId: string): Promise<void> {
  tx.push(branchId, 'maintenance.counts', { counts: await ticketCounts(tx.m, branchId) });
}
