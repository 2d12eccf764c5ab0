import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { DisplayImageEntity, FileEntity } from '../../entities/settings.entities';
import { lockScreen, placeInOrder } from '../display-images';
import { RemoveDisplayImageCommand } from './remove-display-image.command';

/** RemoveDisplayImage (docs/decisions/0129): the row and its file go; the screen renumbered 1…n. */
@CommandHandler(RemoveDisplayImageCommand)
export class RemoveDisplayImageHandler extends TransactionalCommandHandler<
  RemoveDisplayImageCommand,
  { id: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id }: RemoveDisplayImageCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string }> {
    const [image]: { branch_id: string | null; file_id: string; position: number }[] =
      await tx.m.query('SELECT branch_id, file_id, position FROM display_images WHERE id = $1', [
        id,
      ]);
    if (!image) throw Errors.notFound();
    const screen = await lockScreen(tx.m, image.branch_id);
    if (!screen.some((s) => s.id === id)) throw Errors.notFound();
    await tx.m.delete(DisplayImageEntity, { id });
    await tx.m.delete(FileEntity, { id: image.file_id });
    const rest = screen.filter((s) => s.id !== id).map((s) => s.id);
    await placeInOrder(tx.m, rest);
    tx.audit({
      action: 'display_image.remove',
      entity: 'display_image',
      entityId: id,
      before: { branchId: image.branch_id, position: image.position },
    });
    return { id };
  }
}
