import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The foundation shared by purchasing (issue 14) and cash (issue 15):
 * - vaults (cash boxes and bank accounts), each with its own leaf account in the chart under
 *   1110 "الخزائن" or 1120 "الحسابات البنكية", and an append-only movements ledger; a vault's
 *   `balance` changes only together with a movement row (see modules/cash/vault-ledger.ts);
 * - every branch gets a main cash vault;
 * - vendors with an append-only ledger (`balance` > 0: what the shop owes the vendor);
 * - the purchase invoice header that vendor statements, aging and payment allocation read.
 */
export class CreateVaultsAndVendors1795900000000 implements MigrationInterface {
  name = 'CreateVaultsAndVendors1795900000000';

  public async up(q: QueryRunner): Promise<void> {
    // Chart: two groups under current assets for the vaults' own accounts.
    await q.query(`INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id, is_group)
      SELECT v.code, v.key, v.ar, v.en, 'asset', 'debit', p.id, true
        FROM (VALUES ('1110', 'vaults', 'الخزائن', 'Cash vaults'),
                     ('1120', 'bank_accounts', 'الحسابات البنكية', 'Bank accounts')) AS v(code, key, ar, en)
        JOIN accounts p ON p.code = '11'`);
    // 1101 now holds the cash in the tills' drawers only; a shift's close moves it into a vault.
    await q.query(`UPDATE accounts SET name_ar = 'النقدية بأدراج الكاشير', name_en = 'Cash in till drawers'
      WHERE system_key = 'cash'`);

    await q.query(`CREATE TABLE "vaults" (
      "id" uuid NOT NULL,
      "name" text NOT NULL,
      "type" text NOT NULL CHECK ("type" IN ('cash', 'bank')),
      "branch_id" uuid NOT NULL,
      "account_number" text,
      "bank_name" text,
      "is_main" boolean NOT NULL DEFAULT false,
      "allow_negative" boolean NOT NULL DEFAULT false,
      "active" boolean NOT NULL DEFAULT true,
      "balance" bigint NOT NULL DEFAULT 0,
      "account_id" uuid NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_vaults" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_vaults_account" UNIQUE ("account_id"),
      CONSTRAINT "CHK_vaults_balance" CHECK ("allow_negative" OR "balance" >= 0),
      CONSTRAINT "FK_vaults_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_vaults_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT)`);
    await q.query(`CREATE INDEX "IDX_vaults_branch" ON "vaults" ("branch_id")`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_vaults_main" ON "vaults" ("branch_id") WHERE "is_main" AND "type" = 'cash'`,
    );

    await q.query(`CREATE TABLE "vault_movements" (
      "id" uuid NOT NULL,
      "vault_id" uuid NOT NULL,
      "type" text NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" <> 0),
      "balance_after" bigint NOT NULL,
      "source_type" text,
      "source_id" uuid,
      "source_number" text,
      "counter_vault_id" uuid,
      "branch_id" uuid NOT NULL,
      "user_id" uuid,
      "note" text,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_vault_movements" PRIMARY KEY ("id"),
      CONSTRAINT "FK_vault_movements_vault" FOREIGN KEY ("vault_id") REFERENCES "vaults"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_vault_movements_vault_at" ON "vault_movements" ("vault_id", "at", "id")`,
    );
    await q.query(`CREATE INDEX "IDX_vault_movements_at" ON "vault_movements" ("at")`);
    await q.query(
      `CREATE INDEX "IDX_vault_movements_source" ON "vault_movements" ("source_type", "source_id")`,
    );
    await q.query(`CREATE FUNCTION vault_movements_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'vault movements are never changed; record a reversing movement'; END $$`);
    await q.query(`CREATE TRIGGER "TRG_vault_movements_immutable" BEFORE UPDATE OR DELETE ON "vault_movements"
      FOR EACH ROW EXECUTE FUNCTION vault_movements_immutable()`);

    // A main cash vault (and its account) for every existing branch.
    await q.query(`WITH nv AS MATERIALIZED (
        SELECT gen_random_uuid() AS vault_id, gen_random_uuid() AS account_id, b.id AS branch_id, b.name,
               row_number() OVER (ORDER BY b.created_at, b.id) AS n
          FROM branches b),
      acc AS (
        INSERT INTO accounts (id, code, name_ar, name_en, type, normal_side, parent_id, is_group)
        SELECT nv.account_id, '1110' || lpad(nv.n::text, 3, '0'), 'الخزينة الرئيسية - ' || nv.name,
               'Main vault - ' || nv.name, 'asset', 'debit', p.id, false
          FROM nv, accounts p WHERE p.system_key = 'vaults')
      INSERT INTO vaults (id, name, type, branch_id, is_main, account_id)
      SELECT vault_id, 'الخزينة الرئيسية', 'cash', branch_id, true, account_id FROM nv`);

    await q.query(`CREATE TABLE "vendors" (
      "id" uuid NOT NULL,
      "name" text NOT NULL,
      "phones" text[] NOT NULL DEFAULT '{}',
      "address" text,
      "tax_number" text,
      "commercial_register" text,
      "notes" text,
      "opening_balance" bigint NOT NULL DEFAULT 0,
      "payment_terms_days" integer NOT NULL DEFAULT 0 CHECK ("payment_terms_days" BETWEEN 0 AND 365),
      "balance" bigint NOT NULL DEFAULT 0,
      "active" boolean NOT NULL DEFAULT true,
      "search_text" text NOT NULL DEFAULT '',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_vendors" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_vendors_name" ON "vendors" ("name")`);
    await q.query(
      `CREATE INDEX "IDX_vendors_search" ON "vendors" USING gin ("search_text" gin_trgm_ops)`,
    );

    await q.query(`CREATE TABLE "vendor_ledger" (
      "id" uuid NOT NULL,
      "vendor_id" uuid NOT NULL,
      "type" text NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" <> 0),
      "balance_after" bigint NOT NULL,
      "reference_type" text,
      "reference_id" uuid,
      "reference_number" text,
      "vault_id" uuid,
      "branch_id" uuid,
      "user_id" uuid,
      "note" text,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_vendor_ledger" PRIMARY KEY ("id"),
      CONSTRAINT "FK_vendor_ledger_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_vendor_ledger_vendor_at" ON "vendor_ledger" ("vendor_id", "at", "id")`,
    );
    await q.query(`CREATE FUNCTION vendor_ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'vendor ledger rows are never changed; record a reversing row'; END $$`);
    await q.query(`CREATE TRIGGER "TRG_vendor_ledger_immutable" BEFORE UPDATE OR DELETE ON "vendor_ledger"
      FOR EACH ROW EXECUTE FUNCTION vendor_ledger_immutable()`);

    await q.query(`CREATE TABLE "purchase_invoices" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('draft', 'posted', 'cancelled')),
      "vendor_id" uuid NOT NULL,
      "branch_id" uuid NOT NULL,
      "inventory_id" uuid NOT NULL,
      "vendor_invoice_number" text,
      "invoice_date" date NOT NULL,
      "due_date" date,
      "subtotal" bigint NOT NULL DEFAULT 0,
      "discount" bigint NOT NULL DEFAULT 0,
      "vat" bigint NOT NULL DEFAULT 0,
      "total" bigint NOT NULL DEFAULT 0 CHECK ("total" >= 0),
      "paid" bigint NOT NULL DEFAULT 0 CHECK ("paid" >= 0),
      "returned" bigint NOT NULL DEFAULT 0 CHECK ("returned" >= 0),
      "note" text,
      "created_by" uuid,
      "posted_by" uuid,
      "posted_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_purchase_invoices" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_purchase_invoices_number" UNIQUE ("number"),
      CONSTRAINT "CHK_purchase_invoices_settled" CHECK ("paid" + "returned" <= "total"),
      CONSTRAINT "FK_purchase_invoices_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_purchase_invoices_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_purchase_invoices_inventory" FOREIGN KEY ("inventory_id") REFERENCES "inventories"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_purchase_invoices_vendor" ON "purchase_invoices" ("vendor_id", "invoice_date")`,
    );
    await q.query(
      `CREATE INDEX "IDX_purchase_invoices_open" ON "purchase_invoices" ("vendor_id", "invoice_date", "id")
        WHERE "status" = 'posted' AND "paid" + "returned" < "total"`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "purchase_invoices"`);
    await q.query(`DROP TABLE "vendor_ledger"`);
    await q.query(`DROP FUNCTION vendor_ledger_immutable()`);
    await q.query(`DROP TABLE "vendors"`);
    await q.query(`DROP TABLE "vault_movements"`);
    await q.query(`DROP FUNCTION vault_movements_immutable()`);
    await q.query(`DROP TABLE "vaults"`);
    await q.query(
      `UPDATE accounts SET name_ar = 'النقدية بالخزائن والأدراج', name_en = 'Cash in vaults and drawers' WHERE system_key = 'cash'`,
    );
    await q.query(
      `DELETE FROM accounts WHERE parent_id IN (SELECT id FROM accounts WHERE system_key IN ('vaults', 'bank_accounts'))`,
    );
    await q.query(`DELETE FROM accounts WHERE system_key IN ('vaults', 'bank_accounts')`);
  }
}
