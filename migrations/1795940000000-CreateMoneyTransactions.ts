import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 15 (vaults and money transactions):
 * - `money_transactions`: deposits, withdrawals, transfers between vaults (a transfer to another
 *   branch waits for the receiver: pending → confirmed | rejected), owner's capital in, owner's
 *   drawings out, and card/wallet settlements into a bank vault; numbered per branch;
 * - two accounts: 1130 cash in transit between branches (a pending transfer's money) and 5105
 *   other cash payments (a withdrawal that is no other document's);
 * - a payment method's settlement vault (the bank account its card/wallet receipts settle into).
 */
export class CreateMoneyTransactions1795940000000 implements MigrationInterface {
  name = 'CreateMoneyTransactions1795940000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id, is_group)
      SELECT v.code, v.key, v.ar, v.en, v.type, 'debit', p.id, false
        FROM (VALUES ('1130', 'cash_in_transit', 'نقدية في الطريق بين الفروع', 'Cash in transit between branches', 'asset', '11'),
                     ('5105', 'other_cash_payments', 'مدفوعات نقدية أخرى', 'Other cash payments', 'expense', '5'))
             AS v(code, key, ar, en, type, parent)
        JOIN accounts p ON p.code = v.parent`);

    await q.query(`CREATE TABLE "money_transactions" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "type" text NOT NULL CHECK ("type" IN ('deposit', 'withdrawal', 'transfer', 'capital_in', 'drawings_out', 'settlement')),
      "status" text NOT NULL CHECK ("status" IN ('confirmed', 'pending', 'rejected')),
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "from_vault_id" uuid,
      "to_vault_id" uuid,
      "branch_id" uuid NOT NULL,
      "to_branch_id" uuid,
      "payment_method_id" uuid,
      "reason" text NOT NULL,
      "reject_reason" text,
      "created_by" uuid NOT NULL,
      "decided_by" uuid,
      "decided_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_money_transactions" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_money_transactions_number" UNIQUE ("number"),
      CONSTRAINT "CHK_money_transactions_vaults" CHECK (
        ("type" IN ('deposit', 'capital_in') AND "from_vault_id" IS NULL AND "to_vault_id" IS NOT NULL)
        OR ("type" IN ('withdrawal', 'drawings_out') AND "from_vault_id" IS NOT NULL AND "to_vault_id" IS NULL)
        OR ("type" = 'transfer' AND "from_vault_id" IS NOT NULL AND "to_vault_id" IS NOT NULL AND "from_vault_id" <> "to_vault_id")
        OR ("type" = 'settlement' AND "from_vault_id" IS NULL AND "to_vault_id" IS NOT NULL AND "payment_method_id" IS NOT NULL)),
      CONSTRAINT "CHK_money_transactions_pending" CHECK ("status" <> 'pending' OR "type" = 'transfer'),
      CONSTRAINT "FK_money_transactions_from" FOREIGN KEY ("from_vault_id") REFERENCES "vaults"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_money_transactions_to" FOREIGN KEY ("to_vault_id") REFERENCES "vaults"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_money_transactions_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_money_transactions_method" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_money_transactions_created" ON "money_transactions" ("created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_money_transactions_pending" ON "money_transactions" ("to_branch_id") WHERE "status" = 'pending'`,
    );

    await q.query(`ALTER TABLE "payment_methods" ADD "settlement_vault_id" uuid
      CONSTRAINT "FK_payment_methods_settlement_vault" REFERENCES "vaults"("id") ON DELETE SET NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "payment_methods" DROP COLUMN "settlement_vault_id"`);
    await q.query(`DROP TABLE "money_transactions"`);
    await q.query(
      `DELETE FROM accounts WHERE system_key IN ('cash_in_transit', 'other_cash_payments')`,
    );
  }
}
