import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { SiteSettingsEntity } from '../../entities/settings.entities';
import { UpdateModulesCommand } from './update-modules.command';

/** UpdateModules: the one site-settings row locked; the audit keeps the request. */
@CommandHandler(UpdateModulesCommand)
export class UpdateModulesHandler extends TransactionalCommandHandler<UpdateModulesCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ dto }: UpdateModulesCommand, tx: CommandTransaction): Promise<void> {
    const { m } = tx;
    const before = await m.findOne(SiteSettingsEntity, {
      where: { id: 1 },
      lock: { mode: 'pessimistic_write' },
    });
    await m.update(SiteSettingsEntity, { id: 1 }, { modules: dto.modules });
    tx.audit({
      action: 'config.update',
      entity: 'site_settings',
      entityId: '1',
      before,
      after: dto,
    });
  }
}
