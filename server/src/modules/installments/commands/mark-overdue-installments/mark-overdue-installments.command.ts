import type { RequestMeta } from '../../../../core/auth/decorators';

/**
 * The morning scan: installments past due become overdue, their plans late, late fees are
 * charged up to `asOf` (default: the store's today), and each branch hears what is due.
 */
export class MarkOverdueInstallmentsCommand {
  constructor(
    readonly asOf: string | null = null,
    readonly meta: RequestMeta = { userId: null, ip: null, userAgent: 'installments-job' },
  ) {}
}
