import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cheques (issue 15): received from customers, issued to vendors, with their status flow, and the
 * append-only history of each transition (who, when, which bank vault).
 */
export class CreateCheques1795960000000 implements MigrationInterface {
  name = 'CreateCheques1795960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "cheques" (
      "id" uuid NOT NULL,
      "direction" text NOT NULL CHECK ("direction" IN ('received', 'issued')),
      "status" text NOT NULL,
      "number" text NOT NULL,
      "bank" text NOT NULL,
      "due_date" date NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "customer_id" uuid,
      "vendor_id" uuid,
      "branch_id" uuid NOT NULL,
      "vault_id" uuid,
      "note" text,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_cheques" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_cheques_party" CHECK (
        ("direction" = 'received' AND "customer_id" IS NOT NULL AND "vendor_id" IS NULL)
        OR ("direction" = 'issued' AND "vendor_id" IS NOT NULL AND "customer_id" IS NULL)),
      CONSTRAINT "CHK_cheques_status" CHECK (
        ("direction" = 'received' AND "status" IN ('received', 'deposited', 'cleared', 'bounced', 'cancelled'))
        OR ("direction" = 'issued' AND "status" IN ('issued', 'cleared', 'bounced', 'cancelled'))),
      CONSTRAINT "CHK_cheques_vault" CHECK ("status" NOT IN ('deposited', 'cleared') OR "vault_id" IS NOT NULL),
      CONSTRAINT "FK_cheques_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_cheques_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_cheques_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_cheques_vault" FOREIGN KEY ("vault_id") REFERENCES "vaults"("id") ON DELETE RESTRICT)`);
    // One live record of a cheque: the same number of the same bank cannot be recorded twice
    // (a cancelled one can be recorded again).
    await q.query(
      `CREATE UNIQUE INDEX "UQ_cheques_number" ON "cheques" ("direction", lower("bank"), "number") WHERE "status" <> 'cancelled'`,
    );
    await q.query(
      `CREATE INDEX "IDX_cheques_open_due" ON "cheques" ("branch_id", "due_date") WHERE "status" IN ('received', 'deposited', 'issued')`,
    );
    await q.query(`CREATE INDEX "IDX_cheques_created" ON "cheques" ("created_at", "id")`);
    await q.query(`CREATE INDEX "IDX_cheques_customer" ON "cheques" ("customer_id")`);
    await q.query(`CREATE INDEX "IDX_cheques_vendor" ON "cheques" ("vendor_id")`);

    await q.query(`CREATE TABLE "cheque_events" (
      "id" uuid NOT NULL,
      "cheque_id" uuid NOT NULL,
      "from_status" text,
      "to_status" text NOT NULL,
      "vault_id" uuid,
      "user_id" uuid,
      "note" text,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_cheque_events" PRIMARY KEY ("id"),
      CONSTRAINT "FK_cheque_events_cheque" FOREIGN KEY ("cheque_id") REFERENCES "cheques"("id") ON DELETE RESTRICT)`);
    await q.query(`CREATE INDEX "IDX_cheque_events_cheque" ON "cheque_events" ("cheque_id", "at")`);
    await q.query(`CREATE FUNCTION cheque_events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'cheque history rows are never changed'; END $$`);
    await q.query(`CREATE TRIGGER "TRG_cheque_events_immutable" BEFORE UPDATE OR DELETE ON "cheque_events"
      FOR EACH ROW EXECUTE FUNCTION cheque_events_immutable()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "cheque_events"`);
    await q.query(`DROP FUNCTION cheque_events_immutable()`);
    await q.query(`DROP TABLE "cheques"`);
  }
}
