import { HttpStatus } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import {
  formatPiasters,
  LIMITS,
  normalizeGiftCardCode,
  type GiftCardKind,
  type GiftCardMove,
  type GiftCardUseDto,
} from '@pos/contracts';
import { AppException, Errors } from '../../../core/errors/app.exception';

/**
 * The gift cards' one writer (issue 33 item 5, docs/decisions/0083): every change of a card's
 * balance goes through here, in the caller's transaction, with its ledger row. The card row is
 * locked (`FOR UPDATE`) before its balance is read, so two sales spending one card run one after
 * the other and the second sees what the first left; the ledger's unique (card, document, kind)
 * makes one document move a card only once.
 */

/** Where a movement comes from (the ledger row's reference and the till it happened at). */
export type GiftCardRef = {
  type: string;
  id: string;
  branchId: string | null;
  shiftId: string | null;
  userId: string;
  methodId?: string | null;
  note?: string | null;
};

type LockedCard = { id: string; code: string; balance: number; status: string; kind: GiftCardKind };

const notFound = (code: string) =>
  new AppException('GIFT_CARD_NOT_FOUND', HttpStatus.BAD_REQUEST, { code });

/** "GC" and 12 random digits: what the barcode carries and the cashier types. */
export function newGiftCardCode(): string {
  return `GC${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

function checkBound(card: { code: string }, balance: number): void {
  if (balance > LIMITS.documentTotal)
    throw new AppException('GIFT_CARD_BALANCE_LIMIT', HttpStatus.BAD_REQUEST, {
      code: card.code,
      max: formatPiasters(LIMITS.documentTotal),
      balance: formatPiasters(balance),
    });
}

/**
 * One movement: the balance and its ledger row. The row's time is the clock's when written (the
 * card's lock held), not the transaction's start: concurrent sales queue on the card in another
 * order than they began, and the ledger reads in the order the balance moved.
 */
async function move(
  m: EntityManager,
  card: LockedCard,
  type: GiftCardMove,
  amount: number,
  ref: GiftCardRef,
  entryId: string = uuidv7(),
): Promise<number> {
  const balanceAfter = card.balance + amount;
  await m.query(
    `WITH c AS (UPDATE gift_cards SET balance = $3, updated_at = now() WHERE id = $2)
     INSERT INTO gift_card_ledger (id, card_id, type, amount, balance_after, reference_type, reference_id, method_id, shift_id, branch_id, user_id, note, created_at)
     VALUES ($1, $2, $4, $5, $3, $6, $7, $8, $9, $10, $11, $12, clock_timestamp())`,
    [
      entryId,
      card.id,
      balanceAfter,
      type,
      amount,
      ref.type,
      ref.id,
      ref.methodId ?? null,
      ref.shiftId,
      ref.branchId,
      ref.userId,
      ref.note ?? null,
    ],
  );
  card.balance = balanceAfter;
  return balanceAfter;
}

/**
 * Spends cards as a sale's tenders: each code's amounts summed, the cards locked in id order (no
 * deadlock between two sales naming the same cards), each must be active and hold the amount.
 * Answers what the receipt prints: each card, what it paid and what it still holds.
 */
export async function redeemGiftCards(
  m: EntityManager,
  tenders: { code: string; amount: number }[],
  ref: GiftCardRef,
): Promise<GiftCardUseDto[]> {
  const wanted = new Map<string, number>();
  for (const t of tenders) {
    const code = normalizeGiftCardCode(t.code);
    wanted.set(code, (wanted.get(code) ?? 0) + t.amount);
  }
  if (!wanted.size) return [];
  const cards: LockedCard[] = (
    await m.query(
      `SELECT id, code, balance, status, kind FROM gift_cards WHERE code = ANY($1) ORDER BY id FOR UPDATE`,
      [[...wanted.keys()]],
    )
  ).map((r: LockedCard) => ({ ...r, balance: Number(r.balance) }));
  const byCode = new Map(cards.map((c) => [c.code, c]));
  const used: GiftCardUseDto[] = [];
  for (const [code, amount] of wanted) {
    const card = byCode.get(code);
    if (!card || card.status !== 'active') throw notFound(code);
    if (card.balance < amount)
      throw new AppException('GIFT_CARD_INSUFFICIENT', HttpStatus.BAD_REQUEST, {
        code,
        balance: formatPiasters(card.balance),
        amount: formatPiasters(amount),
      });
  }
  for (const card of cards) {
    const amount = wanted.get(card.code)!;
    const balance = await move(m, card, 'redeem', -amount, ref);
    used.push({ code: card.code, amount, balance });
  }
  return used;
}

/**
 * Refunds money onto a card (a return refunded to store credit): the card named by `code`, else
 * the customer's store-credit card (made on its first refund). The card may not pass
 * LIMITS.documentTotal.
 */
export async function creditGiftCard(
  m: EntityManager,
  target: { code?: string | null; customerId: string | null },
  amount: number,
  ref: GiftCardRef,
): Promise<GiftCardUseDto> {
  let card: LockedCard | undefined;
  if (target.code) {
    const code = normalizeGiftCardCode(target.code);
    card = await lockByCode(m, code);
    if (!card || card.status !== 'active') throw notFound(code);
  } else {
    if (!target.customerId)
      throw new AppException('STORE_CREDIT_NEEDS_CUSTOMER', HttpStatus.BAD_REQUEST);
    card = await storeCreditCard(m, target.customerId, ref);
  }
  checkBound(card, card.balance + amount);
  const balance = await move(m, card, 'refund', amount, ref);
  return { code: card.code, amount, balance };
}

/** Sells a new card holding `amount` (the card's id is the client's): its `issue` ledger row. */
export async function issueGiftCard(
  m: EntityManager,
  card: { id: string; customerId: string | null; note: string | null },
  amount: number,
  ref: GiftCardRef,
): Promise<{ code: string; balance: number; entryId: string }> {
  checkBound({ code: '' }, amount);
  const row = await insertCard(m, {
    ...card,
    kind: 'gift',
    branchId: ref.branchId,
    userId: ref.userId,
  });
  // Only an id taken by another card gets here (the command found no card of its own under it).
  if (!row) throw new AppException('ID_ALREADY_EXISTS', HttpStatus.CONFLICT);
  const entryId = uuidv7();
  const balance = await move(
    m,
    row,
    'issue',
    amount,
    { ...ref, type: 'gift_card', id: card.id },
    entryId,
  );
  return { code: row.code, balance, entryId };
}

/** Loads `amount` more on an active card (the ledger row's id is the client's). */
export async function topUpGiftCard(
  m: EntityManager,
  cardId: string,
  entryId: string,
  amount: number,
  ref: GiftCardRef,
): Promise<{ code: string; balance: number }> {
  const [row] = await m.query(
    'SELECT id, code, balance, status, kind FROM gift_cards WHERE id = $1 FOR UPDATE',
    [cardId],
  );
  if (!row) throw Errors.notFound();
  if (row.status !== 'active') throw notFound(row.code);
  const card: LockedCard = { ...row, balance: Number(row.balance) };
  checkBound(card, card.balance + amount);
  const balance = await move(
    m,
    card,
    'top_up',
    amount,
    { ...ref, type: 'gift_card', id: entryId },
    entryId,
  );
  return { code: card.code, balance };
}

async function lockByCode(m: EntityManager, code: string): Promise<LockedCard | undefined> {
  const [row] = await m.query(
    'SELECT id, code, balance, status, kind FROM gift_cards WHERE code = $1 FOR UPDATE',
    [code],
  );
  return row ? { ...row, balance: Number(row.balance) } : undefined;
}

/**
 * The customer's store-credit card, locked; made (empty) when they have none yet. Two returns
 * making it at once: the second's insert yields (one store-credit card per customer) and it
 * locks the first's.
 */
async function storeCreditCard(
  m: EntityManager,
  customerId: string,
  ref: GiftCardRef,
): Promise<LockedCard> {
  for (;;) {
    const [row] = await m.query(
      `SELECT id, code, balance, status, kind FROM gift_cards WHERE customer_id = $1 AND kind = 'store_credit' FOR UPDATE`,
      [customerId],
    );
    if (row) return { ...row, balance: Number(row.balance) };
    const made = await insertCard(m, {
      id: uuidv7(),
      customerId,
      note: null,
      kind: 'store_credit',
      branchId: ref.branchId,
      userId: ref.userId,
    });
    if (made) return made;
  }
}

/**
 * A new empty card under a fresh code, or null when the customer's store-credit card was made
 * meanwhile. A code already taken (1 in 10^12) draws again.
 */
async function insertCard(
  m: EntityManager,
  c: {
    id: string;
    customerId: string | null;
    note: string | null;
    kind: GiftCardKind;
    branchId: string | null;
    userId: string;
  },
): Promise<LockedCard | null> {
  for (let tries = 0; ; tries++) {
    const code = newGiftCardCode();
    const [row] = await m.query(
      `INSERT INTO gift_cards (id, code, kind, customer_id, branch_id, note, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [c.id, code, c.kind, c.customerId, c.branchId, c.note, c.userId],
    );
    if (row) return { id: c.id, code, balance: 0, status: 'active', kind: c.kind };
    if (c.kind === 'store_credit' || tries >= 3) return null;
  }
}
