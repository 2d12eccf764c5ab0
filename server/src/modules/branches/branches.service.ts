import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type {
  BranchCreateDto,
  BranchResponseDto,
  BranchUpdateDto,
  ListQueryDto,
} from '@pos/contracts';
import { AuditService } from '../../core/audit/audit.service';
import type { AuthUser } from '../../core/auth/auth.types';
import type { RequestMeta } from '../../core/auth/decorators';
import { SecretsService } from '../../core/auth/secrets.service';
import { AppException, Errors } from '../../core/errors/app.exception';
import { likeEscape, pageOf } from '../../core/http/list';
import { SiteSettingsEntity } from '../settings';
import { ensureDefaultInventory, nextBranchCode } from './default-inventory';
import { BranchEntity } from './entities/branch.entity';
import { seesAllBranches } from '../../core/auth/branch-scope';

const SECRET_KEYS = ['invoiceClientSecret', 'receiptClientSecret'] as const;

export function toBranchResponse(b: BranchEntity): BranchResponseDto {
  const { invoiceClientSecret, receiptClientSecret, updatedAt: _u, createdAt, ...rest } = b;
  return {
    ...rest,
    hasInvoiceClientSecret: !!invoiceClientSecret,
    hasReceiptClientSecret: !!receiptClientSecret,
    createdAt: createdAt.toISOString(),
  };
}

/** Who sees which branch: the one rule in core/auth/branch-scope.ts. */
export { seesAllBranches as canSeeAllBranches };

@Injectable()
export class BranchesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly secrets: SecretsService,
  ) {}

  async list(query: ListQueryDto, user: AuthUser) {
    const { skip, take } = pageOf(query, 100);
    const qb = this.ds
      .getRepository(BranchEntity)
      .createQueryBuilder('b')
      .orderBy('b.createdAt', 'ASC')
      .skip(skip)
      .take(take);
    if (!seesAllBranches(user))
      qb.andWhere('b.id = :own', { own: user.branchId ?? '00000000-0000-0000-0000-000000000000' });
    if (query.q?.trim()) qb.andWhere('b.name ILIKE :q', { q: `%${likeEscape(query.q.trim())}%` });
    const [rows, total] = await qb.getManyAndCount();
    return { rows: rows.map(toBranchResponse), total };
  }

  async get(id: string, user: AuthUser): Promise<BranchResponseDto> {
    if (!seesAllBranches(user) && user.branchId !== id) throw Errors.notFound();
    const branch = await this.ds.getRepository(BranchEntity).findOneBy({ id });
    if (!branch) throw Errors.notFound();
    return toBranchResponse(branch);
  }

  private encryptSecrets<T extends Partial<BranchEntity>>(dto: T): T {
    const out = { ...dto };
    for (const key of SECRET_KEYS) {
      const value = out[key];
      if (typeof value === 'string' && value !== '')
        out[key] = this.secrets.encrypt(value) as T[typeof key];
    }
    return out;
  }

  async create(dto: BranchCreateDto, meta: RequestMeta): Promise<BranchResponseDto> {
    return this.ds.transaction(async (m) => {
      await this.checkLimit(m);
      const id = uuidv7();
      await m.insert(BranchEntity, {
        ...this.encryptSecrets(dto),
        name: dto.name.trim(),
        id,
        code: await nextBranchCode(m),
      });
      await ensureDefaultInventory(m, id);
      const after = await m.findOneByOrFail(BranchEntity, { id });
      await this.audit.record(m, meta, {
        action: 'branch.create',
        entity: 'branch',
        entityId: id,
        after,
      });
      return toBranchResponse(after);
    });
  }

  /** The limit is checked under a lock on the settings row, so two creators cannot both pass. */
  private async checkLimit(m: EntityManager) {
    const settings = await m.findOne(SiteSettingsEntity, {
      where: { id: 1 },
      lock: { mode: 'pessimistic_write' },
    });
    const max = settings?.maxBranches ?? 100;
    const count = await m.count(BranchEntity);
    if (count >= max)
      throw new AppException('BRANCH_LIMIT_REACHED', HttpStatus.BAD_REQUEST, { max });
  }

  async update(id: string, dto: BranchUpdateDto, meta: RequestMeta): Promise<BranchResponseDto> {
    return this.ds.transaction(async (m) => {
      const before = await m.findOne(BranchEntity, {
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!before) throw Errors.notFound();
      const patch = this.encryptSecrets(dto);
      if (patch.name !== undefined) patch.name = patch.name.trim();
      if (Object.keys(patch).length) await m.update(BranchEntity, { id }, patch);
      const after = await m.findOneByOrFail(BranchEntity, { id });
      await this.audit.record(m, meta, {
        action: 'branch.update',
        entity: 'branch',
        entityId: id,
        before,
        after,
      });
      return toBranchResponse(after);
    });
  }

  async remove(id: string, meta: RequestMeta): Promise<void> {
    await this.ds.transaction(async (m) => {
      const before = await m.findOne(BranchEntity, {
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!before) throw Errors.notFound();
      const [{ used }] = await m.query(
        `SELECT EXISTS (SELECT 1 FROM users WHERE branch_id = $1)
             OR EXISTS (SELECT 1 FROM stock_movements sm JOIN inventories i ON i.id = sm.inventory_id WHERE i.branch_id = $1) AS used`,
        [id],
      );
      if (used) throw new AppException('IN_USE', HttpStatus.CONFLICT);
      await m.query(
        'DELETE FROM stock_levels WHERE inventory_id IN (SELECT id FROM inventories WHERE branch_id = $1)',
        [id],
      );
      await m.query('DELETE FROM inventories WHERE branch_id = $1', [id]);
      await m.delete(BranchEntity, { id });
      await this.audit.record(m, meta, {
        action: 'branch.delete',
        entity: 'branch',
        entityId: id,
        before,
      });
    });
  }
}
