import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { CreateAccountCommand } from './create-account.command';

/** CreateAccount (can_manage_accounting): under a group account, with its type and normal side. */
@CommandHandler(CreateAccountCommand)
export class CreateAccountHandler extends TransactionalCommandHandler<
  CreateAccountCommand,
  { id: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto }: CreateAccountCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string }> {
    const { m } = tx;
    const [parent] = await m.query(
      `SELECT id, type, normal_side, is_group FROM accounts WHERE id = $1`,
      [dto.parentId],
    );
    if (!parent?.is_group) throw new AppException('ACCOUNT_PARENT_INVALID', HttpStatus.BAD_REQUEST);
    const [taken] = await m.query(`SELECT 1 FROM accounts WHERE code = $1`, [dto.code]);
    if (taken)
      throw new AppException('ACCOUNT_CODE_TAKEN', HttpStatus.CONFLICT, { code: dto.code });
    const id = uuidv7();
    const row = {
      id,
      code: dto.code,
      nameAr: dto.nameAr.trim(),
      nameEn: dto.nameEn?.trim() || null,
      type: parent.type,
      normalSide: parent.normal_side,
      parentId: parent.id,
      isGroup: dto.isGroup ?? false,
    };
    await m.query(
      `INSERT INTO accounts (id, code, name_ar, name_en, type, normal_side, parent_id, is_group) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        row.id,
        row.code,
        row.nameAr,
        row.nameEn,
        row.type,
        row.normalSide,
        row.parentId,
        row.isGroup,
      ],
    );
    tx.audit({ action: 'account.create', entity: 'account', entityId: id, after: row });
    return { id };
  }
}
