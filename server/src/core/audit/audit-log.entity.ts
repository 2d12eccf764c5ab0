import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAt } from '../database/columns';

@Entity('audit_logs')
@Index(['entity', 'entityId'])
export class AuditLogEntity {
  @PrimaryColumn('uuid') id: string;
  @CreatedAt() at: Date;
  @Column('uuid', { nullable: true }) userId: string | null;
  @Column('text') action: string;
  @Column('text') entity: string;
  @Column('text', { nullable: true }) entityId: string | null;
  @Column('text', { nullable: true }) ip: string | null;
  @Column('text', { nullable: true }) userAgent: string | null;
  @Column('jsonb', { nullable: true }) before: Record<string, unknown> | null;
  @Column('jsonb', { nullable: true }) after: Record<string, unknown> | null;
}
