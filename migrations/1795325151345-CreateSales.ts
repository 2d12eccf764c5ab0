import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSales1795325151345 implements MigrationInterface {
  name = 'CreateSales1795325151345';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "payment_methods" ("id" uuid NOT NULL, "name_ar" text NOT NULL, "name_en" text, "type" text NOT NULL, "active" boolean NOT NULL DEFAULT true, "sort_order" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_34f9b8c6dfb4ac3559f7e2820d1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "document_sequences" ("key" text NOT NULL, "last" bigint NOT NULL DEFAULT '0', CONSTRAINT "PK_99776fb4805a6a5ba2acc868f27" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "shifts" ("id" uuid NOT NULL, "branch_id" uuid NOT NULL, "register" integer NOT NULL DEFAULT '1', "cashier_id" uuid NOT NULL, "status" text NOT NULL DEFAULT 'open', "opened_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "closed_at" TIMESTAMP WITH TIME ZONE, "opening_cash" bigint NOT NULL DEFAULT '0', "counted_cash" bigint, "expected_cash" bigint, "difference" bigint, "denominations" jsonb, "closing_totals" jsonb, "note" text, CONSTRAINT "PK_84d692e367e4d6cdf045828768c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_cddc0af590dd113d6e5b6b530c" ON "shifts"  ("branch_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_shifts_open_register" ON "shifts"  ("branch_id", "register") WHERE status = 'open'`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_shifts_open_cashier" ON "shifts"  ("cashier_id") WHERE status = 'open'`,
    );
    await queryRunner.query(
      `CREATE TABLE "customers" ("id" uuid NOT NULL, "name" text NOT NULL, "phone" text, "phone2" text, "address" text, "national_id" text, "tax_id" text, "credit_limit" bigint NOT NULL DEFAULT '0', "balance" bigint NOT NULL DEFAULT '0', "search_text" text NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_133ec679a801fab5e070f73d3ea" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_88acd889fbe17d0e16cc4bc917" ON "customers"  ("phone") `,
    );
    await queryRunner.query(
      `CREATE TABLE "customer_ledger" ("id" uuid NOT NULL, "customer_id" uuid NOT NULL, "type" text NOT NULL, "amount" bigint NOT NULL, "balance_after" bigint NOT NULL, "reference_type" text, "reference_id" uuid, "method_id" uuid, "shift_id" uuid, "user_id" uuid, "note" text, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0948ca0aa3febbe1df572618e0e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_1788bfe98646189bb4c442913c" ON "customer_ledger"  ("customer_id", "at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sales_invoices" ("id" uuid NOT NULL, "number" text NOT NULL, "branch_id" uuid NOT NULL, "inventory_id" uuid NOT NULL, "shift_id" uuid, "register" integer NOT NULL DEFAULT '1', "cashier_id" uuid NOT NULL, "customer_id" uuid, "status" text NOT NULL DEFAULT 'completed', "subtotal" bigint NOT NULL, "line_discount_total" bigint NOT NULL, "invoice_discount" bigint NOT NULL, "vat_total" bigint NOT NULL, "total" bigint NOT NULL, "cost_total" bigint NOT NULL, "paid_total" bigint NOT NULL, "change_due" bigint NOT NULL, "due_amount" bigint NOT NULL, "returned_total" bigint NOT NULL DEFAULT '0', "note" text, "request_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "edited_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_cfd73ac3c111a02f2afa072d62a" UNIQUE ("number"), CONSTRAINT "PK_be0576afbf66c353a8a4435a45b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_0ca83d098714400993f3e57381" ON "sales_invoices"  ("cashier_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_981522d00bb232199509a3b877" ON "sales_invoices"  ("customer_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_e7230d03ecdc252f866f5f6c1e" ON "sales_invoices"  ("shift_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_6410351dcb37ff259207efe8cc" ON "sales_invoices"  ("branch_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sale_lines" ("id" uuid NOT NULL, "invoice_id" uuid NOT NULL, "line_no" integer NOT NULL, "variant_id" uuid NOT NULL, "quantity" numeric(14,3) NOT NULL, "list_price" bigint NOT NULL, "unit_price" bigint NOT NULL, "discount" bigint NOT NULL, "invoice_discount_share" bigint NOT NULL, "vat_rate" integer NOT NULL, "vat_amount" bigint NOT NULL, "line_total" bigint NOT NULL, "unit_cost" bigint NOT NULL, "returned_quantity" numeric(14,3) NOT NULL DEFAULT '0', CONSTRAINT "PK_d3e4396511029d8a97d9e946fb1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_22c430f312f384bf63363cfc97" ON "sale_lines"  ("invoice_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_b557f29d72a571dff8144f6b32" ON "sale_lines"  ("variant_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sale_payments" ("id" uuid NOT NULL, "invoice_id" uuid NOT NULL, "method_id" uuid NOT NULL, "amount" bigint NOT NULL, "kind" text NOT NULL DEFAULT 'payment', "return_id" uuid, "shift_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1117d02608a00d131b95f60a58e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_380e761d6a01f505d7478c98d2" ON "sale_payments"  ("invoice_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_43e58145acb552ea4316e71dab" ON "sale_payments"  ("shift_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sale_returns" ("id" uuid NOT NULL, "number" text NOT NULL, "invoice_id" uuid NOT NULL, "branch_id" uuid NOT NULL, "shift_id" uuid, "cashier_id" uuid NOT NULL, "total" bigint NOT NULL, "cost_total" bigint NOT NULL, "credit_reduction" bigint NOT NULL DEFAULT '0', "reason" text, "request_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_e6f36be0a342877bf8b67d32a4d" UNIQUE ("number"), CONSTRAINT "PK_0dacb97f81ef1ca47f61409f844" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_a8399b56d32bd49933febf5ba4" ON "sale_returns"  ("invoice_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_a27da5f1a40a1d8ae93bf44dc2" ON "sale_returns"  ("shift_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sale_return_lines" ("id" uuid NOT NULL, "return_id" uuid NOT NULL, "sale_line_id" uuid NOT NULL, "quantity" numeric(14,3) NOT NULL, "amount" bigint NOT NULL, "vat_amount" bigint NOT NULL, CONSTRAINT "PK_86acacfcdc5fa0272b4af7f7345" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_6a59fb7460ace16daf79c78483" ON "sale_return_lines"  ("return_id") `,
    );
    await queryRunner.query(`ALTER TABLE "branches" ADD "code" text`);
    // Existing branches get their codes in creation order: B01, B02, …
    await queryRunner.query(`UPDATE branches b SET code = 'B' || lpad(o.n::text, 2, '0')
            FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM branches) o WHERE o.id = b.id`);
    await queryRunner.query(
      `ALTER TABLE "customer_ledger" ADD CONSTRAINT "FK_317a1ab7ef50a8d6d3f14e6bb15" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sale_lines" ADD CONSTRAINT "FK_22c430f312f384bf63363cfc978" FOREIGN KEY ("invoice_id") REFERENCES "sales_invoices"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "sale_lines" DROP CONSTRAINT "FK_22c430f312f384bf63363cfc978"`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_ledger" DROP CONSTRAINT "FK_317a1ab7ef50a8d6d3f14e6bb15"`,
    );
    await queryRunner.query(`ALTER TABLE "branches" DROP COLUMN "code"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6a59fb7460ace16daf79c78483"`);
    await queryRunner.query(`DROP TABLE "sale_return_lines"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a27da5f1a40a1d8ae93bf44dc2"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a8399b56d32bd49933febf5ba4"`);
    await queryRunner.query(`DROP TABLE "sale_returns"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_43e58145acb552ea4316e71dab"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_380e761d6a01f505d7478c98d2"`);
    await queryRunner.query(`DROP TABLE "sale_payments"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b557f29d72a571dff8144f6b32"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_22c430f312f384bf63363cfc97"`);
    await queryRunner.query(`DROP TABLE "sale_lines"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6410351dcb37ff259207efe8cc"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e7230d03ecdc252f866f5f6c1e"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_981522d00bb232199509a3b877"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_0ca83d098714400993f3e57381"`);
    await queryRunner.query(`DROP TABLE "sales_invoices"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1788bfe98646189bb4c442913c"`);
    await queryRunner.query(`DROP TABLE "customer_ledger"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_88acd889fbe17d0e16cc4bc917"`);
    await queryRunner.query(`DROP TABLE "customers"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_shifts_open_cashier"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_shifts_open_register"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cddc0af590dd113d6e5b6b530c"`);
    await queryRunner.query(`DROP TABLE "shifts"`);
    await queryRunner.query(`DROP TABLE "document_sequences"`);
    await queryRunner.query(`DROP TABLE "payment_methods"`);
  }
}
