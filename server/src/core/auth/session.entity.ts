import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAt, JoinedManyToOne } from '../database/columns';

/**
 * Server-side session (`SessionService`): the cookie holds a random token, the table only its
 * SHA-256. The user is named by its table, so core does not import the identity context.
 */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn('text') id: string;
  @Index() @Column('uuid') userId: string;
  @JoinedManyToOne('users', 'user_id', { onDelete: 'CASCADE' })
  user?: object;
  @CreatedAt() createdAt: Date;
  @Column('timestamptz') expiresAt: Date;
  @Column('text', { nullable: true }) ip: string | null;
  @Column('text', { nullable: true }) userAgent: string | null;
}
