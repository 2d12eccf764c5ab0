import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { DomainEventMap, DomainEventType } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { queuePosting, type Posting } from './posting';

/**
 * Each event a module posts and its entry, made from the event (and the command's transaction,
 * for what it must read first); nothing (null, or no answer) posts nothing.
 */
export type EventPostings = {
  [T in DomainEventType]?: (
    event: DomainEventMap[T],
    tx: CommandTransaction,
  ) => Posting | null | void | Promise<Posting | null | void>;
};

/**
 * The base of a module's posting subscriber (its events/*.post-journal.handler.ts): `postings`
 * names the events and their entries; each is queued (`queuePosting`) in the transaction of the
 * command that raised the event, registered when the module starts.
 */
@Injectable()
export abstract class PostingSubscriber implements OnModuleInit {
  protected abstract readonly postings: EventPostings;

  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    for (const [type, post] of Object.entries(this.postings) as [
      DomainEventType,
      (event: unknown, tx: CommandTransaction) => Promise<Posting | null | void>,
    ][])
      this.subscribers.on(type, async ({ payload }, tx) => {
        const posting = await post(payload, tx);
        if (posting) queuePosting(tx, posting);
      });
  }
}
