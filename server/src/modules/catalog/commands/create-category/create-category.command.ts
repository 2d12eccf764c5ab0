import type { CategoryCreateDto } from '@pos/contracts';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A new category, at the root or under a parent. */
export class CreateCategoryCommand {
  constructor(
    readonly dto: CategoryCreateDto,
    readonly meta: RequestMeta,
  ) {}
}
