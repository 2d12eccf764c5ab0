import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { topUpGiftCard } from '../../services/gift-card-ledger';
import { GiftCardQueries } from '../../queries/gift-cards.queries';
import type { GiftCardResult } from '../issue-gift-card/issue-gift-card.command';
import { loadMoney } from '../load-money';
import { TopUpGiftCardCommand } from './top-up-gift-card.command';

/** TopUpGiftCard: the card locked, the amount added within LIMITS.documentTotal, the money in as on issue. */
@CommandHandler(TopUpGiftCardCommand)
export class TopUpGiftCardHandler extends TransactionalCommandHandler<
  TopUpGiftCardCommand,
  GiftCardResult
> {
  constructor(
    runner: CommandRunner,
    private readonly queries: GiftCardQueries,
  ) {
    super(runner);
  }

  protected override async findOwn({
    cardId,
    dto,
  }: TopUpGiftCardCommand): Promise<GiftCardResult | null> {
    const [row] = await this.runner.manager.query(
      'SELECT card_id, amount FROM gift_card_ledger WHERE id = $1',
      [dto.id],
    );
    if (!row) return null;
    if (row.card_id !== cardId || Number(row.amount) !== dto.amount)
      throw new AppException('SALE_ID_CONFLICT', HttpStatus.CONFLICT);
    return { created: false, card: await this.queries.get(this.runner.manager, cardId) };
  }

  protected async handle(
    { cardId, dto, user }: TopUpGiftCardCommand,
    tx: CommandTransaction,
  ): Promise<GiftCardResult> {
    const { m } = tx;
    const money = await loadMoney(m, user, dto.methodId);
    const note = dto.note?.trim() || null;
    const loaded = await topUpGiftCard(m, cardId, dto.id, dto.amount, {
      type: 'gift_card',
      id: dto.id,
      branchId: money.branchId,
      shiftId: money.shiftId,
      userId: user.id,
      methodId: dto.methodId,
      note,
    });
    tx.audit({
      action: 'giftcard.topup',
      entity: 'gift_card',
      entityId: cardId,
      after: {
        entryId: dto.id,
        amount: dto.amount,
        balance: loaded.balance,
        methodId: dto.methodId,
      },
    });
    await tx.raise('giftcard.loaded', {
      entryId: dto.id,
      cardId,
      code: loaded.code,
      kind: 'top_up',
      branchId: money.branchId,
      shiftId: money.shiftId,
      methodId: dto.methodId,
      methodType: money.methodType,
      amount: dto.amount,
      balanceAfter: loaded.balance,
      userId: user.id,
    });
    return { created: true, card: await this.queries.get(m, cardId) };
  }
}
