import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { insertLines, linesSummary, mergeLines } from '../../services/transfer-lines';
import { involves, lockTransfer } from '../../services/transfer-rules';
import { AppException } from '../../../../core/errors/app.exception';
import { HttpStatus } from '@nestjs/common';
import { UpdateTransferDraftCommand } from './update-transfer-draft.command';

@CommandHandler(UpdateTransferDraftCommand)
export class UpdateTransferDraftHandler extends TransactionalCommandHandler<
  UpdateTransferDraftCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: UpdateTransferDraftCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const t = await lockTransfer(m, id, user);
    if (t.state !== 'draft') {
      throw new AppException(
        'TRANSFER_ILLEGAL_TRANSITION',
        HttpStatus.CONFLICT,
        { state: t.state },
        [{ key: `transfer.illegal.${t.state}`, params: { number: t.number } }],
      );
    }
    if (!involves(user, t)) throw new AppException('TRANSFER_NOT_INVOLVED', HttpStatus.FORBIDDEN);
    const lines = dto.lines ? mergeLines(dto.lines) : null;
    if (lines) {
      await m.query('DELETE FROM transfer_request_lines WHERE transfer_id = $1', [id]);
      await insertLines(m, id, t.from_inventory_id, lines);
    }
    if (dto.note !== undefined)
      await m.query('UPDATE transfer_requests SET note = $2, updated_at = now() WHERE id = $1', [
        id,
        dto.note,
      ]);
    else await m.query('UPDATE transfer_requests SET updated_at = now() WHERE id = $1', [id]);
    tx.audit({
      action: 'transfer.edit',
      entity: 'transfer_request',
      entityId: id,
      after: { lines: lines && linesSummary(lines), note: dto.note },
    });
  }
}
