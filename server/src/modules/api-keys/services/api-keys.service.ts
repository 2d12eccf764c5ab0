import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ApiKeyCreateDto, ApiKeyDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { BearerAuthenticator } from '../../../core/auth/bearer-authenticator';
import type { RequestMeta } from '../../../core/auth/decorators';
import { ApiKeyEntity } from '../entities/api-key.entity';
import { CreateApiKeyCommand } from '../commands/create-api-key/create-api-key.command';
import { RevokeApiKeyCommand } from '../commands/revoke-api-key/revoke-api-key.command';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const KEY = /^pos_([a-z0-9]{10})_([A-Za-z0-9_-]{43})$/;

const shape = (k: ApiKeyEntity & { branchName?: string }): ApiKeyDto => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  permissions: k.permissions,
  branchId: k.branchId,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

@Injectable()
export class ApiKeysService implements BearerAuthenticator {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly commands: CommandBus,
  ) {}

  async list(): Promise<ApiKeyDto[]> {
    return (await this.ds.getRepository(ApiKeyEntity).find({ order: { createdAt: 'DESC' } })).map(
      shape,
    );
  }

  async get(id: string): Promise<ApiKeyDto> {
    return shape(await this.ds.getRepository(ApiKeyEntity).findOneByOrFail({ id }));
  }

  /** CreateApiKey, then the key as listed; the full key is returned once, at creation. */
  async create(dto: ApiKeyCreateDto, meta: RequestMeta): Promise<ApiKeyDto & { key: string }> {
    const { id, key }: { id: string; key: string } = await this.commands.execute(
      new CreateApiKeyCommand(dto, meta),
    );
    return { ...(await this.get(id)), key };
  }

  revoke(id: string, meta: RequestMeta): Promise<void> {
    return this.commands.execute(new RevokeApiKeyCommand(id, meta));
  }

  /** `Authorization: Bearer pos_…` → the key's identity, or null. */
  async resolve(header: string | undefined): Promise<AuthUser | null> {
    const match = KEY.exec(header?.replace(/^Bearer\s+/i, '') ?? '');
    if (!match) return null;
    const key = await this.ds.getRepository(ApiKeyEntity).findOneBy({ prefix: match[1] });
    if (!key || key.revokedAt) return null;
    const given = Buffer.from(sha256(match[2]));
    if (!timingSafeEqual(given, Buffer.from(key.hash))) return null;
    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000) {
      await this.ds.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [key.id]);
    }
    return {
      id: key.id,
      username: `api:${key.prefix}`,
      name: `API: ${key.name}`,
      branchId: key.branchId,
      isAdmin: false,
      permissions: key.permissions,
      screens: [],
      maxDiscountPercent: 0,
      sessionId: '',
      viaApiKey: true,
    };
  }
}
