import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { CategoryEntity } from '../../entities/catalog.entities';
import { UpdateCategoryCommand } from './update-category.command';
import { lockRow } from '../../../../core/database/updates';

/** Advisory lock key for category moves (any fixed number unique in the app). */
const CATEGORY_TREE_LOCK = 4_310_001;

/** UpdateCategory: a move may not put a category under itself or one of its descendants. */
@CommandHandler(UpdateCategoryCommand)
export class UpdateCategoryHandler extends TransactionalCommandHandler<UpdateCategoryCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { categoryId: id, dto }: UpdateCategoryCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    // Moves are serialised: two crossing moves (A under B, B under A) could each pass the check alone.
    if (dto.parentId !== undefined)
      await m.query('SELECT pg_advisory_xact_lock($1)', [CATEGORY_TREE_LOCK]);
    const before = await lockRow(m, CategoryEntity, id);
    if (dto.parentId) {
      // The new parent may be neither the category itself nor one of its descendants.
      const [cycle] = await m.query(
        `WITH RECURSIVE up AS (SELECT id, parent_id FROM categories WHERE id = $1
             UNION ALL SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id)
           SELECT EXISTS (SELECT 1 FROM up WHERE id = $2) AS cycle, EXISTS (SELECT 1 FROM categories WHERE id = $1) AS found`,
        [dto.parentId, id],
      );
      if (!cycle.found) throw Errors.notFound();
      if (cycle.cycle) throw new AppException('CATEGORY_CYCLE', HttpStatus.BAD_REQUEST);
    }
    const patch: Partial<CategoryEntity> = {};
    if (dto.name !== undefined) patch.name = dto.name.trim();
    if (dto.nameEn !== undefined) patch.nameEn = dto.nameEn?.trim() || null;
    if (dto.parentId !== undefined) patch.parentId = dto.parentId;
    if (Object.keys(patch).length) await m.update(CategoryEntity, { id }, patch);
    tx.audit({
      action: 'category.update',
      entity: 'category',
      entityId: id,
      before,
      after: { ...before, ...patch },
    });
  }
}
