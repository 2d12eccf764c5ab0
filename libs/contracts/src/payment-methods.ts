// Payment method types. Not in dto/sales.dto.ts: a module under dto/ goes to the client's
// `validation` chunk (client/vite.config.ts), and the till's first screen, which needs these
// lists but no DTO class, would then load and run class-validator and every DTO's decorators.

export const PAYMENT_METHOD_TYPES = [
  'cash',
  'card',
  'wallet',
  'bank_transfer',
  'credit',
  'installment',
  /** a gift card or store credit (issue 33 item 5): the tender names the card's code */
  'gift_card',
  /** loyalty points (issue 33 item 4): the tender redeems the sale's customer's points */
  'loyalty',
] as const;
/** Types that are never a tender: the sale's unpaid remainder stays on the customer (issue 16). */
export const ON_ACCOUNT_METHOD_TYPES: readonly PaymentMethodType[] = ['credit', 'installment'];
/**
 * Types that spend a balance the store owes a customer (a card, points: docs/decisions/0083,
 * 0091): a tender only where that balance moves with it. Never what buys or tops up a card: no
 * card or points would be spent, and the books would lower their liability for nothing.
 */
export const STORED_VALUE_METHOD_TYPES: readonly PaymentMethodType[] = ['gift_card', 'loyalty'];
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/**
 * The method types each kind of payment refuses: the server's commands refuse them and the
 * dialogs do not offer them (`takesMethod`). A sale's tender (the till, a reservation sold) is
 * anything but on account; a return's refund may go to store credit but not to points (a return
 * takes back what the sale earned: 0091); money paid in for anything else (a customer's debt, a
 * repair, an edited sale's payments, a card sold or topped up) spends no stored value (0083, 0091).
 */
export const REFUSED_METHOD_TYPES = {
  tender: ON_ACCOUNT_METHOD_TYPES,
  refund: [...ON_ACCOUNT_METHOD_TYPES, 'loyalty'],
  payIn: [...ON_ACCOUNT_METHOD_TYPES, ...STORED_VALUE_METHOD_TYPES],
} as const satisfies Record<string, readonly PaymentMethodType[]>;
export type MethodUse = keyof typeof REFUSED_METHOD_TYPES;

/** Whether a payment of this kind takes a method of this type. */
export const takesMethod = (use: MethodUse, type: string): boolean =>
  !(REFUSED_METHOD_TYPES[use] as readonly string[]).includes(type);
