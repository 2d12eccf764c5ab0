import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { CategoryEntity } from '../../entities/catalog.entities';
import { DeleteCategoryCommand } from './delete-category.command';
import { lockRow } from '../../../../core/database/updates';

/** DeleteCategory: refused (IN_USE) while a product or a sub-category points at it. */
@CommandHandler(DeleteCategoryCommand)
export class DeleteCategoryHandler extends TransactionalCommandHandler<DeleteCategoryCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { categoryId: id }: DeleteCategoryCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const before = await lockRow(m, CategoryEntity, id);
    const [{ used }] = await m.query(
      'SELECT EXISTS (SELECT 1 FROM products WHERE category_id = $1) OR EXISTS (SELECT 1 FROM categories WHERE parent_id = $1) AS used',
      [id],
    );
    if (used) throw new AppException('IN_USE', HttpStatus.CONFLICT);
    await m.delete(CategoryEntity, { id });
    tx.audit({ action: 'category.delete', entity: 'category', entityId: id, before });
  }
}
