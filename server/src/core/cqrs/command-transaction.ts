import type { EntityManager } from 'typeorm';
import type {
  DomainEvent,
  DomainEventMap,
  DomainEventType,
  LiveEventMap,
  LiveEventType,
} from '@pos/contracts';
import type { RequestMeta } from '../auth/decorators';
import type { AuditEntry } from '../audit/audit.service';
import type { DerivedEvents, ExtraWrite, OutboxEvent } from '../outbox/outbox.service';

/**
 * What a command does inside its one transaction: `m` for its reads and writes, and the audit rows
 * and outbox events it queues. The command base writes those once, after the handler's work and
 * before the commit, in a single statement with the same EntityManager.
 */
export class CommandTransaction {
  readonly audits: AuditEntry[] = [];
  readonly events: OutboxEvent[] = [];
  readonly derived: DerivedEvents[] = [];
  readonly writes: ExtraWrite[] = [];

  /**
   * What the subscribers add to the command's answer, by name (a sale's e-receipt, issued by the
   * e-invoicing module in the sale's transaction, for the receipt the till prints): the handler
   * that owns the answer reads it.
   */
  readonly answer: Record<string, unknown> = {};

  /** The domain events raised, in order (for the record and for specs). */
  readonly raised: DomainEvent[] = [];

  constructor(
    readonly m: EntityManager,
    readonly meta: RequestMeta,
    private readonly dispatch: (
      event: DomainEvent,
      tx: CommandTransaction,
    ) => Promise<void> = async () => undefined,
  ) {}

  /**
   * A business fact: the subscribers to it run now, inside this transaction (their writes and the
   * live events they queue commit with the command, or not at all).
   */
  async raise<T extends DomainEventType>(type: T, payload: DomainEventMap[T]): Promise<void> {
    const event = { type, payload } as DomainEvent;
    this.raised.push(event);
    await this.dispatch(event, this);
  }

  /** Who did what, with before/after for edits (scrubbed of secrets by the audit service). */
  audit(entry: AuditEntry): void {
    this.audits.push(entry);
  }

  /** A live event for the branch's screens, published by the outbox relay after the commit. */
  push<T extends LiveEventType>(branchId: string, type: T, payload: LiveEventMap[T]): void {
    this.events.push({ branchId, type, payload });
  }

  pushAll(events: OutboxEvent[]): void {
    this.events.push(...events);
  }

  /**
   * A write that can wait for the end of the command (a read model's upsert, say): it runs in the
   * final audit + outbox statement, so it costs no round trip of its own.
   */
  write(sql: ExtraWrite): void {
    this.writes.push(sql);
  }

  /** An event computed by SQL in the final statement, so it sees this transaction's writes. */
  derive(events: DerivedEvents): void {
    this.derived.push(events);
  }
}
