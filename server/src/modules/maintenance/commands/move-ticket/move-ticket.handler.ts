import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { includedVat, REFUSED_METHOD_TYPES, type MaintenanceStatus } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { moveVault } from '../../../cash';
import { RepairSales } from '../../../sales';
import { readStoreSettings } from '../../../settings';
import {
  assertTotal,
  assertTransition,
  insertTicketEvent,
  lockTicket,
  pushCounts,
  ticketVault,
  type TicketRow,
} from '../../ticket-flow';
import { MoveTicketCommand } from './move-ticket.command';

export type MoveTicketResult = { id: string; status: MaintenanceStatus };

type Till = { shiftId: string; methodId: string; methodType: string };

/**
 * MoveTicket: the ticket goes to the next status the table allows (409 otherwise, before anything
 * is written). Delivering settles the bill from the ticket: parts + labour − deposit into a vault
 * of the branch (a deposit larger than the bill gives the difference back from it), the revenue
 * and the deposit posted by `maintenance.money`. At the POS (`methodId`) the bill goes into the
 * cashier's open shift of the ticket's branch by that payment method instead (no vault moves; the
 * shift's expected cash counts it, the books debit the method's account like a sale). The bill
 * includes the store's service VAT (`serviceVatRate`), posted to VAT output. Cancelling or
 * returning the device unrepaired gives the deposit back. A ticket turning ready is pushed to its
 * branch.
 */
@CommandHandler(MoveTicketCommand)
export class MoveTicketHandler extends TransactionalCommandHandler<
  MoveTicketCommand,
  MoveTicketResult
