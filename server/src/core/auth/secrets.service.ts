import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/config';
import { AppSecretEntity } from './app-secret.entity';

/**
 * Keys shared by every app instance: the CSRF HMAC key (generated once, kept in the database) and
 * the master key that encrypts ETA secrets (MASTER_KEY from the environment; generated and kept in
 * the database when unset, which docs/decisions/ flags as a development convenience).
 */
@Injectable()
export class SecretsService implements OnModuleInit {
  /** A KeyObject, not the bytes: an HMAC over a Buffer prepares a key each call (≈ 16 µs). */
  private csrfKey: KeyObject;
  private masterKey: Buffer;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async onModuleInit() {
    this.csrfKey = createSecretKey(Buffer.from(await this.getOrCreate('csrf_key'), 'base64'));
    const configured = loadConfig().masterKey;
    this.masterKey = configured
      ? createHash('sha256').update(configured).digest()
      : Buffer.from(await this.getOrCreate('master_key'), 'base64');
  }

  private async getOrCreate(key: string): Promise<string> {
    const repo = this.ds.getRepository(AppSecretEntity);
    await repo
      .createQueryBuilder()
      .insert()
      .values({ key, value: randomBytes(32).toString('base64') })
      .orIgnore()
      .execute();
    return (await repo.findOneByOrFail({ key })).value;
  }

  sign(value: string): string {
    return createHmac('sha256', this.csrfKey).update(value).digest('base64url');
  }

  verify(value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(value));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.masterKey, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      data.toString('base64'),
    ].join(':');
  }

  decrypt(stored: string): string {
    const [, iv, tag, data] = stored.split(':');
    const decipher = createDecipheriv('aes-256-gcm', this.masterKey, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  }
}
