import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCatalogInventory1795324200692 implements MigrationInterface {
  name = 'CreateCatalogInventory1795324200692';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // pg_trgm for the normalised Arabic search (the database has a UTF-8 ctype; see DESIGN.md §4)
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE SEQUENCE IF NOT EXISTS variant_sku_seq`);
    await queryRunner.query(
      `CREATE TABLE "categories" ("id" uuid NOT NULL, "name" text NOT NULL, "name_en" text, "parent_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_24dbc6126a28ff948da33e97d3b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_88cea2dc9c31951d06437879b4" ON "categories"  ("parent_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "property_types" ("id" uuid NOT NULL, "name" text NOT NULL, "values" text array NOT NULL DEFAULT '{}', CONSTRAINT "UQ_3f23c3f28ed3e1a4b9d7f2ffa20" UNIQUE ("name"), CONSTRAINT "PK_129390b286b9c776438dfa475a8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "products" ("id" uuid NOT NULL, "name_ar" text NOT NULL, "name_en" text, "category_id" uuid, "unit" text NOT NULL DEFAULT 'piece', "vat_rate" integer NOT NULL DEFAULT '14', "eta_item_type" text, "eta_item_code" text, "image" text, "active" boolean NOT NULL DEFAULT true, "property_type_ids" uuid array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0806c755e0aca124e67c0cf6d7d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_9a5f6868c96e0069e699f33e12" ON "products"  ("category_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "variants" ("id" uuid NOT NULL, "product_id" uuid NOT NULL, "sku" text NOT NULL, "barcodes" text array NOT NULL DEFAULT '{}', "properties" jsonb NOT NULL DEFAULT '{}', "sell_price" bigint NOT NULL DEFAULT '0', "min_sell_price" bigint NOT NULL DEFAULT '0', "avg_cost" bigint NOT NULL DEFAULT '0', "low_stock_threshold" numeric(14,3) NOT NULL DEFAULT '0', "active" boolean NOT NULL DEFAULT true, "search_text" text NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_36c4c7a3b994abc268f8ebbf489" UNIQUE ("sku"), CONSTRAINT "PK_672d13d1a6de0197f20c6babb5e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_a9625f5484e6b6941d401ec101" ON "variants"  ("product_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "variant_barcodes" ("barcode" text NOT NULL, "variant_id" uuid NOT NULL, CONSTRAINT "PK_eb05e2e76fb49b3b2fd1149363c" PRIMARY KEY ("barcode"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_487f8da89370965183d4483d0c" ON "variant_barcodes"  ("variant_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "inventories" ("id" uuid NOT NULL, "branch_id" uuid NOT NULL, "name" text NOT NULL, "is_default" boolean NOT NULL DEFAULT false, "allow_negative" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7b1946392ffdcb50cfc6ac78c0e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_22ebeece3f6e70a77cfb645f2e" ON "inventories"  ("branch_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "stock_levels" ("variant_id" uuid NOT NULL, "inventory_id" uuid NOT NULL, "on_hand" numeric(14,3) NOT NULL DEFAULT '0', "reserved" numeric(14,3) NOT NULL DEFAULT '0', CONSTRAINT "PK_9b60ec7373e945f78173f7224ec" PRIMARY KEY ("variant_id", "inventory_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_6e86c0cb54336df039d7242b21" ON "stock_levels"  ("inventory_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "stock_movements" ("id" uuid NOT NULL, "variant_id" uuid NOT NULL, "inventory_id" uuid NOT NULL, "quantity" numeric(14,3) NOT NULL, "balance_after" numeric(14,3) NOT NULL, "reason" text NOT NULL, "reference_type" text, "reference_id" uuid, "unit_cost" bigint, "user_id" uuid, "note" text, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_57a26b190618550d8e65fb860e7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bed9ede4e01a5a8072732a9415" ON "stock_movements"  ("reference_type", "reference_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_6db4b3660531542ffdb003fac9" ON "stock_movements"  ("variant_id", "inventory_id", "at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "categories" ADD CONSTRAINT "FK_88cea2dc9c31951d06437879b40" FOREIGN KEY ("parent_id") REFERENCES "categories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "FK_9a5f6868c96e0069e699f33e124" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "variants" ADD CONSTRAINT "FK_a9625f5484e6b6941d401ec101c" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "variant_barcodes" ADD CONSTRAINT "FK_487f8da89370965183d4483d0c9" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "inventories" ADD CONSTRAINT "FK_22ebeece3f6e70a77cfb645f2e3" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_levels" ADD CONSTRAINT "FK_9934451465a759487da515f7b52" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_levels" ADD CONSTRAINT "FK_6e86c0cb54336df039d7242b216" FOREIGN KEY ("inventory_id") REFERENCES "inventories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_movements" ADD CONSTRAINT "FK_fffd5f1c504a8eb2917e93313ba" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_movements" ADD CONSTRAINT "FK_2c3257a9ebcf7e346772769a20c" FOREIGN KEY ("inventory_id") REFERENCES "inventories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_variants_search_trgm" ON "variants" USING gin ("search_text" gin_trgm_ops)`,
    );
    // Every branch gets its default inventory.
    await queryRunner.query(`INSERT INTO inventories (id, branch_id, name, is_default, allow_negative)
            SELECT gen_random_uuid(), b.id, 'المخزن الرئيسي', true, false FROM branches b
             WHERE NOT EXISTS (SELECT 1 FROM inventories i WHERE i.branch_id = b.id)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "IDX_variants_search_trgm"`);
    await queryRunner.query(
      `ALTER TABLE "stock_movements" DROP CONSTRAINT "FK_2c3257a9ebcf7e346772769a20c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_movements" DROP CONSTRAINT "FK_fffd5f1c504a8eb2917e93313ba"`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_levels" DROP CONSTRAINT "FK_6e86c0cb54336df039d7242b216"`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_levels" DROP CONSTRAINT "FK_9934451465a759487da515f7b52"`,
    );
    await queryRunner.query(
      `ALTER TABLE "inventories" DROP CONSTRAINT "FK_22ebeece3f6e70a77cfb645f2e3"`,
    );
    await queryRunner.query(
      `ALTER TABLE "variant_barcodes" DROP CONSTRAINT "FK_487f8da89370965183d4483d0c9"`,
    );
    await queryRunner.query(
      `ALTER TABLE "variants" DROP CONSTRAINT "FK_a9625f5484e6b6941d401ec101c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" DROP CONSTRAINT "FK_9a5f6868c96e0069e699f33e124"`,
    );
    await queryRunner.query(
      `ALTER TABLE "categories" DROP CONSTRAINT "FK_88cea2dc9c31951d06437879b40"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_6db4b3660531542ffdb003fac9"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bed9ede4e01a5a8072732a9415"`);
    await queryRunner.query(`DROP TABLE "stock_movements"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6e86c0cb54336df039d7242b21"`);
    await queryRunner.query(`DROP TABLE "stock_levels"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_22ebeece3f6e70a77cfb645f2e"`);
    await queryRunner.query(`DROP TABLE "inventories"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_487f8da89370965183d4483d0c"`);
    await queryRunner.query(`DROP TABLE "variant_barcodes"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a9625f5484e6b6941d401ec101"`);
    await queryRunner.query(`DROP TABLE "variants"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9a5f6868c96e0069e699f33e12"`);
    await queryRunner.query(`DROP TABLE "products"`);
    await queryRunner.query(`DROP TABLE "property_types"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_88cea2dc9c31951d06437879b4"`);
    await queryRunner.query(`DROP TABLE "categories"`);
    await queryRunner.query(`DROP SEQUENCE IF EXISTS variant_sku_seq`);
  }
}
