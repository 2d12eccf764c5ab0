import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Server secrets shared by every instance (CSRF HMAC key, generated master key): `SecretsService`. */
@Entity('app_secrets')
export class AppSecretEntity {
  @PrimaryColumn('text') key: string;
  @Column('text') value: string;
}