> {
  constructor(
    runner: CommandRunner,
    private readonly sales: RepairSales,
  ) {
    super(runner);
  }

  protected async handle(
    { ticketId, dto, user }: MoveTicketCommand,
    tx: CommandTransaction,
  ): Promise<MoveTicketResult> {
    const { m } = tx;
    const ticket = await lockTicket(m, ticketId, user);
    const to = dto.to;
    assertTransition(ticket, to);
    const note = dto.note?.trim() || null;

    if (dto.methodId && dto.vaultId)
      throw new AppException('MAINTENANCE_PAY_TARGET', HttpStatus.BAD_REQUEST);
    let vaultId: string | null = null;
    let paid = 0;
    let vat = 0;
    let till: Till | null = null;
    let vatRate = 0;
    if (to === 'delivered') {
      const revenue = ticket.partsTotal + ticket.labour;
      assertTotal(revenue);
      paid = revenue - ticket.deposit;
      vatRate = (await readStoreSettings(m)).serviceVatRate;
      vat = includedVat(revenue, vatRate);
      if (dto.methodId) {
        till = await this.till(tx, ticket, user, dto.methodId);
        await this.raise(tx, ticket, user.id, 'settle', null, paid, revenue, vat, till);
      } else if (paid !== 0)
        vaultId = await this.money(tx, ticket, user.id, 'settle', dto.vaultId, paid, revenue, vat);
      else if (revenue > 0)
        // the deposit paid the bill exactly: no vault moves, the deposit becomes revenue
        await this.raise(tx, ticket, user.id, 'settle', null, 0, revenue, vat);
    } else if ((to === 'cancelled' || to === 'returned_unrepaired') && ticket.deposit > 0) {
      vaultId = await this.money(tx, ticket, user.id, 'refund', dto.vaultId, -ticket.deposit, 0, 0);
    }

    await m.query(
      `UPDATE maintenance_tickets SET status = $2, paid = $3, vault_id = COALESCE($4, vault_id), vat = $5,
         paid_shift_id = $6, paid_method_id = $7,
         delivered_at = CASE WHEN $2 = 'delivered' THEN now() ELSE delivered_at END, updated_at = now()
       WHERE id = $1`,
      [ticket.id, to, paid, vaultId, vat, till?.shiftId ?? null, till?.methodId ?? null],
    );
    // The bill as a sale document (issue 30 item 20): numbered, in the shift, its e-receipt queued.
    const sale =
      to === 'delivered' && ticket.partsTotal + ticket.labour > 0
        ? await this.sales.record(tx, {
            ticketId: ticket.id,
            ticketNumber: ticket.number,
            branchId: ticket.branchId,
            customerId: ticket.customerId,
            user: { id: user.id, name: user.name },
            shiftId: till?.shiftId ?? null,
            vatRate,
            vat,
            labour: ticket.labour,
            parts: await usedParts(tx, ticket.id),
            payment: till ? { methodId: till.methodId, amount: paid } : null,
          })
        : null;
    await insertTicketEvent(m, ticket.id, ticket.status, to, { userId: user.id, note });
    if (to === 'ready') {
      const [info] = await m.query(
        `SELECT c.name, concat_ws(' ', t.brand, t.model) AS device
           FROM maintenance_tickets t JOIN customers c ON c.id = t.customer_id WHERE t.id = $1`,
        [ticket.id],
      );
      tx.push(ticket.branchId, 'maintenance.ready', {
        ticketId: ticket.id,
        number: ticket.number,
        customerName: info?.name ?? '',
        device: info?.device ?? '',
      });
    }
    tx.audit({
      action: `maintenance.${to}`,
      entity: 'maintenance_ticket',
      entityId: ticket.id,
      before: { status: ticket.status },
      after: {
        status: to,
        paid,
        vat,
        vaultId,
        shiftId: till?.shiftId,
        methodId: till?.methodId,
        saleNumber: sale?.number,
        note,
      },
    });
    await pushCounts(tx, ticket.branchId);
    return { id: ticket.id, status: to };
  }

  /**
   * The cashier's open shift in the ticket's branch (held shared, as a sale holds it, so a close
   * waits for this payment), and an active payment method that takes money now.
   */
  private async till(
    tx: CommandTransaction,
    ticket: TicketRow,
    user: AuthUser,
    methodId: string,
  ): Promise<Till> {
    const [shift] = await tx.m.query(
      `SELECT id FROM shifts WHERE cashier_id = $1 AND status = 'open' AND branch_id = $2 FOR SHARE`,
      [user.id, ticket.branchId],
    );
    // no open shift of the cashier in the ticket's branch
    if (!shift) throw new AppException('SHIFT_NOT_OPEN', HttpStatus.BAD_REQUEST);
    const [method] = await tx.m.query(
      `SELECT id, type FROM payment_methods WHERE id = $1 AND active AND type <> ALL($2)`,
      [methodId, REFUSED_METHOD_TYPES.payIn],
    );
    if (!method) throw new AppException('PAYMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
    return { shiftId: shift.id, methodId: method.id, methodType: method.type };
  }

  /** Moves `amount` into (> 0) or out of (< 0) the ticket's vault and raises the money event. */
  private async money(
    tx: CommandTransaction,
    ticket: TicketRow,
    userId: string,
    kind: 'settle' | 'refund',
    askedVault: string | undefined,
    amount: number,
    revenue: number,
    vat: number,
  ): Promise<string> {
    const vault = await ticketVault(tx.m, askedVault, ticket.branchId);
    await moveVault(tx.m, {
      vaultId: vault.id,
      type: kind === 'settle' ? 'maintenance_payment' : 'maintenance_refund',
      amount,
      sourceType: 'maintenance',
      sourceId: ticket.id,
      sourceNumber: ticket.number,
      userId,
    });
    await this.raise(tx, ticket, userId, kind, vault, amount, revenue, vat);
    return vault.id;
  }

  private async raise(
    tx: CommandTransaction,
    ticket: TicketRow,
    userId: string,
    kind: 'settle' | 'refund',
    vault: { id: string; accountId: string } | null,
    amount: number,
    revenue: number,
    vat: number,
    till: Till | null = null,
  ): Promise<void> {
    await tx.raise('maintenance.money', {
      ticketId: ticket.id,
      number: ticket.number,
      kind,
      branchId: ticket.branchId,
      customerId: ticket.customerId,
      vaultId: vault?.id ?? null,
      vaultAccountId: vault?.accountId ?? null,
      amount,
      deposit: ticket.deposit,
      revenue,
      vat,
      shiftId: till?.shiftId ?? null,
      methodType: till?.methodType ?? null,
      userId,
    });
  }
}

/** The parts a ticket bills (not taken off), in the order they were used. */
async function usedParts(
  tx: CommandTransaction,
  ticketId: string,
): Promise<{ variantId: string; quantity: number; unitPrice: number; unitCost: number }[]> {
  const rows: { variant_id: string; quantity: string; unit_price: string; unit_cost: string }[] =
    await tx.m.query(
      `SELECT variant_id, quantity, unit_price, unit_cost FROM maintenance_parts
        WHERE ticket_id = $1 AND removed_at IS NULL ORDER BY at, id`,
      [ticketId],
    );
  return rows.map((r) => ({
    variantId: r.variant_id,
    quantity: Number(r.quantity),
    unitPrice: Number(r.unit_price),
    unitCost: Number(r.unit_cost),
  }));
}
