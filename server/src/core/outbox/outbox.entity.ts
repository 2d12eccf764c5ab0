import { Column, Entity, Index } from 'typeorm';
import { CreatedRowColumns } from '../database/columns';

/**
 * Domain events written by command handlers in their own transaction; the relay publishes them to
 * Redis after commit and stamps `publishedAt`. `seq` orders events (per branch when relayed).
 */
@Entity('outbox')
@Index('IDX_outbox_unpublished', ['seq'], { where: 'published_at IS NULL' })
export class OutboxEntity extends CreatedRowColumns {
  @Column('bigint', { generated: 'increment', unique: true }) seq: string;
  @Column('text') type: string;
  @Index() @Column('uuid') branchId: string;
  @Column('jsonb') payload: Record<string, unknown>;
  @Column('timestamptz', { nullable: true }) publishedAt: Date | null;
}
