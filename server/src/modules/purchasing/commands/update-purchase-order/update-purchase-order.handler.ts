import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import {
  assertAction,
  assertOrderTotal,
  assertVendorActive,
  insertLines,
  lockOrder,
  orderInventory,
  prepareLines,
} from '../../services/purchase-order-rules';
import { UpdatePurchaseOrderCommand } from './update-purchase-order.command';

@CommandHandler(UpdatePurchaseOrderCommand)
export class UpdatePurchaseOrderHandler extends TransactionalCommandHandler<
  UpdatePurchaseOrderCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: UpdatePurchaseOrderCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const order = await lockOrder(m, id, user);
    assertAction(order, 'edit');
    const inventory =
      dto.inventoryId && dto.inventoryId !== order.inventory_id
        ? await orderInventory(m, dto.inventoryId, user)
        : { id: order.inventory_id, branchId: order.branch_id };
    if (dto.vendorId && dto.vendorId !== order.vendor_id)
      await assertVendorActive(m, [dto.vendorId]);
    const current: { variant_id: string; quantity: string; unit_cost: string }[] = await m.query(
      'SELECT variant_id, quantity::text, unit_cost::text FROM purchase_order_lines WHERE order_id = $1 ORDER BY line_no',
      [id],
    );
    let lines = current.map((l) => ({
      variantId: l.variant_id,
      quantity: l.quantity,
      unitCost: Number(l.unit_cost),
    }));
    if (dto.lines) {
      // A line edited by someone who may not see costs keeps the cost it had.
      const keep = new Map(lines.map((l) => [l.variantId, l.unitCost]));
      lines = await prepareLines(m, dto.lines, user, keep);
      assertOrderTotal(lines);
      await m.query('DELETE FROM purchase_order_lines WHERE order_id = $1', [id]);
      await insertLines(m, id, lines);
    }
    const after = {
      vendorId: dto.vendorId ?? order.vendor_id,
      inventoryId: inventory.id,
      expectedDate: dto.expectedDate === undefined ? order.expected_date : dto.expectedDate,
      note: dto.note === undefined ? order.note : dto.note,
    };
    await m.query(
      `UPDATE purchase_orders SET vendor_id = $2, inventory_id = $3, branch_id = $4, expected_date = $5, note = $6, updated_at = now()
        WHERE id = $1`,
      [id, after.vendorId, inventory.id, inventory.branchId, after.expectedDate, after.note],
    );
    tx.audit({
      action: 'purchase_order.edit',
      entity: 'purchase_order',
      entityId: id,
      before: {
        vendorId: order.vendor_id,
        inventoryId: order.inventory_id,
        expectedDate: order.expected_date,
        note: order.note,
        ...(dto.lines ? { lines: current } : {}),
      },
      after: { number: order.number, ...after, ...(dto.lines ? { lines } : {}) },
    });
  }
}
