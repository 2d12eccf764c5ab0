import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Loyalty points (issue 33 item 4, docs/decisions/0091), owned by the loyalty module:
 * - `loyalty_program`: the one store-wide program (row id 1): on/off, piasters spent per point
 *   earned (default 1000: 1 point per 10.00 EGP) and a point's value when redeemed in piasters
 *   (default 10: 1 point = 0.10 EGP);
 * - `loyalty_balances`: one row per customer holding points, never below 0; a sale locks it to
 *   redeem;
 * - `loyalty_ledger`: every movement (earn, redeem, return, revalue), signed points and value,
 *   with the points after it; one row per customer, document and kind (`UQ_loyalty_ledger_ref`);
 * - the chart's liability `loyalty_liability` (2112) and expense `loyalty_expense` (5107);
 * - the payment method "نقاط الولاء" (type loyalty), the tender that redeems points.
 */
export class Loyalty1796200000290 implements MigrationInterface {
  name = 'Loyalty1796200000290';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "loyalty_program" (
        "id" int PRIMARY KEY CHECK ("id" = 1),
        "enabled" boolean NOT NULL DEFAULT true,
        "spend_per_point" bigint NOT NULL DEFAULT 1000 CHECK ("spend_per_point" BETWEEN 1 AND 100000000),
        "point_value" bigint NOT NULL DEFAULT 10 CHECK ("point_value" BETWEEN 1 AND 100000),
        "updated_at" timestamptz NOT NULL DEFAULT now())`,
    );
    await q.query(`INSERT INTO "loyalty_program" ("id") VALUES (1)`);
    await q.query(
      `CREATE TABLE "loyalty_balances" (
        "customer_id" uuid PRIMARY KEY REFERENCES "customers" ("id") ON DELETE RESTRICT,
        "points" bigint NOT NULL DEFAULT 0 CHECK ("points" BETWEEN 0 AND 100000000000),
        "updated_at" timestamptz NOT NULL DEFAULT now())`,
    );
    await q.query(
      `CREATE TABLE "loyalty_ledger" (
        "id" uuid PRIMARY KEY,
        "customer_id" uuid NOT NULL REFERENCES "customers" ("id") ON DELETE RESTRICT,
        "type" text NOT NULL CHECK ("type" IN ('earn', 'redeem', 'return', 'revalue')),
        "points" bigint NOT NULL,
        "value" bigint NOT NULL,
        "points_after" bigint NOT NULL CHECK ("points_after" >= 0),
        "reference_type" text,
        "reference_id" uuid,
        "branch_id" uuid,
        "user_id" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now())`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_loyalty_ledger_ref" ON "loyalty_ledger" ("customer_id", "reference_type", "reference_id", "type") WHERE "reference_id" IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX "IDX_loyalty_ledger_customer" ON "loyalty_ledger" ("customer_id", "created_at")`,
    );
    await q.query(
      `INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id, is_group)
       SELECT '2112', 'loyalty_liability', 'نقاط الولاء المستحقة للعملاء', 'Loyalty points outstanding',
              'liability', 'credit', (SELECT id FROM accounts WHERE code = '21'), false
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = 'loyalty_liability')
          AND EXISTS (SELECT 1 FROM accounts WHERE code = '21')`,
    );
    await q.query(
      `INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id, is_group)
       SELECT '5107', 'loyalty_expense', 'مصروف برنامج الولاء', 'Loyalty program expense',
              'expense', 'debit', (SELECT id FROM accounts WHERE code = '5'), false
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = 'loyalty_expense')
          AND EXISTS (SELECT 1 FROM accounts WHERE code = '5')`,
    );
    await q.query(`INSERT INTO payment_methods (id, name_ar, name_en, type, active, sort_order)
      SELECT gen_random_uuid(), 'نقاط الولاء', 'Loyalty points', 'loyalty', true,
             COALESCE((SELECT max(sort_order) + 1 FROM payment_methods), 0)
       WHERE NOT EXISTS (SELECT 1 FROM payment_methods WHERE type = 'loyalty')
         AND EXISTS (SELECT 1 FROM payment_methods)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM payment_methods WHERE type = 'loyalty'
      AND NOT EXISTS (SELECT 1 FROM sale_payments p WHERE p.method_id = payment_methods.id)`);
    await q.query(
      `DELETE FROM accounts WHERE system_key IN ('loyalty_liability', 'loyalty_expense')`,
    );
    await q.query(`DROP TABLE "loyalty_ledger"`);
    await q.query(`DROP TABLE "loyalty_balances"`);
    await q.query(`DROP TABLE "loyalty_program"`);
  }
}
