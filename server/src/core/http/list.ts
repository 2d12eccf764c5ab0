import { normalizeArabic } from '@pos/contracts';
import type { Response } from 'express';
import type { ListQueryDto } from '@pos/contracts';

export type Page = { skip: number; take: number };

export function pageOf(query: ListQueryDto, defaultSize = 50): Page {
  const take = query.pageSize ?? defaultSize;
  return { skip: ((query.page ?? 1) - 1) * take, take };
}

/** Resolve `sort` against an allow-list of property → column, default first entry. */
export function sortOf(
  query: ListQueryDto,
  allowed: Record<string, string>,
  fallback: string,
): { column: string; direction: 'ASC' | 'DESC' } {
  const raw = query.sort ?? fallback;
  const desc = raw.startsWith('-');
  const column = allowed[desc ? raw.slice(1) : raw] ?? allowed[fallback.replace(/^-/, '')];
  return { column, direction: desc ? 'DESC' : 'ASC' };
}

/** Lists answer with a JSON array and the total in X-Total-Count (DESIGN.md §5). */
export function sendList<T>(res: Response, rows: T[], total: number): T[] {
  res.setHeader('X-Total-Count', String(total));
  res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
  return rows;
}

/** Escape LIKE wildcards in user text. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Words of a query as LIKE patterns over the normalised search text (each must match). */
export function searchPatterns(q: string): string[] {
  return normalizeArabic(q)
    .split(' ')
    .filter(Boolean)
    .slice(0, 6)
    .map((w) => `%${likeEscape(w)}%`);
}

/** Runs SQL: a DataSource or an EntityManager. */
type Sql = { query(sql: string, params?: unknown[]): Promise<unknown> };

/**
 * The WHERE of a paged list: each condition takes its value as the next parameter, numbered after
 * `params` (those the list's SELECT itself takes).
 */
export class ListFilter {
  private readonly where: string[] = [];

  constructor(readonly params: unknown[] = []) {}

  /** The value as the next parameter: its placeholder, `$n`. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** `sql` with its `?` as the value's placeholder; nothing when the value is absent (falsy). */
  add(sql: string, value: unknown): this {
    if (value) this.where.push(sql.replace('?', this.param(value)));
    return this;
  }

  /** A condition whose placeholders come from `param`. */
  push(sql: string): this {
    this.where.push(sql);
    return this;
  }

  /** The search box's text as typed, an ILIKE pattern for `match(raw)`; nothing for a blank text. */
  typed(q: string | undefined, match: (raw: string) => string): this {
    const text = q?.trim();
    return text ? this.push(match(this.param(`%${likeEscape(text)}%`))) : this;
  }

  /** Each word of the search, Arabic-normalised, a LIKE pattern for `match(p)`: all must match. */
  eachWord(q: string | undefined, match: (p: string) => string): this {
    for (const pattern of q ? searchPatterns(q) : []) this.push(match(this.param(pattern)));
    return this;
  }

  /**
   * The search box: `match(raw, words)` gets the text as typed (an ILIKE pattern) and its words,
   * Arabic-normalised (LIKE patterns, each to match); nothing for a blank text.
   */
  search(q: string | undefined, match: (raw: string, words: string[]) => string): this {
    const text = q?.trim();
    if (!text) return this;
    const raw = this.param(`%${likeEscape(text)}%`);
    return this.push(
      match(
        raw,
        searchPatterns(text).map((w) => this.param(w)),
      ),
    );
  }

  get clause(): string {
    return this.where.length ? `WHERE ${this.where.join(' AND ')}` : '';
  }
}

/** Every word's pattern LIKE `text` (`false` without a word: the name cannot match). */
export const allWords = (text: string, words: string[]) =>
  words.length ? words.map((w) => `${text} LIKE ${w}`).join(' AND ') : 'false';

export type ListSql = {
  /** `SELECT count(*)::int AS total FROM …`, before the WHERE */
  count: string;
  /** the rows' `SELECT … FROM …`, before the WHERE */
  select: string;
  /** the sort allow-list (property → column) and the default (`-createdAt`) */
  sorts: Record<string, string>;
  sort: string;
  /** the tie-break after the sort column, `t.id` or `NULLS LAST, t.id DESC` */
  tie: string;
  /** the count leaves out the first n parameters (those only the SELECT takes) */
  countSkips?: number;
};

/** One page of a list and its total: the count and the rows under one WHERE, sorted and paged. */
export async function listPage<R = Record<string, unknown>>(
  sql: Sql,
  query: ListQueryDto,
  filter: ListFilter,
  list: ListSql,
): Promise<{ rows: R[]; total: number }> {
  const { column, direction } = sortOf(query, list.sorts, list.sort);
  const { skip, take } = pageOf(query);
  const { clause, params } = filter;
  const n = list.countSkips ?? 0;
  const counted = n ? clause.replace(/\$(\d+)/g, (_, i) => `$${Number(i) - n}`) : clause;
  const [{ total }] = (await sql.query(`${list.count} ${counted}`, params.slice(n))) as {
    total: number;
  }[];
  const tie = list.tie.startsWith('NULLS') ? ` ${list.tie}` : `, ${list.tie}`;
  const rows = (await sql.query(
    `${list.select} ${clause} ORDER BY ${column} ${direction}${tie} LIMIT ${take} OFFSET ${skip}`,
    params,
  )) as R[];
  return { rows, total };
}
