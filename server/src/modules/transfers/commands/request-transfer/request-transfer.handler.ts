import { HttpStatus } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { AuditService } from '../../../../core/audit/audit.service';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { OutboxService } from '../../../../core/outbox/outbox.service';
import { branchCode, nextNumber } from '../../../sales/services/document-numbers';
import { insertLines, mergeLines } from '../../services/transfer-lines';
import { involves, recordStep, type TransferRow } from '../../services/transfer-rules';
import { RequestTransferCommand } from './request-transfer.command';

/** RequestTransfer: one transaction writes the numbered request, its lines, the first timeline step and the event. */
@CommandHandler(RequestTransferCommand)
export class RequestTransferHandler implements ICommandHandler<RequestTransferCommand, { id: string }> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
  ) {}

  async execute({ dto, user, meta }: RequestTransferCommand): Promise<{ id: string }> {
    if (dto.fromInventoryId === dto.toInventoryId) throw new AppException('TRANSFER_SAME_INVENTORY', HttpStatus.BAD_REQUEST);
    const lines = mergeLines(dto.lines);
    return this.ds.transaction(async (m) => {
      const inventories: { id: string; branch_id: string }[] = await m.query(
        'SELECT id, branch_id FROM inventories WHERE id = ANY($1)',
        [[dto.fromInventoryId, dto.toInventoryId]],
      );
      const from = inventories.find((i) => i.id === dto.fromInventoryId);
      const to = inventories.find((i) => i.id === dto.toInventoryId);
      if (!from || !to) throw Errors.notFound();
      const sides = { from_branch_id: from.branch_id, to_branch_id: to.branch_id };
      // A branch asks for stock (destination) or offers it (source); other branches cannot.
      if (!involves(user, sides)) throw new AppException('TRANSFER_NOT_INVOLVED', HttpStatus.FORBIDDEN);
      const id = uuidv7();
      const number = `${await branchCode(m, from.branch_id)}-TR-${String(await nextNumber(m, `transfer:${from.branch_id}`)).padStart(6, '0')}`;
      const state = dto.draft ? 'draft' : 'requested';
      await m.query(
        `INSERT INTO transfer_requests (id, number, from_inventory_id, to_inventory_id, from_branch_id, to_branch_id, state, note, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [id, number, from.id, to.id, from.branch_id, to.branch_id, state, dto.note ?? null, user.id],
      );
      await insertLines(m, id, lines);
      const t: TransferRow = { id, number, state, from_inventory_id: from.id, to_inventory_id: to.id, ...sides, note: dto.note ?? null };
      await recordStep(m, { audit: this.audit, outbox: this.outbox }, t, {
        action: 'create', to: state, user, meta, note: dto.note, after: { lines },
      });
      return { id };
    });
  }
}
