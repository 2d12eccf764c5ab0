import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import Decimal from 'decimal.js';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { pushStockEvents } from '../../services/stock-events';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import { canSeeCost } from '../../../../core/auth/visibility';
import {
  StockLedger,
  type BalanceChange,
  type MovementInput,
} from '../../services/stock-ledger.service';
import { checkTrackedLines, recordTracked, trackingOf } from '../../services/tracked-stock';
import { valueChanges } from '../../services/stock-value';
import { AdjustStockCommand } from './adjust-stock.command';

export type AdjustStockResult = { id: string; movements: number; changes: BalanceChange[] };

@CommandHandler(AdjustStockCommand)
export class AdjustStockHandler extends TransactionalCommandHandler<
  AdjustStockCommand,
  AdjustStockResult
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { dto, user }: AdjustStockCommand,
    tx: CommandTransaction,
  ): Promise<AdjustStockResult> {
    const { m } = tx;
    for (const line of dto.lines) {
      if ((line.quantity === undefined) === (line.countedQuantity === undefined)) {
        throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
          { key: 'validation.catalog.quantity' },
        ]);
      }
    }
    const [inventory] = await m.query('SELECT branch_id FROM inventories WHERE id = $1', [
      dto.inventoryId,
    ]);
    const scope = branchWriteScope(user);
    if (!inventory || (scope && inventory.branch_id !== scope)) throw Errors.notFound();
    const ids = [...new Set(dto.lines.map((l) => l.variantId))];
    const tracking = await trackingOf(m, ids);
    if (tracking.size !== ids.length) throw Errors.notFound();
    // A tracked product's units move with their serials or lot, which a counted figure names none
    // of; then each line's serials or lot against its product.
    dto.lines.forEach((line, i) => {
      const product = tracking.get(line.variantId)!;
      if (line.countedQuantity !== undefined && product.tracking !== 'none')
        throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
          {
            key: 'validation.tracking.counted',
            params: { field: `lines.${i}`, name: product.name },
          },
        ]);
    });
    await checkTrackedLines(
      m,
      dto.lines.map((line, i) => ({
        field: `lines.${i}`,
        variantId: line.variantId,
        quantity: line.quantity ?? 0,
        serials: line.serials,
        batch: line.batch,
      })),
      tracking,
    );
    const id = uuidv7();
    // Counted lines become the difference from the balance, read under the row lock.
    const movements: MovementInput[] = [];
    for (const line of dto.lines) {
      let quantity = new Decimal(line.quantity ?? 0);
      if (line.countedQuantity !== undefined) {
        await m.query(
          'INSERT INTO stock_levels (variant_id, inventory_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [line.variantId, dto.inventoryId],
        );
        const [row] = await m.query(
          'SELECT on_hand::text FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2 FOR UPDATE',
          [line.variantId, dto.inventoryId],
        );
        quantity = new Decimal(line.countedQuantity).minus(row.on_hand);
      }
      movements.push({
        variantId: line.variantId,
        inventoryId: dto.inventoryId,
        quantity: quantity.toFixed(3),
        reason: dto.reason,
        referenceType: 'stock_adjustment',
        referenceId: id,
        unitCost: canSeeCost(user) ? (line.unitCost ?? null) : null,
        userId: user.id,
        note: dto.note ?? null,
      });
    }
    const changes = await this.ledger.apply(m, movements);
    await recordTracked(
      m,
      movements,
      dto.lines.map((line, i) => ({
        field: `lines.${i}`,
        variantId: line.variantId,
        quantity: movements[i].quantity,
        serials: line.serials,
        batch: line.batch,
      })),
      tracking,
    );
    await pushStockEvents(tx, changes);
    // The value that came in or went out, at average cost (the books post it: shrinkage or opening).
    const values = valueChanges(changes);
    if (values.length)
      await tx.raise('stock.adjusted', {
        source: { type: 'stock_adjustment', id, number: null },
        reason: dto.reason,
        userId: user.id,
        values,
      });
    tx.audit({ action: 'stock.adjust', entity: 'stock_adjustment', entityId: id, after: dto });
    return { id, movements: changes.length, changes };
  }
}
