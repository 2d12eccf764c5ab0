import type { CloseBooksDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Closes the books up to a day: nothing may be posted on or before it afterwards. */
export class CloseBooksCommand {
  constructor(
    readonly dto: CloseBooksDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
