import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { displayImageInvalid, lockScreen, placeInOrder } from '../display-images';
import { OrderDisplayImagesCommand } from './order-display-images.command';

/**
 * OrderDisplayImages (docs/decisions/0129): positions 1…n in the order given, which must name the
 * screen's images exactly (one added or removed meanwhile: a 400, the screen reloads).
 */
@CommandHandler(OrderDisplayImagesCommand)
export class OrderDisplayImagesHandler extends TransactionalCommandHandler<
  OrderDisplayImagesCommand,
  { branchId: string | null; imageIds: string[] }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { branchId, imageIds }: OrderDisplayImagesCommand,
    tx: CommandTransaction,
  ): Promise<{ branchId: string | null; imageIds: string[] }> {
    const screen = await lockScreen(tx.m, branchId);
    const known = new Set(screen.map((s) => s.id));
    if (
      imageIds.length !== screen.length ||
      new Set(imageIds).size !== imageIds.length ||
      imageIds.some((id) => !known.has(id))
    )
      throw displayImageInvalid('order', 'imageIds');
    await placeInOrder(tx.m, imageIds);
    tx.audit({
      // the screen reordered: a branch's (named in the log by the branch), or the store's
      action: 'display_image.order',
      entity: branchId ? 'branch' : 'display_image',
      entityId: branchId,
      before: { imageIds: screen.map((s) => s.id) },
      after: { imageIds },
    });
    return { branchId, imageIds };
  }
}
