import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../../../../core/audit/audit.service';
import { insertLines, mergeLines } from '../../services/transfer-lines';
import { involves, lockTransfer } from '../../services/transfer-rules';
import { AppException } from '../../../../core/errors/app.exception';
import { HttpStatus } from '@nestjs/common';
import { UpdateTransferDraftCommand } from './update-transfer-draft.command';

@CommandHandler(UpdateTransferDraftCommand)
export class UpdateTransferDraftHandler implements ICommandHandler<UpdateTransferDraftCommand, void> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
  ) {}

  async execute({ id, dto, user, meta }: UpdateTransferDraftCommand): Promise<void> {
    await this.ds.transaction(async (m) => {
      const t = await lockTransfer(m, id, user);
      if (t.state !== 'draft') {
        throw new AppException('TRANSFER_ILLEGAL_TRANSITION', HttpStatus.CONFLICT, { state: t.state }, [
          { key: `transfer.illegal.${t.state}`, params: { number: t.number } },
        ]);
      }
      if (!involves(user, t)) throw new AppException('TRANSFER_NOT_INVOLVED', HttpStatus.FORBIDDEN);
      const lines = dto.lines ? mergeLines(dto.lines) : null;
      if (lines) {
        await m.query('DELETE FROM transfer_request_lines WHERE transfer_id = $1', [id]);
        await insertLines(m, id, lines);
      }
      if (dto.note !== undefined) await m.query('UPDATE transfer_requests SET note = $2, updated_at = now() WHERE id = $1', [id, dto.note]);
      else await m.query('UPDATE transfer_requests SET updated_at = now() WHERE id = $1', [id]);
      await this.audit.record(m, meta, { action: 'transfer.edit', entity: 'transfer_request', entityId: id, after: { lines, note: dto.note } });

    });
  }
}
