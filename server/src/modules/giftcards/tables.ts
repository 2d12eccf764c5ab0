// Tables giftcards owns (it has no entity classes).
// The table-ownership check (tests/lint/table-ownership.spec.ts) reads this list with the entity files.
export const OWNED_TABLES = ['gift_cards', 'gift_card_ledger'] as const;
