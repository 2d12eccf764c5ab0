import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gift cards and store credit (issue 33 item 5, docs/decisions/0083), owned by the giftcards
 * module:
 * - `gift_cards`: one row per card (a sold gift card, or a customer's store-credit card made by
 *   the first return refunded to store credit); `balance` is what the card still holds, never
 *   below 0 nor above LIMITS.documentTotal; a sale locks the row to spend it;
 * - `gift_card_ledger`: every movement of a card (issue, top-up, redemption, refund), signed, with
 *   the balance after it; one row per card and document and kind (`UQ_gift_card_ledger_ref`), so a
 *   sale or a return can move a card only once;
 * - the chart's liability `gift_card_liability` (2111): what the cards still hold is owed back
 *   as goods;
 * - the payment method "بطاقة هدية / رصيد" (type gift_card), the tender that spends a card;
 * - the permission can_sell_gift_cards, given to the roles that may change a sell price.
 */
export class GiftCards1796200000260 implements MigrationInterface {
  name = 'GiftCards1796200000260';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "gift_cards" (
        "id" uuid PRIMARY KEY,
        "code" text NOT NULL,
        "kind" text NOT NULL CHECK ("kind" IN ('gift', 'store_credit')),
        "status" text NOT NULL DEFAULT 'active' CHECK ("status" IN ('active', 'void')),
        "balance" bigint NOT NULL DEFAULT 0 CHECK ("balance" BETWEEN 0 AND 1000000000),
        "customer_id" uuid REFERENCES "customers" ("id") ON DELETE RESTRICT,
        "branch_id" uuid,
        "note" text,
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now())`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_gift_cards_code" ON "gift_cards" ("code")`);
    // One store-credit card per customer.
    await q.query(
      `CREATE UNIQUE INDEX "UQ_gift_cards_store_credit" ON "gift_cards" ("customer_id") WHERE "kind" = 'store_credit'`,
    );
    await q.query(
      `CREATE TABLE "gift_card_ledger" (
        "id" uuid PRIMARY KEY,
        "card_id" uuid NOT NULL REFERENCES "gift_cards" ("id") ON DELETE RESTRICT,
        "type" text NOT NULL CHECK ("type" IN ('issue', 'top_up', 'redeem', 'refund')),
        "amount" bigint NOT NULL CHECK ("amount" <> 0),
        "balance_after" bigint NOT NULL CHECK ("balance_after" >= 0),
        "reference_type" text,
        "reference_id" uuid,
        "method_id" uuid,
        "shift_id" uuid,
        "branch_id" uuid,
        "user_id" uuid,
        "note" text,
        "created_at" timestamptz NOT NULL DEFAULT now())`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_gift_card_ledger_ref" ON "gift_card_ledger" ("card_id", "reference_type", "reference_id", "type") WHERE "reference_id" IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX "IDX_gift_card_ledger_card" ON "gift_card_ledger" ("card_id", "created_at")`,
    );
    await q.query(
      `CREATE INDEX "IDX_gift_card_ledger_shift" ON "gift_card_ledger" ("shift_id") WHERE "shift_id" IS NOT NULL`,
    );
    await q.query(
      `INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id, is_group)
       SELECT '2111', 'gift_card_liability', 'أرصدة بطاقات الهدايا والرصيد الدائن', 'Gift cards and store credit outstanding',
              'liability', 'credit', (SELECT id FROM accounts WHERE code = '21'), false
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = 'gift_card_liability')
          AND EXISTS (SELECT 1 FROM accounts WHERE code = '21')`,
    );
    await q.query(`INSERT INTO payment_methods (id, name_ar, name_en, type, active, sort_order)
      SELECT gen_random_uuid(), 'بطاقة هدية / رصيد', 'Gift card / store credit', 'gift_card', true,
             COALESCE((SELECT max(sort_order) + 1 FROM payment_methods), 0)
       WHERE NOT EXISTS (SELECT 1 FROM payment_methods WHERE type = 'gift_card')
         AND EXISTS (SELECT 1 FROM payment_methods)`);
    await q.query(`UPDATE "roles" SET "permissions" = array_append("permissions", 'can_sell_gift_cards')
            WHERE 'can_change_sell_price' = ANY("permissions") AND NOT ('can_sell_gift_cards' = ANY("permissions"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE "roles" SET "permissions" = array_remove("permissions", 'can_sell_gift_cards')`,
    );
    await q.query(`DELETE FROM payment_methods WHERE type = 'gift_card'
      AND NOT EXISTS (SELECT 1 FROM sale_payments p WHERE p.method_id = payment_methods.id)`);
    await q.query(`DELETE FROM accounts WHERE system_key = 'gift_card_liability'`);
    await q.query(`DROP TABLE "gift_card_ledger"`);
    await q.query(`DROP TABLE "gift_cards"`);
  }
}
