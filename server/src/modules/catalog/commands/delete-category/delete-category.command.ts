import type { RequestMeta } from '../../../../core/auth/decorators';

/** Deletes a category that holds neither products nor sub-categories. */
export class DeleteCategoryCommand {
  constructor(
    readonly categoryId: string,
    readonly meta: RequestMeta,
  ) {}
}
