import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { SiteSettingsEntity } from '../../entities/settings.entities';
import { UpdateSiteSettingsCommand } from './update-site-settings.command';

/** UpdateSiteSettings: the one site-settings row locked; the audit keeps the request. */
@CommandHandler(UpdateSiteSettingsCommand)
export class UpdateSiteSettingsHandler extends TransactionalCommandHandler<UpdateSiteSettingsCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto }: UpdateSiteSettingsCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const before = await m.findOne(SiteSettingsEntity, {
      where: { id: 1 },
      lock: { mode: 'pessimistic_write' },
    });
    await m.update(SiteSettingsEntity, { id: 1 }, { maxBranches: dto.maxBranches });
    tx.audit({
      action: 'site-settings.update',
      entity: 'site_settings',
      entityId: '1',
      before,
      after: dto,
    });
  }
}
