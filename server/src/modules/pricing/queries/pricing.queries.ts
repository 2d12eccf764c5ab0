import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  ListQueryDto,
  PriceList,
  PriceListItemRowDto,
  PriceListListQueryDto,
  PriceListRowDto,
  PricingRulesDto,
  PromotionListQueryDto,
  PromotionRowDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { askedBranch } from '../../../core/auth/branch-scope';
import { Errors } from '../../../core/errors/app.exception';
import { ListFilter, listPage } from '../../../core/http/list';
import type { PromotionEntity } from '../entities/pricing.entities';
import { fieldsOfRow, priceListOf, promotionOfRow } from '../services/rule-shapes';

const LIST_COLUMNS = `t.id, t.name, t.kind, t.priority, t.active,
  to_char(t.valid_from, 'YYYY-MM-DD') AS "validFrom", to_char(t.valid_to, 'YYYY-MM-DD') AS "validTo",
  t.branch_ids AS "branchIds", t.customer_group_ids AS "customerGroupIds",
  (SELECT count(*)::int FROM price_list_items i WHERE i.price_list_id = t.id) AS items,
  t.created_at AS "createdAt", t.updated_at AS "updatedAt"`;
const PROMO_COLUMNS = `t.id, t.name, t.kind, t.params, t.time_window AS "timeWindow",
  t.branch_ids AS "branchIds", t.customer_group_ids AS "customerGroupIds", t.priority, t.exclusive,
  t.stackable, t.coupon, t.active, t.created_at AS "createdAt", t.updated_at AS "updatedAt"`;
/** A rule reaches a branch when it names no branch or names it. */
const REACHES = (t: string, p: string) => `(${t}.branch_ids = '{}' OR ${p} = ANY(${t}.branch_ids))`;

type PromoRow = Pick<
  PromotionEntity,
  | 'id'
  | 'name'
  | 'kind'
  | 'params'
  | 'timeWindow'
  | 'branchIds'
  | 'customerGroupIds'
  | 'priority'
  | 'exclusive'
  | 'stackable'
  | 'coupon'
  | 'active'
> & { createdAt: Date; updatedAt: Date };

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : d);
const promoDto = (r: PromoRow): PromotionRowDto =>
  ({
    id: r.id,
    ...fieldsOfRow(r),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }) as PromotionRowDto;

/**
 * Rule sets kept per (version, branch), the oldest dropped first: the current ones, and the
 * recent ones an offline till may have priced a sale with (rulesAt). priceCart compiles each once
 * (its WeakMap), so a kept rule set is also a compiled one.
 */
const CACHE_SIZE = 64;

/**
 * Reads of the pricing rules. Price lists and promotions are read with can_see_products (the
 * controller's); a user who does not see every branch reads the rules that reach their branch
 * (store-wide ones and their branch's).
 */
@Injectable()
export class PricingQueries {
  private readonly cache = new Map<string, PricingRulesDto>();

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  listPriceLists(query: PriceListListQueryDto, user: AuthUser) {
    return this.listRules<PriceListRowDto>('price_lists', LIST_COLUMNS, query, user);
  }

  getPriceList(id: string, user: AuthUser): Promise<PriceListRowDto> {
    return this.getRule<PriceListRowDto>('price_lists', LIST_COLUMNS, id, user);
  }

  /** One list's prices, paged, with the item's name and own sell price. */
  async priceListItems(id: string, query: ListQueryDto, user: AuthUser) {
    await this.getPriceList(id, user);
    const filter = new ListFilter([id]).push('i.price_list_id = $1');
    filter.typed(query.q, (p) => `(p.name_ar ILIKE ${p} OR v.sku ILIKE ${p})`);
    const from = `FROM price_list_items i JOIN variants v ON v.id = i.variant_id
      JOIN products p ON p.id = v.product_id`;
    const { rows, total } = await listPage<Record<string, unknown>>(this.ds, query, filter, {
      count: `SELECT count(*)::int AS total ${from}`,
      select: `SELECT i.variant_id AS "variantId", p.name_ar AS "productName", v.sku,
        v.sell_price::float8 AS "sellPrice", i.unit_price::float8 AS "unitPrice", i.breaks ${from}`,
      sorts: { productName: 'p.name_ar', sku: 'v.sku', unitPrice: 'i.unit_price' },
      sort: 'productName',
      tie: 'i.variant_id',
    });
    return {
      rows: rows.map((r) => ({ ...r, variantName: null }) as PriceListItemRowDto),
      total,
    };
  }

