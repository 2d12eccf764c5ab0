import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { ApiKeyEntity } from '../../entities/api-key.entity';
import { RevokeApiKeyCommand } from './revoke-api-key.command';
import { lockRow } from '../../../../core/database/updates';

/** RevokeApiKey: from now on the key resolves to nobody. */
@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler extends TransactionalCommandHandler<RevokeApiKeyCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { keyId: id }: RevokeApiKeyCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const before = await lockRow(m, ApiKeyEntity, id);
    await m.update(ApiKeyEntity, { id }, { revokedAt: new Date() });
    tx.audit({ action: 'api-key.revoke', entity: 'api_key', entityId: id, before });
  }
}
