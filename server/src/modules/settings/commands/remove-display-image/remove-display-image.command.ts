import type { RequestMeta } from '../../../../core/auth/decorators';

/** One image taken off its screen (its file with it); the others close up. */
export class RemoveDisplayImageCommand {
  constructor(
    readonly id: string,
    readonly meta: RequestMeta,
  ) {}
}
