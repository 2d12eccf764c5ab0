import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type {
  CategoryResponseDto,
  ListQueryDto,
  PropertyTypeCreateDto,
  PropertyTypeResponseDto,
  PropertyTypeUpdateDto,
} from '@pos/contracts';
import { AuditService } from '../../../core/audit/audit.service';
import type { RequestMeta } from '../../../core/auth/decorators';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { likeEscape } from '../../../core/http/list';
import { PropertyTypeEntity } from '../entities/catalog.entities';

/** Categories (a tree) and property types: plain reference data. */
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

  /** One category as the list shows it (after a command changed it). */
  async category(id: string): Promise<CategoryResponseDto | undefined> {
    return (await this.categories({})).find((c) => c.id === id);
  }

  async propertyTypes(): Promise<PropertyTypeResponseDto[]> {
    return this.ds.getRepository(PropertyTypeEntity).find({ order: { name: 'ASC' } });
  }

  async createPropertyType(dto: PropertyTypeCreateDto, meta: RequestMeta) {
    const row = { id: uuidv7(), name: dto.name.trim(), values: dto.values.map((v) => v.trim()) };
    await this.ds.transaction(async (m) => {
      await m.insert(PropertyTypeEntity, row);
      await this.audit.record(m, meta, { action: 'property-type.create', entity: 'property_type', entityId: row.id, after: row });
    });
    return row;
  }

  async updatePropertyType(id: string, dto: PropertyTypeUpdateDto, meta: RequestMeta) {
    return this.ds.transaction(async (m) => {
      const before = await m.findOne(PropertyTypeEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw Errors.notFound();
      const patch: Partial<PropertyTypeEntity> = {};
      if (dto.name !== undefined) patch.name = dto.name.trim();
      if (dto.values !== undefined) patch.values = dto.values.map((v) => v.trim());
      if (Object.keys(patch).length) await m.update(PropertyTypeEntity, { id }, patch);
      await this.audit.record(m, meta, { action: 'property-type.update', entity: 'property_type', entityId: id, before, after: { ...before, ...patch } });
      return { ...before, ...patch };
    });
  }

  async removePropertyType(id: string, meta: RequestMeta) {
    await this.ds.transaction(async (m) => {
      const before = await m.findOne(PropertyTypeEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw Errors.notFound();
      const [{ used }] = await m.query('SELECT EXISTS (SELECT 1 FROM products WHERE $1 = ANY(property_type_ids)) AS used', [id]);
      if (used) throw new AppException('IN_USE', HttpStatus.CONFLICT);
      await m.delete(PropertyTypeEntity, { id });
      await this.audit.record(m, meta, { action: 'property-type.delete', entity: 'property_type', entityId: id, before });
    });
  }
}
