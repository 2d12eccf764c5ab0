import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Purchase invoice lines and purchase returns (issue 14 items 2–3). A line keeps the cost the goods
 * entered at (unit cost, its discount and VAT) and how much of it went back; a return is numbered
 * per branch and its lines point at the invoice line they reverse.
 */
export class CreatePurchaseInvoiceLinesAndReturns1795920000000 implements MigrationInterface {
  name = 'CreatePurchaseInvoiceLinesAndReturns1795920000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "purchase_invoice_lines" (
      "id" uuid NOT NULL,
      "invoice_id" uuid NOT NULL,
      "line_no" integer NOT NULL,
      "variant_id" uuid NOT NULL,
      "quantity" numeric(14,3) NOT NULL CHECK ("quantity" > 0),
      "unit_cost" bigint NOT NULL CHECK ("unit_cost" >= 0),
      "discount" bigint NOT NULL DEFAULT 0 CHECK ("discount" >= 0),
      "vat_rate" numeric(5,2) NOT NULL DEFAULT 0 CHECK ("vat_rate" BETWEEN 0 AND 100),
      "vat" bigint NOT NULL DEFAULT 0 CHECK ("vat" >= 0),
      "total" bigint NOT NULL CHECK ("total" >= 0),
      "returned_quantity" numeric(14,3) NOT NULL DEFAULT 0,
      CONSTRAINT "PK_purchase_invoice_lines" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_purchase_invoice_lines_no" UNIQUE ("invoice_id", "line_no"),
      CONSTRAINT "CHK_purchase_invoice_lines_returned" CHECK ("returned_quantity" >= 0 AND "returned_quantity" <= "quantity"),
      CONSTRAINT "CHK_purchase_invoice_lines_discount" CHECK ("discount" <= round("quantity" * "unit_cost")),
      CONSTRAINT "FK_purchase_invoice_lines_invoice" FOREIGN KEY ("invoice_id") REFERENCES "purchase_invoices"("id") ON DELETE CASCADE,
      CONSTRAINT "FK_purchase_invoice_lines_variant" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_purchase_invoice_lines_variant" ON "purchase_invoice_lines" ("variant_id")`,
    );
    await q.query(`CREATE TABLE "purchase_returns" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "invoice_id" uuid NOT NULL,
      "vendor_id" uuid NOT NULL,
      "branch_id" uuid NOT NULL,
      "inventory_id" uuid NOT NULL,
      "subtotal" bigint NOT NULL CHECK ("subtotal" >= 0),
      "vat" bigint NOT NULL CHECK ("vat" >= 0),
      "total" bigint NOT NULL CHECK ("total" >= 0),
      "stock_value" bigint NOT NULL,
      "note" text,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_purchase_returns" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_purchase_returns_number" UNIQUE ("number"),
      CONSTRAINT "FK_purchase_returns_invoice" FOREIGN KEY ("invoice_id") REFERENCES "purchase_invoices"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_purchase_returns_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_purchase_returns_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_purchase_returns_invoice" ON "purchase_returns" ("invoice_id")`,
    );
    await q.query(`CREATE TABLE "purchase_return_lines" (
      "id" uuid NOT NULL,
      "return_id" uuid NOT NULL,
      "invoice_line_id" uuid NOT NULL,
      "variant_id" uuid NOT NULL,
      "quantity" numeric(14,3) NOT NULL CHECK ("quantity" > 0),
      "unit_cost" bigint NOT NULL,
      "vat" bigint NOT NULL CHECK ("vat" >= 0),
      "total" bigint NOT NULL CHECK ("total" >= 0),
      CONSTRAINT "PK_purchase_return_lines" PRIMARY KEY ("id"),
      CONSTRAINT "FK_purchase_return_lines_return" FOREIGN KEY ("return_id") REFERENCES "purchase_returns"("id") ON DELETE CASCADE,
      CONSTRAINT "FK_purchase_return_lines_line" FOREIGN KEY ("invoice_line_id") REFERENCES "purchase_invoice_lines"("id") ON DELETE RESTRICT)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "purchase_return_lines"`);
    await q.query(`DROP TABLE "purchase_returns"`);
    await q.query(`DROP TABLE "purchase_invoice_lines"`);
  }
}
