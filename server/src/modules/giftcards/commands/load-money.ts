import { HttpStatus, Injectable } from '@nestjs/common';
import { takesMethod, type GiftCardLoadedEvent, type GiftCardTopUpDto } from '@pos/contracts';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../core/cqrs';
import { AppException } from '../../../core/errors/app.exception';
import { GiftCardQueries } from '../queries/gift-cards.queries';
import type { GiftCardRef } from '../services/gift-card-ledger';
import type { GiftCardResult } from './issue-gift-card/issue-gift-card.command';

/** The money a load takes: the method's type, the drawer it goes into, the ledger row's reference. */
export type LoadedMoney = {
  methodType: string;
  shiftId: string | null;
  branchId: string | null;
  ref: GiftCardRef;
};

/**
 * What selling or topping up a card opens with: the method the buyer pays by (active, a tender:
 * never on account, a gift card or loyalty points: GIFT_CARD_METHOD) and the cashier's open shift, which cash
 * needs (it goes into that drawer, as a customer's payment at the till does).
 */
export async function loadMoney(
  m: EntityManager,
  user: AuthUser,
  dto: GiftCardTopUpDto,
): Promise<LoadedMoney> {
  const [row] = await m.query(
    `SELECT pm.type, pm.active,
            (SELECT json_build_object('id', s.id, 'branchId', s.branch_id) FROM shifts s
              WHERE s.cashier_id = $2 AND s.status = 'open' LIMIT 1) AS shift
       FROM payment_methods pm WHERE pm.id = $1`,
    [dto.methodId, user.id],
  );
  if (!row || !row.active) throw new AppException('PAYMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
  if (!takesMethod('payIn', row.type))
    throw new AppException('GIFT_CARD_METHOD', HttpStatus.BAD_REQUEST);
  const shift = row.shift as { id: string; branchId: string } | null;
  if (!shift && row.type === 'cash')
    throw new AppException('SHIFT_NOT_OPEN', HttpStatus.BAD_REQUEST, {}, [
      { key: 'errors.SHIFT_NOT_OPEN_TILL' },
    ]);
  const shiftId = shift?.id ?? null;
  const branchId = shift?.branchId ?? user.branchId ?? null;
  return {
    methodType: row.type,
    shiftId,
    branchId,
    ref: {
      type: 'gift_card',
      id: dto.id,
      branchId,
      shiftId,
      userId: user.id,
      methodId: dto.methodId,
      note: dto.note?.trim() || null,
    },
  };
}

/** What both loads carry: the client's id, the amount and method, the seller. */
type LoadCommand = { dto: GiftCardTopUpDto; user: AuthUser; meta: RequestMeta };

/**
 * The base of selling (IssueGiftCard) and topping up (TopUpGiftCard) a card: `loadMoney` first,
 * then `loaded` queues the audit row, raises `giftcard.loaded` (the drawer, the books' liability)
 * and answers the card; a retry by the client's id is answered the card (`own`).
 */
@Injectable()
export abstract class GiftCardLoadHandler<
  C extends LoadCommand,
> extends TransactionalCommandHandler<C, GiftCardResult> {
  constructor(
    runner: CommandRunner,
    protected readonly queries: GiftCardQueries,
  ) {
    super(runner);
  }

  /**
   * What the client's id (`dto.id`) made before: `sql` reads it ($1: that id), `same` says it is
   * this load (else 409), `cardId` the card to answer.
   */
  protected abstract readonly own: {
    sql: string;
    same: (row: Record<string, unknown>, command: C) => boolean;
    cardId: (command: C) => string;
  };

  /** A retry by the client's id: the card as it is now, or 409 when the id made another load. */
  protected override async findOwn(command: C): Promise<GiftCardResult | null> {
    const [row] = await this.runner.manager.query(this.own.sql, [command.dto.id]);
    if (!row) return null;
    if (!this.own.same(row, command))
      throw new AppException('SALE_ID_CONFLICT', HttpStatus.CONFLICT);
    const cardId = this.own.cardId(command);
    return { created: false, card: await this.queries.get(this.runner.manager, cardId) };
  }

  protected async loaded(
    tx: CommandTransaction,
    { dto, user }: C,
    money: LoadedMoney,
    load: Pick<GiftCardLoadedEvent, 'entryId' | 'cardId' | 'code' | 'kind' | 'balanceAfter'> & {
      audit: { action: string; after: object };
    },
  ): Promise<GiftCardResult> {
    tx.audit({ ...load.audit, entity: 'gift_card', entityId: load.cardId });
    await tx.raise('giftcard.loaded', {
      entryId: load.entryId,
      cardId: load.cardId,
      code: load.code,
      kind: load.kind,
      branchId: money.branchId,
      shiftId: money.shiftId,
      methodId: dto.methodId,
      methodType: money.methodType,
      amount: dto.amount,
      balanceAfter: load.balanceAfter,
      userId: user.id,
    });
    return { created: true, card: await this.queries.get(tx.m, load.cardId) };
  }
}
