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
