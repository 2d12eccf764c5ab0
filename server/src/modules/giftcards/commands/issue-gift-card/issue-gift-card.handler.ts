import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { CommandTransaction } from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { issueGiftCard } from '../../services/gift-card-ledger';
import { GiftCardLoadHandler, loadMoney } from '../load-money';
import { IssueGiftCardCommand, type GiftCardResult } from './issue-gift-card.command';

/**
 * IssueGiftCard: a new card under a generated code holding what the buyer paid; the money goes
 * into the cashier's shift by its method, the books take it as a liability (`giftcard.loaded`).
 * No VAT: a multi-purpose voucher is taxed when it buys goods (docs/decisions/0083).
 */
@CommandHandler(IssueGiftCardCommand)
export class IssueGiftCardHandler extends GiftCardLoadHandler<IssueGiftCardCommand> {
  /** The card made before under this id: the same sale of a card, or 409 for another one. */
  protected readonly own = {
    sql: `SELECT l.amount, c.created_by FROM gift_cards c
            JOIN gift_card_ledger l ON l.card_id = c.id AND l.type = 'issue'
           WHERE c.id = $1`,
    same: (row: Record<string, unknown>, { dto, user }: IssueGiftCardCommand) =>
      Number(row.amount) === dto.amount && row.created_by === user.id,
    cardId: ({ dto }: IssueGiftCardCommand) => dto.id,
  };

  protected async handle(
    command: IssueGiftCardCommand,
    tx: CommandTransaction,
  ): Promise<GiftCardResult> {
    const { dto, user } = command;
    const money = await loadMoney(tx.m, user, dto);
    if (dto.customerId) {
      const [customer] = await tx.m.query('SELECT 1 FROM customers WHERE id = $1', [
        dto.customerId,
      ]);
      if (!customer) throw new AppException('NOT_FOUND', HttpStatus.NOT_FOUND);
    }
    const customerId = dto.customerId ?? null;
    const issued = await issueGiftCard(
      tx.m,
      { id: dto.id, customerId, note: money.ref.note ?? null },
      dto.amount,
      money.ref,
    );
    return this.loaded(tx, command, money, {
      kind: 'issue',
      cardId: dto.id,
      entryId: issued.entryId,
      code: issued.code,
      balanceAfter: issued.balance,
      audit: {
        action: 'giftcard.issue',
        after: { code: issued.code, amount: dto.amount, methodId: dto.methodId, customerId },
      },
    });
  }
}
