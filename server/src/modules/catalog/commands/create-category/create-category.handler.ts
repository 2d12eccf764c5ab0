import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { CategoryEntity } from '../../entities/catalog.entities';
import { CreateCategoryCommand } from './create-category.command';

/** CreateCategory: its parent must exist. Returns the new category's id. */
@CommandHandler(CreateCategoryCommand)
export class CreateCategoryHandler extends TransactionalCommandHandler<
  CreateCategoryCommand,
  string
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ dto }: CreateCategoryCommand, tx: CommandTransaction): Promise<string> {
    const { m } = tx;
    const id = uuidv7();
    if (dto.parentId && !(await m.exists(CategoryEntity, { where: { id: dto.parentId } })))
      throw Errors.notFound();
    await m.insert(CategoryEntity, {
      id,
      name: dto.name.trim(),
      nameEn: dto.nameEn?.trim() || null,
      parentId: dto.parentId ?? null,
    });
    tx.audit({ action: 'category.create', entity: 'category', entityId: id, after: dto });
    return id;
  }
}
