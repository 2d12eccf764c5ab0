import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';

/**
 * Server-side session (`SessionService`): the cookie holds a random token, the table only its
 * SHA-256. The user is named by its table, so core does not import the identity context.
 */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn('text') id: string;
  @Index() @Column('uuid') userId: string;
  @ManyToOne('users', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: object;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column('timestamptz') expiresAt: Date;
  @Column('text', { nullable: true }) ip: string | null;
  @Column('text', { nullable: true }) userAgent: string | null;
}
