import type { RequestMeta } from '../../../../core/auth/decorators';

/** Deletes a variant that never moved stock. */
export class DeleteVariantCommand {
  constructor(
    readonly variantId: string,
    readonly meta: RequestMeta,
  ) {}
}
