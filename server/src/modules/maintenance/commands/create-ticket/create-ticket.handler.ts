import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { normalizeArabic } from '@pos/contracts';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { branchDocumentNumber } from '../../../../core/numbering';
import { moveVault } from '../../../cash';
import { insertTicketEvent, pushCounts, ticketVault } from '../../ticket-flow';
import { CreateTicketCommand } from './create-ticket.command';

export type CreateTicketResult = { id: string; created: boolean };

/**
 * CreateTicket: the device is received. The ticket takes the branch's next MN number; a deposit
 * goes into a vault of the branch (the main cash vault unless another is chosen) and is held as a
 * customer deposit until the bill is settled (`maintenance.money` posts it). A ticket returned
 * under warranty names a delivered ticket of the same customer whose warranty still runs; its
 * labour stays free. The client's id makes a retry harmless.
 */
@CommandHandler(CreateTicketCommand)
export class CreateTicketHandler extends TransactionalCommandHandler<
  CreateTicketCommand,
  CreateTicketResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: CreateTicketCommand,
    tx: CommandTransaction,
  ): Promise<CreateTicketResult> {
    const { m } = tx;
    const scope = branchWriteScope(user);
    const branchId = dto.branchId ?? user.branchId ?? null;
    if (!branchId) throw Errors.forbidden();
    if (scope && branchId !== scope) throw Errors.forbidden();
    const [branch] = await m.query('SELECT id FROM branches WHERE id = $1', [branchId]);
    if (!branch) throw Errors.notFound();

    const [seen] = await m.query(
      'SELECT customer_id FROM maintenance_tickets WHERE id = $1 FOR UPDATE',
      [dto.id],
    );
    if (seen) {
      if (seen.customer_id !== dto.customerId)
        throw new AppException('ID_ALREADY_EXISTS', HttpStatus.CONFLICT);
      return { id: dto.id, created: false };
    }
    const [customer] = await m.query('SELECT id FROM customers WHERE id = $1', [dto.customerId]);
    if (!customer) throw Errors.notFound();
    if (dto.technicianId) {
      const [tech] = await m.query('SELECT 1 FROM users WHERE id = $1 AND active', [
        dto.technicianId,
      ]);
      if (!tech) throw new AppException('MAINTENANCE_TECHNICIAN_INVALID', HttpStatus.BAD_REQUEST);
    }
    if (dto.warrantyOfId) {
      const [original] = await m.query(
        `SELECT number, (customer_id = $2 AND status = 'delivered' AND warranty_days > 0
                 AND delivered_at + make_interval(days => warranty_days) >= now()) AS valid
           FROM maintenance_tickets WHERE id = $1`,
        [dto.warrantyOfId, dto.customerId],
      );
      if (!original?.valid)
        throw new AppException('MAINTENANCE_WARRANTY_INVALID', HttpStatus.BAD_REQUEST, {
          number: original?.number ?? '',
        });
    }
    const estimate = dto.estimate ?? 0;
    const deposit = dto.deposit ?? 0;
    if (estimate > 0 && deposit > estimate)
      throw new AppException('MAINTENANCE_DEPOSIT_OVER_ESTIMATE', HttpStatus.BAD_REQUEST);

    const number = await branchDocumentNumber(m, 'maintenance', branchId);
    const text = (v?: string) => v?.trim() || null;
    const brand = text(dto.brand);
    const model = text(dto.model);
    const serial = text(dto.serial);
    const vault = deposit > 0 ? await ticketVault(m, dto.vaultId, branchId) : null;
    await m.query(
      `INSERT INTO maintenance_tickets (id, number, branch_id, customer_id, status, device_type, brand, model, serial,
         problem, condition, accessories, accessories_note, estimate, estimated_date, deposit, technician_id,
         priority, warranty_days, warranty_of_id, vault_id, created_by, search_text)
       VALUES ($1, $2, $3, $4, 'received', $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
      [
        dto.id,
        number,
        branchId,
        dto.customerId,
        dto.deviceType,
        brand,
        model,
        serial,
        dto.problem.trim(),
        text(dto.condition),
        JSON.stringify([...new Set(dto.accessories ?? [])]),
        text(dto.accessoriesNote),
        estimate,
        dto.estimatedDate ?? null,
        deposit,
        dto.technicianId ?? null,
        dto.priority ?? 'normal',
        dto.warrantyDays ?? 0,
        dto.warrantyOfId ?? null,
        vault?.id ?? null,
        user.id,
        normalizeArabic([number, brand, model, serial].filter(Boolean).join(' ')),
      ],
    );
    await insertTicketEvent(m, dto.id, null, 'received', { userId: user.id });
    if (vault) {
      await moveVault(m, {
        vaultId: vault.id,
        type: 'maintenance_deposit',
        amount: deposit,
        sourceType: 'maintenance',
        sourceId: dto.id,
        sourceNumber: number,
        userId: user.id,
      });
      await tx.raise('maintenance.money', {
        ticketId: dto.id,
        number,
        kind: 'deposit',
        branchId,
        customerId: dto.customerId,
        vaultId: vault.id,
        vaultAccountId: vault.accountId,
        amount: deposit,
        deposit,
        revenue: 0,
        vat: 0,
        shiftId: null,
        methodType: null,
        userId: user.id,
      });
    }
    tx.audit({
      action: 'maintenance.create',
      entity: 'maintenance_ticket',
      entityId: dto.id,
      after: { ...dto, number },
    });
    await pushCounts(tx, branchId);
    return { id: dto.id, created: true };
  }
}
