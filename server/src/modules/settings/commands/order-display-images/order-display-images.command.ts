import type { RequestMeta } from '../../../../core/auth/decorators';

/** A screen's images put in a new order (every one of them, once). */
export class OrderDisplayImagesCommand {
  constructor(
    readonly branchId: string | null,
    readonly imageIds: string[],
    readonly meta: RequestMeta,
  ) {}
}
