import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { UpdateAccountCommand } from './update-account.command';

type Row = {
  id: string;
  code: string;
  name_ar: string;
  name_en: string | null;
  type: string;
  parent_id: string | null;
  system_key: string | null;
  active: boolean;
};

/**
 * UpdateAccount (can_manage_accounting): rename, renumber, move under another group of the same
 * type (never under itself or its own sub-accounts), deactivate. A system account only renames.
 */
@CommandHandler(UpdateAccountCommand)
export class UpdateAccountHandler extends TransactionalCommandHandler<UpdateAccountCommand, void> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ id, dto }: UpdateAccountCommand, tx: CommandTransaction): Promise<void> {
    const { m } = tx;
    const [before]: Row[] = await m.query(
      `SELECT id, code, name_ar, name_en, type, parent_id, system_key, active FROM accounts WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!before) throw Errors.notFound();
    const moves = dto.parentId !== undefined && dto.parentId !== before.parent_id;
    const renumbers = dto.code !== undefined && dto.code !== before.code;
    const deactivates = dto.active === false && before.active;
    if (before.system_key && (moves || renumbers || deactivates))
      throw new AppException('ACCOUNT_SYSTEM', HttpStatus.BAD_REQUEST);
    if (renumbers) {
      const [taken] = await m.query(`SELECT 1 FROM accounts WHERE code = $1 AND id <> $2`, [
        dto.code,
        id,
      ]);
      if (taken)
        throw new AppException('ACCOUNT_CODE_TAKEN', HttpStatus.CONFLICT, { code: dto.code! });
    }
    if (moves) {
      const [parent] = await m.query(
        `WITH RECURSIVE below AS (SELECT id FROM accounts WHERE id = $1 UNION ALL SELECT a.id FROM accounts a JOIN below b ON a.parent_id = b.id)
         SELECT p.id FROM accounts p WHERE p.id = $2 AND p.is_group AND p.type = $3 AND p.id NOT IN (SELECT id FROM below)`,
        [id, dto.parentId, before.type],
      );
      if (!parent) throw new AppException('ACCOUNT_PARENT_INVALID', HttpStatus.BAD_REQUEST);
    }
    const after = {
      code: dto.code ?? before.code,
      name_ar: dto.nameAr?.trim() ?? before.name_ar,
      name_en: dto.nameEn === undefined ? before.name_en : dto.nameEn?.trim() || null,
      parent_id: dto.parentId ?? before.parent_id,
      active: dto.active ?? before.active,
    };
    await m.query(
      `UPDATE accounts SET code = $2, name_ar = $3, name_en = $4, parent_id = $5, active = $6, updated_at = now() WHERE id = $1`,
      [id, after.code, after.name_ar, after.name_en, after.parent_id, after.active],
    );
    tx.audit({ action: 'account.update', entity: 'account', entityId: id, before, after });
  }
}
