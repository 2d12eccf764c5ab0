import type { RequestMeta } from '../../../../core/auth/decorators';

/** Deletes a product whose variants never moved stock. */
export class DeleteProductCommand {
  constructor(
    readonly productId: string,
    readonly meta: RequestMeta,
  ) {}
}
