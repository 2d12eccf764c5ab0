import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { StoreInfoEntity } from '../../entities/settings.entities';
import { UpdateStoreInfoCommand } from './update-store-info.command';
import { lockRow } from '../../../../core/database/updates';

/** UpdateStoreInfo: the row locked, patched, returned and audited as it now is. */
@CommandHandler(UpdateStoreInfoCommand)
export class UpdateStoreInfoHandler extends TransactionalCommandHandler<
  UpdateStoreInfoCommand,
  StoreInfoEntity
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { storeInfoId: id, dto }: UpdateStoreInfoCommand,
    tx: CommandTransaction,
  ): Promise<StoreInfoEntity> {
    const { m } = tx;
    const before = await lockRow(m, StoreInfoEntity, id);
    if (Object.keys(dto).length) await m.update(StoreInfoEntity, { id }, dto);
    const after = await m.findOneByOrFail(StoreInfoEntity, { id });
    tx.audit({ action: 'store-info.update', entity: 'store_info', entityId: id, before, after });
    return after;
  }
}
