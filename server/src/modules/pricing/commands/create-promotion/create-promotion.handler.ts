import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { savePromotion } from '../../services/promotion-rows';
import { CreatePromotionCommand } from './create-promotion.command';

/** CreatePromotion: the kind's fields and the engine's checks, the caller's branch scope; its id. */
@CommandHandler(CreatePromotionCommand)
export class CreatePromotionHandler extends TransactionalCommandHandler<
  CreatePromotionCommand,
  { id: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: CreatePromotionCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string }> {
    const id = uuidv7();
    await savePromotion(tx, user, id, null, { ...dto });
    return { id };
  }
}
