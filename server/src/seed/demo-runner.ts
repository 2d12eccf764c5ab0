import type { PermissionKey } from '@pos/contracts';
import type { DataSource } from 'typeorm';
import type { AuthUser } from '../core/auth/auth.types';
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

/** The seed's admin (a users row) acting in `branchId` with `permissions`: a whole session's user. */
export const demoAdmin = (
  admin: { id: string; username: string; display_name: string },
  branchId: string,
  permissions: PermissionKey[],
): AuthUser => ({
  id: admin.id,
  username: admin.username,
  name: admin.display_name,
  branchId,
  isAdmin: true,
  permissions,
  screens: [],
  maxDiscountPercent: 100,
  sessionId: 'demo-seed',
});

/** A demo command's user: only who, where and what they may do (what the commands read). */
export const demoUser = (
  id: string,
  branchId: string,
  isAdmin: boolean,
  permissions: PermissionKey[],
) => ({ id, branchId, isAdmin, permissions }) as unknown as AuthUser;
