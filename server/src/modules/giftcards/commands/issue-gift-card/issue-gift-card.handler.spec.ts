import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import type { GiftCardQueries } from '../../queries/gift-cards.queries';
import { IssueGiftCardCommand } from './issue-gift-card.command';
import { IssueGiftCardHandler } from './issue-gift-card.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [[/FROM gift_cards c\s+JOIN gift_card_ledger/, []]];

const method = (type: string, shift: object | null = { id: 's-1', branchId: 'b-1' }): QueryStub => [
  /FROM payment_methods pm WHERE pm\.id = \$1/,
  [{ type, active: true, shift }],
];
const card = { id: 'g-1', code: 'GC000000000001', balance: 5000 };
const queries = { get: async () => card } as unknown as GiftCardQueries;

function run(stubs: QueryStub[], amount = 5000) {
  const m = fakeManager([...stubs, ...READS_ANSWERED_EMPTY]);
  const runner = fakeRunner(m);
  const done = new IssueGiftCardHandler(runner, queries).execute(
    new IssueGiftCardCommand({ id: 'g-1', amount, methodId: 'pm-1' }, testUser(), testMeta),
  );
  return { m, runner, done };
}

describe('IssueGiftCardHandler', () => {
  it('makes the card and its issue row, audits it and raises giftcard.loaded with the method', async () => {
    const { m, runner, done } = run([
      method('cash'),
      [/INSERT INTO gift_cards/, [{ id: 'g-1' }]],
      // the balance and its ledger row in one statement
      [/INSERT INTO gift_card_ledger/, []],
    ]);
    expect(await done).toEqual({ created: true, card });
    const move = m.calls.find((c) => /INSERT INTO gift_card_ledger/.test(c.sql))!;
    expect(move.params.slice(1, 5)).toEqual(['g-1', 5000, 'issue', 5000]);
    expect(runner.tx?.raised).toEqual([
      {
        type: 'giftcard.loaded',
        payload: expect.objectContaining({
          cardId: 'g-1',
          kind: 'issue',
          methodType: 'cash',
          shiftId: 's-1',
          amount: 5000,
          balanceAfter: 5000,
        }),
      },
    ]);
    expect(runner.tx?.audits[0]).toMatchObject({ action: 'giftcard.issue', entityId: 'g-1' });
  });

  it('refuses a card paid on account, by another gift card or by points, and cash without an open shift', async () => {
    expect(await errorCode(run([method('credit')]).done)).toBe('GIFT_CARD_METHOD');
    expect(await errorCode(run([method('gift_card')]).done)).toBe('GIFT_CARD_METHOD');
    // points would pay for it without leaving the customer's balance (0091)
    expect(await errorCode(run([method('loyalty')]).done)).toBe('GIFT_CARD_METHOD');
    expect(await errorCode(run([method('cash', null)]).done)).toBe('SHIFT_NOT_OPEN');
  });

  it('refuses a balance above one document’s money', async () => {
    expect(await errorCode(run([method('card')], 1_000_000_001).done)).toBe(
      'GIFT_CARD_BALANCE_LIMIT',
    );
  });
});