  async listPromotions(query: PromotionListQueryDto, user: AuthUser) {
    const { rows, total } = await this.listRules<PromoRow>(
      'promotions',
      PROMO_COLUMNS,
      query,
      user,
    );
    return { rows: rows.map(promoDto), total };
  }

  async getPromotion(id: string, user: AuthUser): Promise<PromotionRowDto> {
    return promoDto(await this.getRule<PromoRow>('promotions', PROMO_COLUMNS, id, user));
  }

  /**
   * A page of price lists or promotions (the same filters and sorts): by kind, active, name, and
   * the rules that reach the asked branch.
   */
  private listRules<T>(
    table: 'price_lists' | 'promotions',
    columns: string,
    query: PriceListListQueryDto | PromotionListQueryDto,
    user: AuthUser,
  ) {
    const filter = new ListFilter()
      .add('t.kind = ?', query.kind)
      .typed(query.q, (p) => `t.name ILIKE ${p}`);
    if (query.active) filter.push(`t.active = ${filter.param(query.active === 'true')}`);
    const branch = askedBranch(user, query.branchId);
    if (branch) filter.push(REACHES('t', `${filter.param(branch)}::uuid`));
    return listPage<T>(this.ds, query, filter, {
      count: `SELECT count(*)::int AS total FROM ${table} t`,
      select: `SELECT ${columns} FROM ${table} t`,
      sorts: { name: 't.name', priority: 't.priority', kind: 't.kind', createdAt: 't.created_at' },
      sort: '-priority',
      tie: 't.id',
    });
  }

  /** One price list or promotion that reaches the user's branch, or 404. */
  private async getRule<T>(
    table: 'price_lists' | 'promotions',
    columns: string,
    id: string,
    user: AuthUser,
  ): Promise<T> {
    const branch = askedBranch(user);
    const [row] = (await this.ds.query(
      `SELECT ${columns} FROM ${table} t WHERE t.id = $1 ${branch ? `AND ${REACHES('t', '$2::uuid')}` : ''}`,
      branch ? [id, branch] : [id],
    )) as T[];
    if (!row) throw Errors.notFound();
    return row;
  }

  /**
   * The active rules that reach a branch (every branch's when none is asked by one who sees them
   * all), in the shape priceCart takes, with the version they were read at. Read in one
   * REPEATABLE READ snapshot, so the version names exactly these rules; kept per version.
   */
  rules(user: AuthUser, asked?: string): Promise<PricingRulesDto> {
    return this.rulesFor(askedBranch(user, asked));
  }

  /**
   * The same for the server's own use (recomputing a sale with the rules of its branch: the
   * sales module through this module's index), no user in between.
   */
  async rulesFor(branchId: string | null): Promise<PricingRulesDto> {
    const version = await this.versionIn(this.ds.manager);
    const cached = this.cache.get(`${version}:${branchId ?? '*'}`);
    if (cached) return cached;
    const rules = await this.ds.transaction('REPEATABLE READ', (m) => this.load(m, branchId));
    if (rules.version === version) this.keep(rules);
    return rules;
  }

  /**
   * The same inside the caller's transaction (a sale being written: no second connection is taken
   * from the pool while the sale holds one, so concurrent sales cannot starve it). Each transaction
   * reads with its own connection: one sale never waits on a read running in another's transaction
   * (whose fate it does not share). A rule write committed in between (the version read before and
   * after differs) is read again.
   */
  async rulesIn(m: EntityManager, branchId: string): Promise<PricingRulesDto> {
    for (let attempt = 0; ; attempt++) {
      const version = await this.versionIn(m);
      const cached = this.cache.get(`${version}:${branchId}`);
      if (cached) return cached;
      const rules = await this.load(m, branchId);
      if (rules.version === version && (await this.versionIn(m)) === version) {
        this.keep(rules);
        return rules;
      }
      if (attempt >= 2) return rules;
    }
  }

