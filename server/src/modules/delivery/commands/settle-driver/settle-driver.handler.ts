import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { branchDocumentNumber } from '../../../../core/numbering';
import { branchMainVault, lockVault, moveVault } from '../../../cash';
import { SettleDriverCommand } from './settle-driver.command';

export type SettleDriverResult = { id: string; amount: number; orders: number; created: boolean };

/**
 * SettleDriver: every delivered, unsettled order of the driver in the vault's branch is locked and
 * settled at once; their collected cash goes into the vault (`moveVault`) and the books move it
 * from driver cash (or, for cash-on-delivery sales, from the COD receivable) to the vault's
 * account. So a settlement always equals the cash on delivery the
 * driver collected. Nothing to settle is 400; the client's id makes a retry harmless.
 */
@CommandHandler(SettleDriverCommand)
export class SettleDriverHandler extends TransactionalCommandHandler<
  SettleDriverCommand,
  SettleDriverResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: SettleDriverCommand,
    tx: CommandTransaction,
  ): Promise<SettleDriverResult> {
    const { m } = tx;
    const [seen] = await m.query(
      'SELECT driver_id, amount FROM delivery_settlements WHERE id = $1',
      [dto.id],
    );
    if (seen) {
      if (seen.driver_id !== dto.driverId)
        throw new AppException('ID_ALREADY_EXISTS', HttpStatus.CONFLICT);
      return { id: dto.id, amount: Number(seen.amount), orders: 0, created: false };
    }
    const scope = branchWriteScope(user);
    const vaultId =
      dto.vaultId ?? (user.branchId ? (await branchMainVault(m, user.branchId)).id : null);
    if (!vaultId) throw Errors.notFound();
    const [exists] = await m.query('SELECT 1 FROM vaults WHERE id = $1', [vaultId]);
    if (!exists) throw Errors.notFound();
    const vault = await lockVault(m, vaultId);
    if (scope && vault.branchId !== scope) throw Errors.forbidden();

    const orders: { id: string; collected: string; cod: boolean }[] = await m.query(
      `SELECT o.id, o.collected, COALESCE(i.cod, false) AS cod FROM delivery_orders o
         LEFT JOIN sales_invoices i ON i.id = o.sale_id
        WHERE o.driver_id = $1 AND o.branch_id = $2 AND o.status = 'delivered' AND o.settlement_id IS NULL AND o.collected > 0
        ORDER BY o.id FOR UPDATE OF o`,
      [dto.driverId, vault.branchId],
    );
    const amount = orders.reduce((s, o) => s + Number(o.collected), 0);
    // What was collected on cash-on-delivery sales clears the COD receivable (issue 30 item 21).
    const codAmount = orders.reduce((s, o) => s + (o.cod ? Number(o.collected) : 0), 0);
    if (amount <= 0) throw new AppException('DELIVERY_NOTHING_TO_SETTLE', HttpStatus.BAD_REQUEST);
    const number = await branchDocumentNumber(m, 'delivery_settlement', vault.branchId);
    await m.query(
      `INSERT INTO delivery_settlements (id, number, branch_id, driver_id, vault_id, amount, user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [dto.id, number, vault.branchId, dto.driverId, vault.id, amount, user.id],
    );
    await m.query(`UPDATE delivery_orders SET settlement_id = $2 WHERE id = ANY($1)`, [
      orders.map((o) => o.id),
      dto.id,
    ]);
    const moved = await moveVault(m, {
      vaultId: vault.id,
      type: 'delivery_settlement',
      amount,
      sourceType: 'delivery_settlement',
      sourceId: dto.id,
      sourceNumber: number,
      userId: user.id,
    });
    await tx.raise('delivery.settled', {
      settlementId: dto.id,
      number,
      branchId: vault.branchId,
      driverId: dto.driverId,
      vaultId: vault.id,
      vaultAccountId: moved.accountId,
      amount,
      ...(codAmount > 0 ? { codAmount } : {}),
      userId: user.id,
    });
    tx.audit({
      action: 'delivery.settle',
      entity: 'delivery_settlement',
      entityId: dto.id,
      after: { driverId: dto.driverId, vaultId: vault.id, amount, orders: orders.length },
    });
    return { id: dto.id, amount, orders: orders.length, created: true };
  }
}
