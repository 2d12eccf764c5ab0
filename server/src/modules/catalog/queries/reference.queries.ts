import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CategoryResponseDto, ListQueryDto } from '@pos/contracts';
import { likeEscape } from '../../../core/http/list';

/**
 * Categories (a tree): the reads. Their changes are commands (commands/*-category); property
 * types are on the resource kit (property-types.resource.ts).
 */
@Injectable()
export class ReferenceService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

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
}
