import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import { lineAmount, type SaleLineTracked } from '@pos/contracts';
import type { EntityManager } from 'typeorm';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import {
  assertUnitsNotOnTransfer,
  trackedLinesOf,
  pushStockEvents,
  sellTracked,
  StockLedger,
  trackingOf,
  valueChanges,
  type ProductTracking,
  type SaleTrackedLine,
} from '../../../inventory';
import { readStoreTimeZone } from '../../../settings';
import { storeDayOf } from '../../../../core/time/store-time';
import { assertTotal, assertWorkable, lockTicket, REPAIR_MOVEMENT } from '../../ticket-flow';
import { AddPartsCommand } from './add-parts.command';

export type AddPartsResult = { id: string; partsTotal: number };

/**
 * AddParts: parts used on a ticket leave the branch's default inventory through the stock ledger
 * (reason `repair`, refused when not available like any sale), valued at the ledger's average
 * cost; `maintenance.parts.used` posts Dr repair costs / Cr inventory. What the customer pays for
 * them (the sell price unless another is given) joins the ticket's bill. Only while the ticket is
 * being worked on. A serial-tracked part takes its serials (those exact units leave stock), a
 * batch-tracked one its lot or the first-expiry-first-out pick, as at the till (decision 0123).
 */
@CommandHandler(AddPartsCommand)
export class AddPartsHandler extends TransactionalCommandHandler<AddPartsCommand, AddPartsResult> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { ticketId, dto, user }: AddPartsCommand,
    tx: CommandTransaction,
  ): Promise<AddPartsResult> {
    const { m } = tx;
    const ticket = await lockTicket(m, ticketId, user);
    assertWorkable(ticket);
    if (!dto.parts.length) return { id: ticket.id, partsTotal: ticket.partsTotal };
    const [inventory] = await m.query(
      `SELECT id FROM inventories WHERE branch_id = $1 ORDER BY is_default DESC, created_at LIMIT 1`,
      [ticket.branchId],
    );
    if (!inventory) throw Errors.notFound();
    const ids = [...new Set(dto.parts.map((p) => p.variantId))];
    const variants: { id: string; sell_price: string }[] = await m.query(
      'SELECT id, sell_price FROM variants WHERE id = ANY($1)',
      [ids],
    );
    if (variants.length !== ids.length) throw Errors.notFound();
    const price = new Map(variants.map((v) => [v.id, Number(v.sell_price)]));
    const lines = dto.parts.map((p) => ({
      ...p,
      unitPrice: p.unitPrice ?? price.get(p.variantId) ?? 0,
    }));
    const added = lines.reduce((sum, l) => sum + lineAmount(l.quantity, l.unitPrice), 0);
    const partsTotal = ticket.partsTotal + added;
    assertTotal(partsTotal + ticket.labour);
    // A serial-tracked part names its units, a batch-tracked one may name its lot (else first
    // expiry first out), checked as a sale's lines before anything is written (docs/decisions/0123).
    const tracking = await trackingOf(m, ids);
    const { lines: trackedLines, tracked: hasTracked } = trackedLinesOf('parts', lines, tracking);

    const changes = await this.ledger.apply(
      m,
      lines.map((l) => ({
        variantId: l.variantId,
        inventoryId: inventory.id,
        quantity: -l.quantity,
        reason: 'repair' as const,
        referenceType: 'maintenance',
        referenceId: ticket.id,
        userId: user.id,
        note: ticket.number,
      })),
    );
    // those exact units (or lots) leave stock against the ticket's ledger movements; a unit an
    // approved transfer holds is refused as at the till
    const tracked = hasTracked
      ? await this.takeTracked(m, ticket.id, inventory.id, trackedLines, tracking)
      : lines.map(() => null);
    const cost = new Map(changes.map((c) => [c.variantId, c.avgCost]));
    for (const [i, l] of lines.entries())
      await m.query(
        `INSERT INTO maintenance_parts (id, ticket_id, variant_id, inventory_id, quantity, unit_price, unit_cost, user_id, tracked)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          uuidv7(),
          ticket.id,
          l.variantId,
          inventory.id,
          l.quantity,
          l.unitPrice,
          cost.get(l.variantId) ?? 0,
          user.id,
          tracked[i] ? JSON.stringify(tracked[i]) : null,
        ],
      );
    await m.query(
      'UPDATE maintenance_tickets SET parts_total = $2, updated_at = now() WHERE id = $1',
      [ticket.id, partsTotal],
    );
    await pushStockEvents(tx, changes);
    const values = valueChanges(changes);
    if (values.length)
      await tx.raise('maintenance.parts.used', {
        ticketId: ticket.id,
        number: ticket.number,
        branchId: ticket.branchId,
        values,
        userId: user.id,
      });
    tx.audit({
      action: 'maintenance.parts',
      entity: 'maintenance_ticket',
      entityId: ticket.id,
      before: { partsTotal: ticket.partsTotal },
      after: { parts: lines, partsTotal },
    });
    return { id: ticket.id, partsTotal };
  }

  /** The parts' units and lots out of stock (inventory's sellTracked, as the sale's). */
  private async takeTracked(
    m: EntityManager,
    ticketId: string,
    inventoryId: string,
    lines: SaleTrackedLine[],
    info: Map<string, ProductTracking>,
  ): Promise<(SaleLineTracked | null)[]> {
    const needsDay = lines.some((l) => info.get(l.variantId)?.tracking === 'batch');
    const today = needsDay ? storeDayOf(new Date(), await readStoreTimeZone(m)) : '';
    const { tracked } = await sellTracked(
      m,
      { id: ticketId, inventoryId, today, allowExpired: false, movement: REPAIR_MOVEMENT },
      lines,
      info,
    );
    await assertUnitsNotOnTransfer(m, lines, tracked);
    return tracked;
  }
}
