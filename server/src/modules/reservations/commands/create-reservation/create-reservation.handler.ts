import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import Decimal from 'decimal.js';
import { uuidv7 } from '../../../../core/database/ids';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { branchDocumentNumber } from '../../../../core/numbering';
import { branchMainVault, lockVault, moveVault } from '../../../cash';
import { lockCustomer } from '../../../customers';
import { StockLedger } from '../../../inventory';
import { pushStock } from '../../reservation-flow';
import { CreateReservationCommand } from './create-reservation.command';

export type CreateReservationResult = { id: string; created: boolean };

/**
 * CreateReservation: the customer is locked first, then each stock row (in variant order); each
 * line must be available (on hand − reserved, whatever the inventory's negative-stock rule: a
 * reservation holds real units) and is then reserved, so no cashier can sell it
 * (the stock ledger refuses a sale below on hand − reserved). The deposit goes into a vault of the
 * branch (`moveVault`); the books (Dr vault / Cr customer deposits) are the subscriber's. The
 * client's id makes a retry harmless.
 */
@CommandHandler(CreateReservationCommand)
export class CreateReservationHandler extends TransactionalCommandHandler<
  CreateReservationCommand,
  CreateReservationResult
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { dto, user }: CreateReservationCommand,
    tx: CommandTransaction,
  ): Promise<CreateReservationResult> {
    const { m } = tx;
    const expiresAt = new Date(dto.expiresAt);
    if (!(expiresAt.getTime() > Date.now()))
      throw new AppException('RESERVATION_EXPIRY_PAST', HttpStatus.BAD_REQUEST);
    const [inventory] = dto.inventoryId
      ? await m.query('SELECT id, branch_id FROM inventories WHERE id = $1', [dto.inventoryId])
      : await m.query('SELECT id, branch_id FROM inventories WHERE branch_id = $1 AND is_default', [
          user.branchId,
        ]);
    if (!inventory) throw Errors.notFound();
    const branchId = inventory.branch_id as string;
    const scope = branchWriteScope(user);
    if (scope && scope !== branchId) throw Errors.forbidden();

    await lockCustomer(m, dto.customerId);
    const [seen] = await m.query('SELECT customer_id FROM reservations WHERE id = $1 FOR UPDATE', [
      dto.id,
    ]);
    if (seen) {
      if (seen.customer_id !== dto.customerId)
        throw new AppException('ID_ALREADY_EXISTS', HttpStatus.CONFLICT);
      return { id: dto.id, created: false };
    }

    // One line per variant, locked in variant order (two reservations meeting queue, not deadlock).
    const wanted = new Map<string, Decimal>();
    for (const l of dto.lines)
      wanted.set(l.variantId, (wanted.get(l.variantId) ?? new Decimal(0)).plus(l.quantity));
    const variantIds = [...wanted.keys()].sort();
    const lines: { variantId: string; quantity: string; unitPrice: number }[] = [];
    for (const variantId of variantIds) {
      const quantity = wanted.get(variantId)!.toFixed(3);
      const [variant] = await m.query(
        `SELECT v.sell_price, p.name_ar FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1`,
        [variantId],
      );
      if (!variant) throw Errors.notFound();
      const [level] = await this.ledger.lockBalances(m, inventory.id, [variantId]);
      if (new Decimal(level.available).lt(quantity))
        throw new AppException('INSUFFICIENT_STOCK', HttpStatus.BAD_REQUEST, {
          name: variant.name_ar,
          available: Decimal.max(0, level.available).toString(),
        });
      await this.ledger.reserve(m, variantId, inventory.id, quantity);
      lines.push({ variantId, quantity, unitPrice: Number(variant.sell_price) });
    }

    let vault: { id: string; accountId: string } | null = null;
    if (dto.deposit > 0) {
      const vaultId = dto.vaultId ?? (await branchMainVault(m, branchId)).id;
      const [exists] = await m.query('SELECT 1 FROM vaults WHERE id = $1', [vaultId]);
      if (!exists) throw Errors.notFound();
      const locked = await lockVault(m, vaultId);
      if (locked.branchId !== branchId) throw Errors.forbidden();
      vault = locked;
    }
    const number = await branchDocumentNumber(m, 'reservation', branchId);
    const note = dto.note?.trim() || null;
    await m.query(
      `INSERT INTO reservations (id, number, branch_id, inventory_id, customer_id, status, deposit, vault_id, expires_at, note, created_by)
       VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, $8, $9, $10)`,
      [
        dto.id,
        number,
        branchId,
        inventory.id,
        dto.customerId,
        dto.deposit,
        vault?.id ?? null,
        expiresAt.toISOString(),
        note,
        user.id,
      ],
    );
    for (const l of lines)
      await m.query(
        `INSERT INTO reservation_lines (id, reservation_id, variant_id, quantity, unit_price) VALUES ($1, $2, $3, $4, $5)`,
        [uuidv7(), dto.id, l.variantId, l.quantity, l.unitPrice],
      );
    if (vault)
      await moveVault(m, {
        vaultId: vault.id,
        type: 'reservation_deposit',
        amount: dto.deposit,
        sourceType: 'reservation',
        sourceId: dto.id,
        sourceNumber: number,
        userId: user.id,
      });
    await tx.raise('reservation.created', {
      reservationId: dto.id,
      number,
      branchId,
      customerId: dto.customerId,
      deposit: dto.deposit,
      outcome: 'held',
      vaultId: vault?.id ?? null,
      vaultAccountId: vault?.accountId ?? null,
      userId: user.id,
    });
    tx.push(branchId, 'reservation.changed', {
      reservationId: dto.id,
      number,
      status: 'active',
    });
    await pushStock(tx, { branchId, inventoryId: inventory.id }, lines);
    tx.audit({ action: 'reservation.create', entity: 'reservation', entityId: dto.id, after: dto });
    return { id: dto.id, created: true };
  }
}
