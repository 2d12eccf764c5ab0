import { CommandHandler } from '@nestjs/cqrs';
import { lineAmount, type SaleLineTracked } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import {
  pushStockEvents,
  returnTracked,
  StockLedger,
  trackingOf,
  valueChanges,
} from '../../../inventory';
import { assertWorkable, lockTicket, REPAIR_MOVEMENT } from '../../ticket-flow';
import { RemovePartCommand } from './remove-part.command';

export type RemovePartResult = { id: string; partsTotal: number };

/**
 * RemovePart: a part used on a ticket comes off it while the ticket is being worked on. Its
 * quantity goes back into the inventory it came from through the stock ledger (reason `repair`),
 * its price leaves the bill, and `maintenance.parts.returned` reverses the cost posting (the part's
 * cost when used; a change of the average cost since is the inventory's revaluation). The row is
 * kept, marked removed (who, when); removing it again is a 404. A tracked part's units and lots
 * come back into stock as they left (decision 0123).
 */
@CommandHandler(RemovePartCommand)
export class RemovePartHandler extends TransactionalCommandHandler<
  RemovePartCommand,
  RemovePartResult
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { ticketId, partId, user }: RemovePartCommand,
    tx: CommandTransaction,
  ): Promise<RemovePartResult> {
    const { m } = tx;
    const ticket = await lockTicket(m, ticketId, user);
    const [part] = await m.query(
      `SELECT id, variant_id, inventory_id, quantity::text AS quantity, unit_price, unit_cost, tracked
         FROM maintenance_parts WHERE id = $1 AND ticket_id = $2 AND removed_at IS NULL FOR UPDATE`,
      [partId, ticket.id],
    );
    if (!part) throw Errors.notFound();
    assertWorkable(ticket);
    const quantity = Number(part.quantity);
    const price = lineAmount(quantity, Number(part.unit_price));
    const cost = lineAmount(quantity, Number(part.unit_cost));
    const partsTotal = Math.max(0, ticket.partsTotal - price);

    const changes = await this.ledger.apply(m, [
      {
        variantId: part.variant_id,
        inventoryId: part.inventory_id,
        quantity: part.quantity,
        reason: 'repair',
        referenceType: 'maintenance',
        referenceId: ticket.id,
        unitCost: Number(part.unit_cost),
        userId: user.id,
        note: ticket.number,
      },
    ]);
    // a tracked part's units and lots go back to the very units and lots it took (decision 0123)
    if (part.tracked) {
      const info = await trackingOf(m, [part.variant_id]);
      await returnTracked(
        m,
        { id: ticket.id, inventoryId: part.inventory_id, movement: REPAIR_MOVEMENT },
        [
          {
            field: 'part',
            variantId: part.variant_id,
            quantity,
            serials: null,
            lot: null,
            sold: part.tracked as SaleLineTracked,
          },
        ],
        info,
      );
    }
    await m.query(
      'UPDATE maintenance_parts SET removed_at = now(), removed_by = $2 WHERE id = $1',
      [part.id, user.id],
    );
    await m.query(
      'UPDATE maintenance_tickets SET parts_total = $2, updated_at = now() WHERE id = $1',
      [ticket.id, partsTotal],
    );
    await pushStockEvents(tx, changes);
    await tx.raise('maintenance.parts.returned', {
      ticketId: ticket.id,
      number: ticket.number,
      branchId: ticket.branchId,
      values: valueChanges(changes),
      cost,
      userId: user.id,
    });
    tx.audit({
      action: 'maintenance.part.removed',
      entity: 'maintenance_ticket',
      entityId: ticket.id,
      before: { partsTotal: ticket.partsTotal, part: part.id },
      after: { partsTotal, variantId: part.variant_id, quantity, price, cost },
    });
    return { id: ticket.id, partsTotal };
  }
}
