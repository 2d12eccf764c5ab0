import { Column, Entity, Index } from 'typeorm';
import { CreatedRowColumns } from '../database/columns';

/** One live event as a batch holds it (the relay publishes it as a LiveEvent). */
export type OutboxBatchEvent = {
  id: string;
  type: string;
  branchId: string;
  /** the transaction's time (absent in batches written before docs/decisions/0134) */
  at?: string;
  payload: Record<string, unknown>;
};

/**
 * Domain events written by command handlers in their own transaction, one row per transaction
 * (its events in order, docs/decisions/0130); the relay publishes them to Redis after commit and
 * stamps `publishedAt`. `seq` orders the batches. The view `outbox` shows one row per event.
 */
@Entity('outbox_batches')
@Index('IDX_outbox_batches_unpublished', ['seq'], { where: 'published_at IS NULL' })
export class OutboxEntity extends CreatedRowColumns {
  @Column('bigint', { generated: 'increment' }) seq: string;
  @Column('jsonb') events: OutboxBatchEvent[];
  @Column('timestamptz', { nullable: true }) publishedAt: Date | null;
}
