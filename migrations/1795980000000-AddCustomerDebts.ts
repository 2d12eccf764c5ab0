import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer debts (issue 16 item 1) and customer payments into a vault (issue 15 item 6):
 * - `customers.payment_terms_days`: the customer's own terms (NULL: the store's default);
 * - `store_settings.customer_payment_terms_days`: that default (30 days);
 * - `customer_ledger.vault_id`: the vault a payment went into (NULL: the till, or no money moved);
 * - a partial index over the customers who owe, which is what /Customers/Debts reads.
 */
export class AddCustomerDebts1795980000000 implements MigrationInterface {
  name = 'AddCustomerDebts1795980000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "customers" ADD "payment_terms_days" integer
         CONSTRAINT "CHK_customers_payment_terms" CHECK ("payment_terms_days" BETWEEN 0 AND 365)`,
    );
    await q.query(
      `ALTER TABLE "store_settings" ADD "customer_payment_terms_days" integer NOT NULL DEFAULT 30
         CONSTRAINT "CHK_store_settings_customer_terms" CHECK ("customer_payment_terms_days" BETWEEN 0 AND 365)`,
    );
    await q.query(
      `ALTER TABLE "customer_ledger" ADD "vault_id" uuid
         CONSTRAINT "FK_customer_ledger_vault" REFERENCES "vaults"("id") ON DELETE RESTRICT`,
    );
    await q.query(`CREATE INDEX "IDX_customers_owing" ON "customers" ("id") WHERE "balance" > 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_customers_owing"`);
    await q.query(`ALTER TABLE "customer_ledger" DROP COLUMN "vault_id"`);
    await q.query(`ALTER TABLE "store_settings" DROP COLUMN "customer_payment_terms_days"`);
    await q.query(`ALTER TABLE "customers" DROP COLUMN "payment_terms_days"`);
  }
}
