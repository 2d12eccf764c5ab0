import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEventSubscribers } from '../../../core/cqrs';
import { dueChequeCount } from '../cheque-flow';

/**
 * After any step of a cheque, the branch hears how many of its open cheques fall due within the
 * next days (the dashboard's card and the /Checks "due soon" filter refresh on it). Delivered after
 * the commit, to holders of can_see_vault_totals only (event-policy.ts).
 */
@Injectable()
export class ChequePushDueHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    for (const type of [
      'cheque.recorded',
      'cheque.deposited',
      'cheque.cleared',
      'cheque.bounced',
      'cheque.cancelled',
    ] as const)
      this.subscribers.on(type, async ({ payload }, tx) => {
        tx.push(payload.branchId, 'cheque.due', {
          count: await dueChequeCount(tx.m, payload.branchId),
        });
      });
  }
}
