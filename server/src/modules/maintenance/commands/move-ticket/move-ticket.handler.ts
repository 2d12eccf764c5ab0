import { CommandHandler } from '@nestjs/cqrs';
import type { MaintenanceStatus } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { moveVault } from '../../../cash';
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

/**
 * MoveTicket: the ticket goes to the next status the table allows (409 otherwise, before anything
 * is written). Delivering settles the bill from the ticket: parts + labour − deposit into a vault
 * of the branch (a deposit larger than the bill gives the difference back from it), the revenue
 * and the deposit posted by `maintenance.money`. Cancelling or returning the device unrepaired
 * gives the deposit back. A ticket turning ready is pushed to its branch.
 */
@CommandHandler(MoveTicketCommand)
export class MoveTicketHandler extends TransactionalCommandHandler<
  MoveTicketCommand,
  MoveTicketResult
> {
  constructor(runner: CommandRunner) {
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

    let vaultId: string | null = null;
    let paid = 0;
    if (to === 'delivered') {
      const revenue = ticket.partsTotal + ticket.labour;
      assertTotal(revenue);
      paid = revenue - ticket.deposit;
      if (paid !== 0)
        vaultId = await this.money(tx, ticket, user.id, 'settle', dto.vaultId, paid, revenue);
      else if (revenue > 0)
        // the deposit paid the bill exactly: no vault moves, the deposit becomes revenue
        await this.raise(tx, ticket, user.id, 'settle', null, 0, revenue);
    } else if ((to === 'cancelled' || to === 'returned_unrepaired') && ticket.deposit > 0) {
      vaultId = await this.money(tx, ticket, user.id, 'refund', dto.vaultId, -ticket.deposit, 0);
    }

    await m.query(
      `UPDATE maintenance_tickets SET status = $2, paid = $3, vault_id = COALESCE($4, vault_id),
         delivered_at = CASE WHEN $2 = 'delivered' THEN now() ELSE delivered_at END, updated_at = now()
       WHERE id = $1`,
      [ticket.id, to, paid, vaultId],
    );
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
      after: { status: to, paid, vaultId, note },
    });
    await pushCounts(tx, ticket.branchId);
    return { id: ticket.id, status: to };
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
    await this.raise(tx, ticket, userId, kind, vault, amount, revenue);
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
      userId,
    });
  }
}
