import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where the pricing rules live (issue 33 items 1–2), owned by the pricing module: price lists with
 * their per-variant prices and quantity breaks, promotions (the kind's parameters as JSON in the
 * shape of libs/contracts/src/pricing/types.ts), customer groups and which group a customer is in
 * (a link table owned by pricing: the customers module keeps its own table unchanged), and
 * `pricing_state`, one row whose `version` every pricing write raises: the till and the server keep
 * compiled rules per version. Scopes are uuid arrays (empty: no limit).
 */
export class Pricing1796200000180 implements MigrationInterface {
  name = 'Pricing1796200000180';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "pricing_state" (
        "id" smallint PRIMARY KEY CHECK ("id" = 1),
        "version" bigint NOT NULL DEFAULT 1,
        "changed_at" timestamptz NOT NULL DEFAULT now())`,
    );
    await q.query(`INSERT INTO "pricing_state" ("id") VALUES (1)`);
    await q.query(
      `CREATE TABLE "customer_groups" (
        "id" uuid PRIMARY KEY,
        "name" text NOT NULL,
        "active" boolean NOT NULL DEFAULT true,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now())`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_customer_groups_name" ON "customer_groups" (lower("name"))`,
    );
    await q.query(
      `CREATE TABLE "customer_group_members" (
        "customer_id" uuid PRIMARY KEY REFERENCES "customers" ("id") ON DELETE CASCADE,
        "group_id" uuid NOT NULL REFERENCES "customer_groups" ("id") ON DELETE RESTRICT,
        "created_at" timestamptz NOT NULL DEFAULT now())`,
    );
    await q.query(
      `CREATE INDEX "IDX_customer_group_members_group" ON "customer_group_members" ("group_id")`,
    );
    await q.query(
      `CREATE TABLE "price_lists" (
        "id" uuid PRIMARY KEY,
        "name" text NOT NULL,
        "kind" text NOT NULL CHECK ("kind" IN ('retail', 'wholesale', 'group', 'branch')),
        "priority" integer NOT NULL DEFAULT 0 CHECK ("priority" BETWEEN 0 AND 1000),
        "active" boolean NOT NULL DEFAULT true,
        "valid_from" date,
        "valid_to" date,
        "branch_ids" uuid[] NOT NULL DEFAULT '{}',
        "customer_group_ids" uuid[] NOT NULL DEFAULT '{}',
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CHECK ("valid_from" IS NULL OR "valid_to" IS NULL OR "valid_from" <= "valid_to"))`,
    );
    await q.query(
      `CREATE TABLE "price_list_items" (
        "price_list_id" uuid NOT NULL REFERENCES "price_lists" ("id") ON DELETE CASCADE,
        "variant_id" uuid NOT NULL REFERENCES "variants" ("id") ON DELETE CASCADE,
        "unit_price" bigint NOT NULL CHECK ("unit_price" >= 0),
        "breaks" jsonb NOT NULL DEFAULT '[]',
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("price_list_id", "variant_id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_price_list_items_variant" ON "price_list_items" ("variant_id")`,
    );
    await q.query(
      `CREATE TABLE "promotions" (
        "id" uuid PRIMARY KEY,
        "name" text NOT NULL,
        "kind" text NOT NULL CHECK ("kind" IN ('item-discount', 'buy-x-get-y', 'set-price', 'spend')),
        "params" jsonb NOT NULL,
        "time_window" jsonb,
        "branch_ids" uuid[] NOT NULL DEFAULT '{}',
        "customer_group_ids" uuid[] NOT NULL DEFAULT '{}',
        "priority" integer NOT NULL DEFAULT 0 CHECK ("priority" BETWEEN 0 AND 1000),
        "exclusive" boolean NOT NULL DEFAULT false,
        "stackable" boolean NOT NULL DEFAULT false,
        "active" boolean NOT NULL DEFAULT true,
        "created_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now())`,
    );
    await q.query(`CREATE INDEX "IDX_promotions_active" ON "promotions" ("active")`);
    await q.query(`CREATE INDEX "IDX_price_lists_active" ON "price_lists" ("active")`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'promotions',
      'price_list_items',
      'price_lists',
      'customer_group_members',
      'customer_groups',
      'pricing_state',
    ])
      await q.query(`DROP TABLE "${table}"`);
  }
}
