import { CommandHandler } from '@nestjs/cqrs';
import type { CommandTransaction } from '../../../../core/cqrs';
import { topUpGiftCard } from '../../services/gift-card-ledger';
import type { GiftCardResult } from '../issue-gift-card/issue-gift-card.command';
import { GiftCardLoadHandler, loadMoney } from '../load-money';
import { TopUpGiftCardCommand } from './top-up-gift-card.command';

/** TopUpGiftCard: the card locked, the amount added within LIMITS.documentTotal, the money in as on issue. */
@CommandHandler(TopUpGiftCardCommand)
export class TopUpGiftCardHandler extends GiftCardLoadHandler<TopUpGiftCardCommand> {
  /** The load made before under this id: the same top-up of this card, or 409 for another one. */
  protected readonly own = {
    sql: 'SELECT card_id, amount FROM gift_card_ledger WHERE id = $1',
    same: (row: Record<string, unknown>, { cardId, dto }: TopUpGiftCardCommand) =>
      row.card_id === cardId && Number(row.amount) === dto.amount,
    cardId: ({ cardId }: TopUpGiftCardCommand) => cardId,
  };

  protected async handle(
    command: TopUpGiftCardCommand,
    tx: CommandTransaction,
  ): Promise<GiftCardResult> {
    const { cardId, dto, user } = command;
    const money = await loadMoney(tx.m, user, dto);
    const loaded = await topUpGiftCard(tx.m, cardId, dto.id, dto.amount, money.ref);
    return this.loaded(tx, command, money, {
      kind: 'top_up',
      cardId,
      entryId: dto.id,
      code: loaded.code,
      balanceAfter: loaded.balance,
      audit: {
        action: 'giftcard.topup',
        after: {
          entryId: dto.id,
          amount: dto.amount,
          balance: loaded.balance,
          methodId: dto.methodId,
        },
      },
    });
  }
}
