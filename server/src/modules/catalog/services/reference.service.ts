import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type {
  CategoryCreateDto,
  CategoryResponseDto,
  CategoryUpdateDto,
  ListQueryDto,
} from '@pos/contracts';
import { AuditService } from '../../../core/audit/audit.service';
import type { RequestMeta } from '../../../core/auth/decorators';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { likeEscape } from '../../../core/http/list';
import { CategoryEntity } from '../entities/catalog.entities';

/** Advisory lock key for category moves (any fixed number unique in the app). */
const CATEGORY_TREE_LOCK = 4_310_001;

/** Categories (a tree): plain reference data (property types are on the resource kit). */
@Injectable()
export class ReferenceService {
  constructor(@InjectDataSource() private readonly ds: DataSource, private readonly audit: AuditService) {}

  async categories(query: ListQueryDto): Promise<CategoryResponseDto[]> {
    const params: unknown[] = [];
    let where = '';
    if (query.q?.trim()) {
      params.push(`%${likeEscape(query.q.trim())}%`);
      where = `WHERE c.name ILIKE $1 OR c.name_en ILIKE $1`;
    }
    return this.ds.query(
      `SELECT c.id, c.name, c.name_en AS "nameEn", c.parent_id AS "parentId",
              (SELECT count(*)::int FROM products p WHERE p.category_id = c.id) AS "productCount"
         FROM categories c ${where} ORDER BY c.name LIMIT 2000`,
      params,
    );
  }

  async createCategory(dto: CategoryCreateDto, meta: RequestMeta) {
    const id = uuidv7();
    await this.ds.transaction(async (m) => {
      if (dto.parentId && !(await m.exists(CategoryEntity, { where: { id: dto.parentId } }))) throw Errors.notFound();
      await m.insert(CategoryEntity, { id, name: dto.name.trim(), nameEn: dto.nameEn?.trim() || null, parentId: dto.parentId ?? null });
      await this.audit.record(m, meta, { action: 'category.create', entity: 'category', entityId: id, after: dto });
    });
    return (await this.categories({})).find((c) => c.id === id);
  }

  async updateCategory(id: string, dto: CategoryUpdateDto, meta: RequestMeta) {
    await this.ds.transaction(async (m) => {
      // Moves are serialised: two crossing moves (A under B, B under A) could each pass the check alone.
      if (dto.parentId !== undefined) await m.query('SELECT pg_advisory_xact_lock($1)', [CATEGORY_TREE_LOCK]);
      const before = await m.findOne(CategoryEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw Errors.notFound();
      if (dto.parentId) {
        // The new parent may be neither the category itself nor one of its descendants.
        const [cycle] = await m.query(
          `WITH RECURSIVE up AS (SELECT id, parent_id FROM categories WHERE id = $1
             UNION ALL SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id)
           SELECT EXISTS (SELECT 1 FROM up WHERE id = $2) AS cycle, EXISTS (SELECT 1 FROM categories WHERE id = $1) AS found`,
          [dto.parentId, id],
        );
        if (!cycle.found) throw Errors.notFound();
        if (cycle.cycle) throw new AppException('CATEGORY_CYCLE', HttpStatus.BAD_REQUEST);
      }
      const patch: Partial<CategoryEntity> = {};
      if (dto.name !== undefined) patch.name = dto.name.trim();
      if (dto.nameEn !== undefined) patch.nameEn = dto.nameEn?.trim() || null;
      if (dto.parentId !== undefined) patch.parentId = dto.parentId;
      if (Object.keys(patch).length) await m.update(CategoryEntity, { id }, patch);
      await this.audit.record(m, meta, { action: 'category.update', entity: 'category', entityId: id, before, after: { ...before, ...patch } });
    });
    return (await this.categories({})).find((c) => c.id === id);
  }

  async removeCategory(id: string, meta: RequestMeta) {
    await this.ds.transaction(async (m) => {
      const before = await m.findOne(CategoryEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw Errors.notFound();
      const [{ used }] = await m.query(
        'SELECT EXISTS (SELECT 1 FROM products WHERE category_id = $1) OR EXISTS (SELECT 1 FROM categories WHERE parent_id = $1) AS used',
        [id],
      );
      if (used) throw new AppException('IN_USE', HttpStatus.CONFLICT);
      await m.delete(CategoryEntity, { id });
      await this.audit.record(m, meta, { action: 'category.delete', entity: 'category', entityId: id, before });
    });
  }
}
