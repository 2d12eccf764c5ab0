import { CommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { ApiKeyEntity } from '../../entities/api-key.entity';
import { sha256 } from '../../services/api-keys.service';
import { CreateApiKeyCommand } from './create-api-key.command';

export type CreateApiKeyResult = { id: string; key: string };

/**
 * CreateApiKey: only the secret's hash is stored; the full key (`pos_<prefix>_<secret>`) is
 * returned to the caller once.
 */
@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler extends TransactionalCommandHandler<
  CreateApiKeyCommand,
  CreateApiKeyResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, meta }: CreateApiKeyCommand,
    tx: CommandTransaction,
  ): Promise<CreateApiKeyResult> {
    const { m } = tx;
    const prefix = randomBytes(8).toString('hex').slice(0, 10);
    const secret = randomBytes(32).toString('base64url');
    const id = uuidv7();
    const [branch] = await m.query('SELECT id FROM branches WHERE id = $1', [dto.branchId]);
    if (!branch) throw Errors.notFound();
    await m.insert(ApiKeyEntity, {
      id,
      name: dto.name.trim(),
      prefix,
      hash: sha256(secret),
      permissions: dto.permissions,
      branchId: dto.branchId,
      createdBy: meta.userId,
    });
    tx.audit({
      action: 'api-key.create',
      entity: 'api_key',
      entityId: id,
      after: { ...dto, prefix },
    });
    return { id, key: `pos_${prefix}_${secret}` };
  }
}
