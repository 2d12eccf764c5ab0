import { CommandHandler } from '@nestjs/cqrs';
import Decimal from 'decimal.js';
import { shipTracked, valueChanges } from '../../../inventory';
import type { CommandTransaction } from '../../../../core/cqrs';
import type { TransferLineRow, TransferRow } from '../../services/transfer-rules';
import { saveTracked, storedLine } from '../../services/transfer-lines';
import { moveTransferStock, unreserveLines } from '../../services/transfer-stock';
import { TransferStepHandler } from '../../services/transfer-step';
import { ShipTransferCommand } from './ship-transfer.command';

@CommandHandler(ShipTransferCommand)
export class ShipTransferHandler extends TransferStepHandler<ShipTransferCommand> {
  protected readonly step = { action: 'ship', to: 'shipped' } as const;

  protected async work(
    tx: CommandTransaction,
    t: TransferRow,
    lines: TransferLineRow[],
    { id, user }: ShipTransferCommand,
  ) {
    const { m } = tx;
    const costs: { id: string; avg_cost: string }[] = await m.query(
      'SELECT id, avg_cost::text FROM variants WHERE id = ANY($1)',
      [lines.map((l) => l.variant_id)],
    );
    const costOf = new Map(costs.map((c) => [c.id, Number(c.avg_cost)]));
    // The reservation turns into the movement out: release it, then move the goods (the ledger re-checks availability).
    await unreserveLines(m, this.ledger, t, lines);
    const changes = await moveTransferStock(
      tx,
      this.ledger,
      t,
      user.id,
      lines.map((l) => ({
        variantId: l.variant_id,
        inventoryId: t.from_inventory_id,
        quantity: new Decimal(l.quantity).negated().toFixed(3),
        reason: 'transfer_out' as const,
        unitCost: costOf.get(l.variant_id) ?? null,
        note: t.number,
      })),
    );
    // The units named leave the source (in transit), the lots' quantities with them (0117).
    const shipped = await shipTracked(
      m,
      { transferId: t.id, inventoryId: t.from_inventory_id },
      lines.map((l) => ({ ...storedLine(l), tracked: l.tracked })),
    );
    await saveTracked(m, lines, shipped);
    await m.query(
      `UPDATE transfer_request_lines l SET shipped_quantity = l.quantity, unit_cost = v.avg_cost
         FROM variants v WHERE l.transfer_id = $1 AND v.id = l.variant_id`,
      [id],
    );
    // The goods are in transit at the source's average cost (the books move them out of its inventory).
    const value = valueChanges(changes).reduce((s, v) => s + v.decrease - v.increase, 0);
    if (value)
      await tx.raise('transfer.shipped', {
        transferId: t.id,
        number: t.number,
        fromBranchId: t.from_branch_id,
        toBranchId: t.to_branch_id,
        userId: user.id,
        value,
      });
  }
}
