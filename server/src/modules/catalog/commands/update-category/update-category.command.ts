import type { CategoryUpdateDto } from '@pos/contracts';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Renames a category or moves it under another parent (or to the root). */
export class UpdateCategoryCommand {
  constructor(
    readonly categoryId: string,
    readonly dto: CategoryUpdateDto,
    readonly meta: RequestMeta,
  ) {}
}
