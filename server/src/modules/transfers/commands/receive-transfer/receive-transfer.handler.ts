import { CommandHandler } from '@nestjs/cqrs';
import { HttpStatus } from '@nestjs/common';
import Decimal from 'decimal.js';
import { AppException } from '../../../../core/errors/app.exception';
import { receiveTracked, stockValue, valueChanges } from '../../../inventory';
import type { CommandTransaction } from '../../../../core/cqrs';
import type { TransferLineRow, TransferRow } from '../../services/transfer-rules';
import { saveTracked } from '../../services/transfer-lines';
import { moveTransferStock } from '../../services/transfer-stock';
import { TransferStepHandler } from '../../services/transfer-step';
import { ReceiveTransferCommand } from './receive-transfer.command';

@CommandHandler(ReceiveTransferCommand)
export class ReceiveTransferHandler extends TransferStepHandler<ReceiveTransferCommand> {
  protected readonly step = { action: 'receive', to: 'received' } as const;

  protected async work(
    tx: CommandTransaction,
    t: TransferRow,
    lines: TransferLineRow[],
    { dto, user }: ReceiveTransferCommand,
  ) {
    const { m } = tx;
    const given = new Map(dto.lines.map((l) => [l.lineId, l]));
    for (const lineId of given.keys()) {
      if (!lines.some((l) => l.id === lineId))
        throw new AppException('TRANSFER_LINE_UNKNOWN', HttpStatus.BAD_REQUEST);
    }
    // Lines not listed arrived as shipped; a difference either way needs its reason.
    const received = [];
    for (const line of lines) {
      const input = given.get(line.id);
      const shipped = new Decimal(line.shipped_quantity ?? line.quantity);
      const qty = input ? new Decimal(input.receivedQuantity) : shipped;
      const reason = input?.reason?.trim() || null;
      if (!qty.eq(shipped) && !reason) {
        const [v] = await m.query(
          'SELECT p.name_ar FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1',
          [line.variant_id],
        );
        throw new AppException('TRANSFER_REASON_REQUIRED', HttpStatus.BAD_REQUEST, {
          name: v?.name_ar ?? '',
        });
      }
      received.push({ line, qty, shipped, reason });
    }
    for (const r of received) {
      await m.query(
        'UPDATE transfer_request_lines SET received_quantity = $2, reason = $3 WHERE id = $1',
        [r.line.id, r.qty.toFixed(3), r.qty.eq(r.shipped) ? null : r.reason],
      );
    }
    const changes = await moveTransferStock(
      tx,
      this.ledger,
      t,
      user.id,
      received.map((r) => ({
        variantId: r.line.variant_id,
        inventoryId: t.to_inventory_id,
        quantity: r.qty.toFixed(3),
        reason: 'transfer_in' as const,
        unitCost: r.line.unit_cost === null ? null : Number(r.line.unit_cost),
        note: r.reason ? `${t.number}: ${r.reason}` : t.number,
      })),
    );
    // The units and lots shipped arrive at the destination (those not received are lost: 0117).
    const arrived = await receiveTracked(
      m,
      { transferId: t.id, inventoryId: t.to_inventory_id },
      received.map((r) => ({
        field: `lines.${Math.max(
          dto.lines.findIndex((l) => l.lineId === r.line.id),
          r.line.line_no - 1,
        )}`,
        variantId: r.line.variant_id,
        shipped: r.line.tracked,
        received: r.qty.toFixed(3),
        serials: given.get(r.line.id)?.serials ?? null,
      })),
    );
    await saveTracked(
      m,
      received.map((r) => r.line),
      arrived,
    );
    // Into the destination's inventory at average cost; what did not arrive is valued at the
    // cost it was shipped at (the books clear the transit account with both).
    const value = valueChanges(changes).reduce((s, v) => s + v.increase - v.decrease, 0);
    const shortValue = received.reduce(
      (s, r) => s + stockValue(r.shipped.minus(r.qty).toNumber(), Number(r.line.unit_cost ?? 0)),
      0,
    );
    if (value || shortValue)
      await tx.raise('transfer.received', {
        transferId: t.id,
        number: t.number,
        fromBranchId: t.from_branch_id,
        toBranchId: t.to_branch_id,
        userId: user.id,
        value,
        shortValue,
      });
    const short = received.some((r) => r.qty.lt(r.shipped));
    const differences = received
      .filter((r) => !r.qty.eq(r.shipped))
      .map((r) => ({
        variantId: r.line.variant_id,
        shipped: r.shipped.toFixed(3),
        received: r.qty.toFixed(3),
        reason: r.reason,
      }));
    return {
      to: short ? ('partially_received' as const) : ('received' as const),
      after: { differences },
    };
  }
}
