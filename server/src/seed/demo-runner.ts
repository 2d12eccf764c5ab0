import type { DataSource } from 'typeorm';
import type { RequestMeta } from '../core/auth/decorators';
import { AuditService } from '../core/audit/audit.service';
import { CommandRunner, DomainEventSubscribers } from '../core/cqrs';
import { OutboxService } from '../core/outbox/outbox.service';

/** A module's domain-event subscriber (its postings, the shift tally), as the app registers it. */
type Subscriber = new (subscribers: DomainEventSubscribers) => { onModuleInit(): void };

/**
 * A command runner for the demo's commands outside the HTTP app, with the subscribers given
 * registered (the books' postings the app's modules would register).
 */
export function demoRunner(ds: DataSource, ...subscribers: Subscriber[]): CommandRunner {
  const events = new DomainEventSubscribers();
  for (const Handler of subscribers) new Handler(events).onModuleInit();
  return new CommandRunner(ds, new AuditService(), new OutboxService(), events);
}

/** The request meta the demo's commands carry (their audit rows name the demo). */
export const demoMeta = (userId: string, userAgent: 'demo' | 'demo seed' = 'demo') =>
  ({ userId, ip: null, userAgent }) as unknown as RequestMeta;
