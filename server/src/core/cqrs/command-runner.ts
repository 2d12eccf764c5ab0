import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { RequestMeta } from '../auth/decorators';
import { AuditService } from '../audit/audit.service';
import { SessionCache } from '../auth/session-cache';
import { OutboxService } from '../outbox/outbox.service';
import { OutboxWakeup } from '../outbox/outbox-wakeup';
import { CommandTransaction } from './command-transaction';
import { DomainEventSubscribers } from './domain-event-subscribers';

/** Audited entities whose change can change what a session resolves to. */
const AUTH_ENTITIES = new Set(['user', 'role', 'feature', 'session']);

/**
 * The one transactional shape of every command: open a transaction, let the handler work with a
 * CommandTransaction, then write its audit rows and outbox events once (one statement when there
 * is a single audit row, the common case) with the same EntityManager, and commit.
 */
@Injectable()
export class CommandRunner {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly subscribers: DomainEventSubscribers,
    @Optional() private readonly sessions?: SessionCache,
    @Optional() private readonly wakeup?: OutboxWakeup,
  ) {}

  /** For reads outside the command's transaction (an idempotent retry's look-up). */
  get manager(): EntityManager {
    return this.ds.manager;
  }

  async run<R>(meta: RequestMeta, work: (tx: CommandTransaction) => Promise<R>): Promise<R> {
    let touchesAuth = false;
    let published = false;
    const result = await this.ds.transaction(async (m) => {
      const tx = new CommandTransaction(m, meta, (event, t) => this.subscribers.dispatch(event, t));
      const out = await work(tx);
      await this.flush(tx);
      touchesAuth = tx.audits.some((a) => AUTH_ENTITIES.has(a.entity));
      published = tx.events.length > 0 || tx.derived.length > 0;
      return out;
    });
    // The relay is woken after the commit, not by a NOTIFY inside the transaction (see OutboxWakeup).
    if (published) this.wakeup?.committed();
    // A user, role or feature changed: this instance's cached sessions go now (the others on the
    // commit's notification, core/auth/session-cache.ts).
    if (touchesAuth) this.sessions?.invalidate();
    return result;
  }

  private async flush(tx: CommandTransaction): Promise<void> {
    const [first, ...rest] = tx.audits;
    for (const entry of rest) await this.audit.record(tx.m, tx.meta, entry);
    if (!tx.events.length && !tx.derived.length) {
      // Nothing to publish: the queued writes and the audit row as plain statements (no NOTIFY).
      for (const write of tx.writes) {
        const params: unknown[] = [];
        await tx.m.query(
          write((value) => {
            params.push(value);
            return `$${params.length}`;
          }),
          params,
        );
      }
      if (first) await this.audit.record(tx.m, tx.meta, first);
      return;
    }
    await this.outbox.addMany(tx.m, tx.events, {
      derived: tx.derived,
      writes: tx.writes,
      audit: first ? this.audit.values(tx.meta, first) : undefined,
      notify: !this.wakeup,
    });
  }
}
