import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAt } from '../../../core/database/columns';

/** A failed sign-in, for the per username+address throttle (the sessions themselves are core's). */
@Entity('login_failures')
@Index(['username', 'ip', 'at'])
export class LoginFailureEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text') username: string;
  @Column('text') ip: string;
  @CreatedAt() at: Date;
}
