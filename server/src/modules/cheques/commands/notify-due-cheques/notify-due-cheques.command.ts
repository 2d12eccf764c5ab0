import type { RequestMeta } from '../../../../core/auth/decorators';

/** The daily reminder: each branch with open cheques falling due hears their count. */
export class NotifyDueChequesCommand {
  constructor(readonly meta: RequestMeta = { userId: null, ip: null, userAgent: 'cheques-job' }) {}
}
