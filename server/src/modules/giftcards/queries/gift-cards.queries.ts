import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  normalizeGiftCardCode,
  type GiftCardDto,
  type GiftCardLedgerRowDto,
  type ListQueryDto,
} from '@pos/contracts';
import { Errors, AppException } from '../../../core/errors/app.exception';
import { pageOf } from '../../../core/http/list';
import { HttpStatus } from '@nestjs/common';

const COLUMNS = `c.id, c.code, c.kind, c.status, c.balance, c.customer_id AS "customerId",
  cu.name AS "customerName", c.created_at AS "createdAt"`;
const FROM = `gift_cards c LEFT JOIN customers cu ON cu.id = c.customer_id`;

const shape = (r: Record<string, unknown>): GiftCardDto => ({
  ...(r as unknown as GiftCardDto),
  balance: Number(r.balance),
  createdAt: (r.createdAt as Date).toISOString(),
});

/** Reads of the gift cards: a card by id or code, its ledger, the list (outstanding first). */
@Injectable()
export class GiftCardQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async get(m: EntityManager, id: string): Promise<GiftCardDto> {
    const [row] = await m.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = $1`, [id]);
    if (!row) throw Errors.notFound();
    return shape(row);
  }

  /** The till's look-up by a typed or scanned code: an active card, or 404 naming the code. */
  async byCode(code: string): Promise<GiftCardDto> {
    const normal = normalizeGiftCardCode(code);
    const [row] = await this.ds.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE c.code = $1`, [normal]);
    if (!row || row.status !== 'active')
      throw new AppException('GIFT_CARD_NOT_FOUND', HttpStatus.NOT_FOUND, { code: normal });
    return shape(row);
  }

  async detail(id: string): Promise<GiftCardDto & { ledger: GiftCardLedgerRowDto[] }> {
    const card = await this.get(this.ds.manager, id);
    const rows = await this.ds.query(
      `SELECT id, type, amount, balance_after AS "balanceAfter", reference_type AS "referenceType",
              reference_id AS "referenceId", created_at AS at
         FROM gift_card_ledger WHERE card_id = $1 ORDER BY created_at, id LIMIT 500`,
      [id],
    );
    return {
      ...card,
      ledger: rows.map((r: Record<string, unknown>) => ({
        ...(r as unknown as GiftCardLedgerRowDto),
        amount: Number(r.amount),
        balanceAfter: Number(r.balanceAfter),
        at: (r.at as Date).toISOString(),
      })),
    };
  }

  /** The cards, those holding money first; `q` finds a code or a customer's name. */
  async list(
    query: ListQueryDto,
  ): Promise<{ rows: GiftCardDto[]; total: number; outstanding: number }> {
    const { skip, take } = pageOf(query);
    const params: unknown[] = [];
    let clause = '';
    if (query.q) {
      params.push(`%${query.q.trim()}%`, normalizeGiftCardCode(query.q));
      clause = `WHERE c.code = $2 OR cu.name ILIKE $1`;
    }
    const [{ total, outstanding }] = await this.ds.query(
      `SELECT count(*)::int AS total, COALESCE(sum(c.balance), 0)::bigint AS outstanding FROM ${FROM} ${clause}`,
      params,
    );
    const rows = await this.ds.query(
      `SELECT ${COLUMNS} FROM ${FROM} ${clause} ORDER BY (c.balance > 0) DESC, c.created_at DESC, c.id LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return { rows: rows.map(shape), total, outstanding: Number(outstanding) };
  }
}
