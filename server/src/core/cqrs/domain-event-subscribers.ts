import { Injectable } from '@nestjs/common';
import type { DomainEvent, DomainEventType } from '@pos/contracts';
import type { CommandTransaction } from './command-transaction';

export type DomainEventSubscriber<T extends DomainEventType> = (
  event: DomainEvent<T>,
  tx: CommandTransaction,
) => Promise<void> | void;

/**
 * Who reacts to which domain event, inside the command's transaction: a subscriber runs when the
 * command raises the event, with the command's CommandTransaction (its EntityManager, its audit
 * and outbox queue), so its writes commit or roll back with the command. Reactions after the
 * commit go through the outbox: a subscriber queues a live event (see core/realtime/
 * live-projection.ts) or, later, a job row the relay hands to BullMQ. Subscribers register from
 * their module (`onModuleInit`); a command never names them.
 */
@Injectable()
export class DomainEventSubscribers {
  private readonly byType = new Map<DomainEventType, DomainEventSubscriber<DomainEventType>[]>();

  on<T extends DomainEventType>(type: T, subscriber: DomainEventSubscriber<T>): void {
    const list = this.byType.get(type) ?? [];
    list.push(subscriber as unknown as DomainEventSubscriber<DomainEventType>);
    this.byType.set(type, list);
  }

  /** In registration order, one after the other (they share the transaction's connection). */
  async dispatch(event: DomainEvent, tx: CommandTransaction): Promise<void> {
    for (const subscriber of this.byType.get(event.type) ?? []) await subscriber(event, tx);
  }
}
