import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/** Server-side session: the cookie holds a random token, the table only its SHA-256. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn('text') id: string;
  @Index() @Column('uuid') userId: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column('timestamptz') expiresAt: Date;
  @Column('text', { nullable: true }) ip: string | null;
  @Column('text', { nullable: true }) userAgent: string | null;
}

@Entity('login_failures')
@Index(['username', 'ip', 'at'])
export class LoginFailureEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text') username: string;
  @Column('text') ip: string;
  @CreateDateColumn({ type: 'timestamptz' }) at: Date;
}
