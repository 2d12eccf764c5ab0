import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { ApiKeyCreateDto, ApiKeyDto } from '@pos/contracts';
import { AuditService } from '../../core/audit/audit.service';
import type { AuthUser } from '../../core/auth/auth.types';
import { BearerAuthenticator } from '../../core/auth/bearer-authenticator';
import type { RequestMeta } from '../../core/auth/decorators';
import { Errors } from '../../core/errors/app.exception';
import { ApiKeyEntity } from './api-key.entity';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
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
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<ApiKeyDto[]> {
    return (await this.ds.getRepository(ApiKeyEntity).find({ order: { createdAt: 'DESC' } })).map(
      shape,
    );
  }

  /** The full key is returned once, at creation. */
  async create(dto: ApiKeyCreateDto, meta: RequestMeta): Promise<ApiKeyDto & { key: string }> {
    const prefix = randomBytes(8).toString('hex').slice(0, 10);
    const secret = randomBytes(32).toString('base64url');
    const id = uuidv7();
    await this.ds.transaction(async (m) => {
      const [branch] = await m.query('SELECT id FROM branches WHERE id = $1', [dto.branchId]);
      if (!branch) throw Errors.notFound();
      await m.insert(ApiKeyEntity, {
        id,
        name: dto.name.trim(),
        prefix,
        hash: sha256(secret),
        permissions: dto.permissions,
        branchId: dto.branchId,
        createdBy: meta.userId,
      });
      await this.audit.record(m, meta, {
        action: 'api-key.create',
        entity: 'api_key',
        entityId: id,
        after: { ...dto, prefix },
      });
    });
    const created = await this.ds.getRepository(ApiKeyEntity).findOneByOrFail({ id });
    return { ...shape(created), key: `pos_${prefix}_${secret}` };
  }

  async revoke(id: string, meta: RequestMeta): Promise<void> {
    await this.ds.transaction(async (m) => {
      const before = await m.findOne(ApiKeyEntity, {
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!before) throw Errors.notFound();
      await m.update(ApiKeyEntity, { id }, { revokedAt: new Date() });
      await this.audit.record(m, meta, {
        action: 'api-key.revoke',
        entity: 'api_key',
        entityId: id,
        before,
      });
    });
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
