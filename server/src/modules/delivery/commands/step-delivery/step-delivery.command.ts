import type { DeliveryStepDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** One move of a delivery order along its status table (assign, dispatch, deliver, fail, return). */
export class StepDeliveryCommand {
  constructor(
    readonly id: string,
    readonly dto: DeliveryStepDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
