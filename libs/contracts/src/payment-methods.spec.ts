import { PAYMENT_METHOD_TYPES, takesMethod, type MethodUse } from './payment-methods';

// Issue 33's acceptance: the customer-payment, repair-payment and invoice-edit dialogs offered the
// gift-card and points methods their server commands refuse. Each dialog and each command asks
// this one rule.
const taken = (use: MethodUse) => PAYMENT_METHOD_TYPES.filter((type) => takesMethod(use, type));

describe('takesMethod', () => {
  it('a sale takes any tender, a card and points among them, but nothing on account', () => {
    expect(taken('tender')).toEqual([
      'cash',
      'card',
      'wallet',
      'bank_transfer',
      'gift_card',
      'loyalty',
    ]);
  });

  it('a refund may go to store credit, never to points or on account', () => {
    expect(taken('refund')).toEqual(['cash', 'card', 'wallet', 'bank_transfer', 'gift_card']);
  });

  it('money paid in (a debt, a repair, an edited sale, a card sold) spends no card or points', () => {
    expect(taken('payIn')).toEqual(['cash', 'card', 'wallet', 'bank_transfer']);
  });
});
