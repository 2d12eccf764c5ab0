import type { AuthUser } from '../../../../core/auth/auth.types';

export class GetDashboardQuery {
  constructor(
    readonly user: AuthUser,
    readonly branchId?: string,
  ) {}
}
