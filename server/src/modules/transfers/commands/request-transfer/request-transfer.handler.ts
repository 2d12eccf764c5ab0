import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { branchDocumentNumber } from '../../../../core/numbering';
import { insertLines, linesSummary, mergeLines } from '../../services/transfer-lines';
import { involves, recordStep, type TransferRow } from '../../services/transfer-rules';
import { RequestTransferCommand } from './request-transfer.command';

/** RequestTransfer: one transaction writes the numbered request, its lines, the first timeline step and the event. */
@CommandHandler(RequestTransferCommand)
export class RequestTransferHandler extends TransactionalCommandHandler<
  RequestTransferCommand,
  { id: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: RequestTransferCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string }> {
    const { m } = tx;
    if (dto.fromInventoryId === dto.toInventoryId)
      throw new AppException('TRANSFER_SAME_INVENTORY', HttpStatus.BAD_REQUEST);
    const lines = mergeLines(dto.lines);
    const inventories: { id: string; branch_id: string }[] = await m.query(
      'SELECT id, branch_id FROM inventories WHERE id = ANY($1)',
      [[dto.fromInventoryId, dto.toInventoryId]],
    );
    const from = inventories.find((i) => i.id === dto.fromInventoryId);
    const to = inventories.find((i) => i.id === dto.toInventoryId);
    if (!from || !to) throw Errors.notFound();
    const sides = { from_branch_id: from.branch_id, to_branch_id: to.branch_id };
    // A branch asks for stock (destination) or offers it (source); other branches cannot.
    if (!involves(user, sides))
      throw new AppException('TRANSFER_NOT_INVOLVED', HttpStatus.FORBIDDEN);
    const id = uuidv7();
    const number = await branchDocumentNumber(m, 'transfer', from.branch_id);
    const state = dto.draft ? 'draft' : 'requested';
    await m.query(
      `INSERT INTO transfer_requests (id, number, from_inventory_id, to_inventory_id, from_branch_id, to_branch_id, state, note, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, number, from.id, to.id, from.branch_id, to.branch_id, state, dto.note ?? null, user.id],
    );
    await insertLines(m, id, from.id, lines);
    const t: TransferRow = {
      id,
      number,
      state,
      from_inventory_id: from.id,
      to_inventory_id: to.id,
      ...sides,
      note: dto.note ?? null,
    };
    await recordStep(tx, t, {
      action: 'create',
      to: state,
      user,
      note: dto.note,
      after: { lines: linesSummary(lines) },
    });
    return { id };
  }
}
