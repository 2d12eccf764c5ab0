import type { RequestMeta } from '../../../../core/auth/decorators';

/** The job's sweep: every active reservation past its expiry lapses. */
export class ExpireReservationsCommand {
  constructor(
    readonly now: Date = new Date(),
    readonly meta: RequestMeta = { userId: null, ip: null, userAgent: 'reservations-job' },
  ) {}
}
