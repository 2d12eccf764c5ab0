import type { ChequeChangedEvent } from '@pos/contracts';
import { chequeLines } from './on-cheque-events.post-journal.handler';

const event = (over: Partial<ChequeChangedEvent>): ChequeChangedEvent => ({
  chequeId: 'ch-1',
  number: '1001',
  direction: 'received',
  from: null,
  to: 'received',
  branchId: 'b-1',
  partyType: 'customer',
  partyId: 'c-1',
  amount: 5000,
  vaultId: null,
  vaultAccountId: null,
  userId: 'u-1',
  ...over,
});
const debit = (lines: ReturnType<typeof chequeLines>) =>
  lines.map((l) => [
    typeof l.account === 'string' ? l.account : l.account.id,
    l.debit ?? 0,
    l.credit ?? 0,
  ]);

describe('cheque postings', () => {
  it('posts each step of a received cheque through cheques receivable', () => {
    const party = { type: 'customer', id: 'c-1' };
    expect(chequeLines(event({}))).toEqual([
      { account: 'cheques_receivable', debit: 5000 },
      { account: 'customers', credit: 5000, party },
    ]);
    expect(chequeLines(event({ from: 'received', to: 'deposited', vaultId: 'v-1' }))).toEqual([]);
    expect(
      debit(chequeLines(event({ from: 'deposited', to: 'cleared', vaultAccountId: 'acc-v' }))),
    ).toEqual([
      ['acc-v', 5000, 0],
      ['cheques_receivable', 0, 5000],
    ]);
    for (const to of ['bounced', 'cancelled'] as const)
      expect(chequeLines(event({ from: 'deposited', to }))).toEqual([
        { account: 'customers', debit: 5000, party },
        { account: 'cheques_receivable', credit: 5000 },
      ]);
  });

  it('posts each step of an issued cheque through cheques payable', () => {
    const issued = { direction: 'issued' as const, partyType: 'vendor' as const, partyId: 'v-1' };
    expect(debit(chequeLines(event({ ...issued, to: 'issued' })))).toEqual([
      ['vendors', 5000, 0],
      ['cheques_payable', 0, 5000],
    ]);
    expect(
      debit(
        chequeLines(event({ ...issued, from: 'issued', to: 'cleared', vaultAccountId: 'acc-v' })),
      ),
    ).toEqual([
      ['cheques_payable', 5000, 0],
      ['acc-v', 0, 5000],
    ]);
    expect(debit(chequeLines(event({ ...issued, from: 'issued', to: 'bounced' })))).toEqual([
      ['cheques_payable', 5000, 0],
      ['vendors', 0, 5000],
    ]);
  });

  it('balances every step, and refuses a clearing without the vault account', () => {
    for (const direction of ['received', 'issued'] as const)
      for (const to of ['received', 'issued', 'cleared', 'bounced', 'cancelled'] as const) {
        const lines = chequeLines(event({ direction, to, vaultAccountId: 'acc' }));
        const sum = (k: 'debit' | 'credit') => lines.reduce((s, l) => s + (l[k] ?? 0), 0);
        expect(sum('debit')).toBe(sum('credit'));
      }
    expect(() => chequeLines(event({ to: 'cleared' }))).toThrow(/without a vault account/);
  });
});
