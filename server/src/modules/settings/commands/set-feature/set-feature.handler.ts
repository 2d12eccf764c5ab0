import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { FeatureDto } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { FeatureEntity } from '../../entities/settings.entities';
import { SetFeatureCommand } from './set-feature.command';

const FEATURE_KEY = /^[a-z0-9_]{1,64}$/;

/** SetFeature: a key of lower-case letters, digits and underscores only. */
@CommandHandler(SetFeatureCommand)
export class SetFeatureHandler extends TransactionalCommandHandler<SetFeatureCommand, FeatureDto> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  override async execute(command: SetFeatureCommand): Promise<FeatureDto> {
    // Checked before the transaction opens, as a malformed path needs no connection.
    if (!FEATURE_KEY.test(command.key)) {
      throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
        { key: 'validation.feature.key' },
      ]);
    }
    return super.execute(command);
  }

  protected async handle(
    { key, enabled }: SetFeatureCommand,
    tx: CommandTransaction,
  ): Promise<FeatureDto> {
    const before = await tx.m.findOneBy(FeatureEntity, { key });
    await tx.m.upsert(FeatureEntity, { key, enabled }, ['key']);
    tx.audit({
      action: 'feature.set',
      entity: 'feature',
      entityId: key,
      before,
      after: { key, enabled },
    });
    return { key, enabled };
  }
}