  private async versionIn(m: EntityManager): Promise<string> {
    const [{ version }] = (await m.query(
      `SELECT version::text AS version FROM pricing_state WHERE id = 1`,
    )) as { version: string }[];
    return version;
  }

  private keep(rules: PricingRulesDto): void {
    const key = `${rules.version}:${rules.branchId ?? '*'}`;
    if (this.cache.has(key)) return;
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, rules);
  }

  /** The active rules reaching a branch, read with `m`, with the version read first. */
  private async load(m: EntityManager, branchId: string | null): Promise<PricingRulesDto> {
    const [{ version: read }] = (await m.query(
      `SELECT version::text AS version FROM pricing_state WHERE id = 1`,
    )) as { version: string }[];
    const where = branchId ? `AND ${REACHES('t', '$1::uuid')}` : '';
    const params = branchId ? [branchId] : [];
    const lists = (await m.query(
      `SELECT ${LIST_COLUMNS} FROM price_lists t WHERE t.active ${where} ORDER BY t.priority DESC, t.id`,
      params,
    )) as PriceListRowDto[];
    const items = (await m.query(
      `SELECT price_list_id AS "listId", variant_id AS "variantId", unit_price::float8 AS "unitPrice", breaks
           FROM price_list_items WHERE price_list_id = ANY($1::uuid[]) ORDER BY price_list_id, variant_id`,
      [lists.map((l) => l.id)],
    )) as {
      listId: string;
      variantId: string;
      unitPrice: number;
      breaks: PriceList['items'][0]['breaks'];
    }[];
    const promos = (await m.query(
      `SELECT ${PROMO_COLUMNS} FROM promotions t WHERE t.active ${where} ORDER BY t.priority DESC, t.id`,
      params,
    )) as PromoRow[];
    // the category tree, so a promotion on a category reaches its subcategories (the till gets
    // the same map and works out the same ancestors)
    const tree = (await m.query(
      `SELECT id, parent_id AS parent FROM categories WHERE parent_id IS NOT NULL`,
    )) as { id: string; parent: string }[];
    const byList = new Map<string, PriceList['items']>();
    for (const it of items) {
      const list = byList.get(it.listId) ?? [];
      list.push({
        variantId: it.variantId,
        unitPrice: it.unitPrice,
        ...(it.breaks?.length ? { breaks: it.breaks } : {}),
      });
      byList.set(it.listId, list);
    }
    return {
      version: read,
      branchId,
      priceLists: lists.map((l) => priceListOf(l.id, l, byList.get(l.id) ?? [])),
      promotions: promos.map((p) => promotionOfRow(p.id, p)),
      categoryParents: Object.fromEntries(tree.map((c) => [c.id, c.parent])),
    } satisfies PricingRulesDto;
  }

  /**
   * The rules of a branch at a given version (a sale priced by a till with the rules it held):
   * the current ones when that is the current version, a kept one of an earlier version, else null
   * (an earlier version no longer kept, e.g. after a restart: docs/offline.md item 5).
   */
  async rulesAt(
    branchId: string,
    version: string,
    m?: EntityManager,
  ): Promise<PricingRulesDto | null> {
    const kept = this.cache.get(`${version}:${branchId}`);
    if (kept) return kept;
    const current = m ? await this.rulesIn(m, branchId) : await this.rulesFor(branchId);
    return current.version === version ? current : null;
  }

  /** The customer's group (the till prices with it), or null. */
  async customerGroup(customerId: string): Promise<{ groupId: string | null }> {
    const [row] = (await this.ds.query(
      `SELECT group_id AS "groupId" FROM customer_group_members WHERE customer_id = $1`,
      [customerId],
    )) as { groupId: string }[];
    return { groupId: row?.groupId ?? null };
  }
}
