import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Coupons (issue 33 item 3, docs/decisions/0086), owned by the pricing module:
 * - promotions.coupon: a promotion that runs only on a sale that entered one of its codes;
 * - coupons: a code (upper case, unique) of a coupon promotion, open or for one customer, valid
 *   from/to (the store's local days), with at most `max_uses` redemptions in all (1: single use;
 *   null: no limit) and `max_uses_per_customer`; `uses` counts its redemptions (the row is locked
 *   by the sale that redeems it, so concurrent sales queue on it);
 * - coupon_redemptions: one row per sale and code (a retried sale finds its row and redeems
 *   nothing more); `over_limit`: a sale rung offline that redeemed a code past its limits (kept,
 *   flagged for review like a changed price).
 */
export class Coupons1796200000270 implements MigrationInterface {
  name = 'Coupons1796200000270';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "promotions" ADD "coupon" boolean NOT NULL DEFAULT false`);
    await q.query(
      `CREATE TABLE "coupons" (
        "id" uuid PRIMARY KEY,
        "code" text NOT NULL CHECK ("code" ~ '^[A-Z0-9-]{3,40}$'),
        "promotion_id" uuid NOT NULL REFERENCES "promotions" ("id") ON DELETE RESTRICT,
        "customer_id" uuid REFERENCES "customers" ("id") ON DELETE RESTRICT,
        "valid_from" date,
        "valid_to" date,
        "max_uses" integer CHECK ("max_uses" BETWEEN 1 AND 1000000),
        "max_uses_per_customer" integer CHECK ("max_uses_per_customer" BETWEEN 1 AND 1000000),
        "uses" integer NOT NULL DEFAULT 0 CHECK ("uses" >= 0),
        "active" boolean NOT NULL DEFAULT true,
        "batch" text,
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CHECK ("valid_from" IS NULL OR "valid_to" IS NULL OR "valid_from" <= "valid_to"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_coupons_code" ON "coupons" ("code")`);
    await q.query(`CREATE INDEX "IDX_coupons_promotion" ON "coupons" ("promotion_id")`);
    await q.query(
      `CREATE TABLE "coupon_redemptions" (
        "id" uuid PRIMARY KEY,
        "coupon_id" uuid NOT NULL REFERENCES "coupons" ("id") ON DELETE RESTRICT,
        "sale_id" uuid NOT NULL REFERENCES "sales_invoices" ("id") ON DELETE CASCADE,
        "customer_id" uuid,
        "amount" bigint NOT NULL CHECK ("amount" >= 0),
        "over_limit" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("sale_id", "coupon_id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_coupon_redemptions_coupon_customer" ON "coupon_redemptions" ("coupon_id", "customer_id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "coupon_redemptions"`);
    await q.query(`DROP TABLE "coupons"`);
    await q.query(`ALTER TABLE "promotions" DROP COLUMN "coupon"`);
  }
}
