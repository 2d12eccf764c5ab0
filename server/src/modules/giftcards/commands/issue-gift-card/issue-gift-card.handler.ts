import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { issueGiftCard } from '../../services/gift-card-ledger';
import { GiftCardQueries } from '../../queries/gift-cards.queries';
import { loadMoney } from '../load-money';
import { IssueGiftCardCommand, type GiftCardResult } from './issue-gift-card.command';

/**
 * IssueGiftCard: a new card under a generated code holding what the buyer paid; the money goes
 * into the cashier's shift by its method, the books take it as a liability (`giftcard.loaded`).
 * No VAT: a multi-purpose voucher is taxed when it buys goods (docs/decisions/0083).
 */
@CommandHandler(IssueGiftCardCommand)
export class IssueGiftCardHandler extends TransactionalCommandHandler<
  IssueGiftCardCommand,
  GiftCardResult
> {
  constructor(
    runner: CommandRunner,
    private readonly queries: GiftCardQueries,
  ) {
    super(runner);
  }

  /** The card made before under this id: the same sale of a card, or 409 for another one. */
  protected override async findOwn({
    dto,
    user,
  }: IssueGiftCardCommand): Promise<GiftCardResult | null> {
    const [row] = await this.runner.manager.query(
      `SELECT l.amount, c.created_by FROM gift_cards c
         JOIN gift_card_ledger l ON l.card_id = c.id AND l.type = 'issue'
        WHERE c.id = $1`,
      [dto.id],
    );
    if (!row) return null;
    if (Number(row.amount) !== dto.amount || row.created_by !== user.id)
      throw new AppException('SALE_ID_CONFLICT', HttpStatus.CONFLICT);
    return { created: false, card: await this.queries.get(this.runner.manager, dto.id) };
  }

  protected async handle(
    { dto, user }: IssueGiftCardCommand,
    tx: CommandTransaction,
  ): Promise<GiftCardResult> {
    const { m } = tx;
    const money = await loadMoney(m, user, dto.methodId);
    if (dto.customerId) {
      const [customer] = await m.query('SELECT 1 FROM customers WHERE id = $1', [dto.customerId]);
      if (!customer) throw new AppException('NOT_FOUND', HttpStatus.NOT_FOUND);
    }
    const note = dto.note?.trim() || null;
    const issued = await issueGiftCard(
      m,
      { id: dto.id, customerId: dto.customerId ?? null, note },
      dto.amount,
      {
        type: 'gift_card',
        id: dto.id,
        branchId: money.branchId,
        shiftId: money.shiftId,
        userId: user.id,
        methodId: dto.methodId,
        note,
      },
    );
    tx.audit({
      action: 'giftcard.issue',
      entity: 'gift_card',
      entityId: dto.id,
      after: {
        code: issued.code,
        amount: dto.amount,
        methodId: dto.methodId,
        customerId: dto.customerId ?? null,
      },
    });
    await tx.raise('giftcard.loaded', {
      entryId: issued.entryId,
      cardId: dto.id,
      code: issued.code,
      kind: 'issue',
      branchId: money.branchId,
      shiftId: money.shiftId,
      methodId: dto.methodId,
      methodType: money.methodType,
      amount: dto.amount,
      balanceAfter: issued.balance,
      userId: user.id,
    });
    return { created: true, card: await this.queries.get(m, dto.id) };
  }
}
