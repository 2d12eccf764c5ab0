import type { CloseShiftDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Close a shift with the counted cash: the Z report is fixed and the difference recorded. */
export class CloseShiftCommand {
  constructor(
    readonly shiftId: string,
    readonly dto: CloseShiftDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
