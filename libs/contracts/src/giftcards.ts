// Gift cards and store credit (issue 33 item 5, docs/decisions/0083). Not under dto/: the till's
// first screen needs these without class-validator (the `validation` chunk).

export const GIFT_CARDS_PATH = '/GiftCards';

/** `gift`: sold or issued at the counter; `store_credit`: a customer's credit from returns. */
export const GIFT_CARD_KINDS = ['gift', 'store_credit'] as const;
export type GiftCardKind = (typeof GIFT_CARD_KINDS)[number];

export const GIFT_CARD_STATUSES = ['active', 'void'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/** The movements of a card's ledger: money in (issue, top_up, refund) and out (redeem). */
export const GIFT_CARD_MOVES = ['issue', 'top_up', 'redeem', 'refund'] as const;
export type GiftCardMove = (typeof GIFT_CARD_MOVES)[number];

/** A card's code: "GC" and 12 digits (printed as a CODE128 barcode); typed with or without dashes. */
export const normalizeGiftCardCode = (code: string): string =>
  code.replace(/[\s-]/g, '').toUpperCase();

export type GiftCardDto = {
  id: string;
  code: string;
  kind: GiftCardKind;
  status: GiftCardStatus;
  balance: number;
  customerId: string | null;
  customerName: string | null;
  createdAt: string;
};

export type GiftCardLedgerRowDto = {
  id: string;
  type: GiftCardMove;
  amount: number;
  balanceAfter: number;
  referenceType: string | null;
  referenceId: string | null;
  at: string;
};

/** A card used on a sale (or credited by a return): for the receipt. */
export type GiftCardUseDto = { code: string; amount: number; balance: number };
