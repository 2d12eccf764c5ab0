import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { MAINTENANCE_OPEN_STATUSES } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { assertTotal, assertWorkable, lockTicket } from '../../ticket-flow';
import { UpdateTicketCommand } from './update-ticket.command';

export type UpdateTicketResult = { id: string };

/**
 * UpdateTicket: the details that change while the device is on the bench. The technician,
 * priority, estimate and diagnosis change while the ticket is open or ready; the labour fee and
 * the warranty only while it is being worked on (the bill is settled at delivery). A ticket back
 * under warranty keeps its labour free.
 */
@CommandHandler(UpdateTicketCommand)
export class UpdateTicketHandler extends TransactionalCommandHandler<
  UpdateTicketCommand,
  UpdateTicketResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { ticketId, dto, user }: UpdateTicketCommand,
    tx: CommandTransaction,
  ): Promise<UpdateTicketResult> {
    const { m } = tx;
    const ticket = await lockTicket(m, ticketId, user);
    if (![...MAINTENANCE_OPEN_STATUSES, 'ready'].includes(ticket.status)) assertWorkable(ticket);
    if (dto.labour !== undefined || dto.warrantyDays !== undefined) assertWorkable(ticket);
    if (dto.technicianId) {
      const [tech] = await m.query('SELECT 1 FROM users WHERE id = $1 AND active', [
        dto.technicianId,
      ]);
      if (!tech) throw new AppException('MAINTENANCE_TECHNICIAN_INVALID', HttpStatus.BAD_REQUEST);
    }
    const labour = dto.labour === undefined ? undefined : ticket.warrantyOfId ? 0 : dto.labour;
    if (labour !== undefined) assertTotal(ticket.partsTotal + labour);

    const sets: string[] = [];
    const params: unknown[] = [ticket.id];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (dto.technicianId !== undefined) set('technician_id', dto.technicianId);
    if (dto.priority !== undefined) set('priority', dto.priority);
    if (dto.estimate !== undefined) set('estimate', dto.estimate);
    if (dto.estimatedDate !== undefined) set('estimated_date', dto.estimatedDate);
    if (dto.diagnosis !== undefined) set('diagnosis', dto.diagnosis.trim() || null);
    if (labour !== undefined) set('labour', labour);
    if (dto.warrantyDays !== undefined) set('warranty_days', dto.warrantyDays);
    if (!sets.length) return { id: ticket.id };
    const [[before]] = await m.query(
      `UPDATE maintenance_tickets t SET ${sets.join(', ')}, updated_at = now()
         FROM maintenance_tickets o WHERE t.id = $1 AND o.id = t.id
       RETURNING o.technician_id, o.priority, o.estimate, o.estimated_date, o.diagnosis, o.labour, o.warranty_days`,
      params,
    );
    tx.audit({
      action: 'maintenance.update',
      entity: 'maintenance_ticket',
      entityId: ticket.id,
      before,
      after: { ...dto, ...(labour !== undefined ? { labour } : {}) },
    });
    return { id: ticket.id };
  }
}
