import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Maintenance (issue 18 item 1): repair tickets numbered per branch, the parts each used (taken out
 * of stock through the stock ledger at average cost), the append-only history of every status
 * change (who, when), and the two system accounts their postings need: repair revenue and the cost
 * of the parts used in repairs.
 */
export class CreateMaintenance1796000000000 implements MigrationInterface {
  name = 'CreateMaintenance1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "maintenance_tickets" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "branch_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('received', 'diagnosing', 'waiting_approval', 'waiting_parts', 'in_repair', 'ready', 'delivered', 'cancelled', 'returned_unrepaired')),
      "device_type" text NOT NULL,
      "brand" text,
      "model" text,
      "serial" text,
      "problem" text NOT NULL,
      "condition" text,
      "diagnosis" text,
      "accessories" jsonb NOT NULL DEFAULT '[]',
      "accessories_note" text,
      "estimate" bigint NOT NULL DEFAULT 0 CHECK ("estimate" >= 0),
      "estimated_date" date,
      "deposit" bigint NOT NULL DEFAULT 0 CHECK ("deposit" >= 0),
      "labour" bigint NOT NULL DEFAULT 0 CHECK ("labour" >= 0),
      "parts_total" bigint NOT NULL DEFAULT 0 CHECK ("parts_total" >= 0),
      "paid" bigint NOT NULL DEFAULT 0,
      "technician_id" uuid,
      "priority" text NOT NULL DEFAULT 'normal' CHECK ("priority" IN ('low', 'normal', 'high', 'urgent')),
      "warranty_days" integer NOT NULL DEFAULT 0 CHECK ("warranty_days" >= 0),
      "warranty_of_id" uuid,
      "vault_id" uuid,
      "delivered_at" TIMESTAMP WITH TIME ZONE,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "search_text" text NOT NULL DEFAULT '',
      CONSTRAINT "PK_maintenance_tickets" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_maintenance_tickets_number" UNIQUE ("number"),
      CONSTRAINT "CHK_maintenance_delivered" CHECK (("status" = 'delivered') = ("delivered_at" IS NOT NULL)),
      CONSTRAINT "FK_maintenance_tickets_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_maintenance_tickets_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_maintenance_tickets_technician" FOREIGN KEY ("technician_id") REFERENCES "users"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_maintenance_tickets_warranty" FOREIGN KEY ("warranty_of_id") REFERENCES "maintenance_tickets"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_maintenance_tickets_vault" FOREIGN KEY ("vault_id") REFERENCES "vaults"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_maintenance_tickets_branch_status" ON "maintenance_tickets" ("branch_id", "status")`,
    );
    await q.query(
      `CREATE INDEX "IDX_maintenance_tickets_created" ON "maintenance_tickets" ("created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_maintenance_tickets_customer" ON "maintenance_tickets" ("customer_id")`,
    );

    await q.query(`CREATE TABLE "maintenance_parts" (
      "id" uuid NOT NULL,
      "ticket_id" uuid NOT NULL,
      "variant_id" uuid NOT NULL,
      "inventory_id" uuid NOT NULL,
      "quantity" numeric(14,3) NOT NULL CHECK ("quantity" > 0),
      "unit_price" bigint NOT NULL CHECK ("unit_price" >= 0),
      "unit_cost" bigint NOT NULL DEFAULT 0,
      "user_id" uuid,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_maintenance_parts" PRIMARY KEY ("id"),
      CONSTRAINT "FK_maintenance_parts_ticket" FOREIGN KEY ("ticket_id") REFERENCES "maintenance_tickets"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_maintenance_parts_variant" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_maintenance_parts_inventory" FOREIGN KEY ("inventory_id") REFERENCES "inventories"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_maintenance_parts_ticket" ON "maintenance_parts" ("ticket_id")`,
    );

    await q.query(`CREATE TABLE "maintenance_events" (
      "id" uuid NOT NULL,
      "ticket_id" uuid NOT NULL,
      "from_status" text,
      "to_status" text NOT NULL,
      "user_id" uuid,
      "note" text,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(),
      CONSTRAINT "PK_maintenance_events" PRIMARY KEY ("id"),
      CONSTRAINT "FK_maintenance_events_ticket" FOREIGN KEY ("ticket_id") REFERENCES "maintenance_tickets"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_maintenance_events_ticket" ON "maintenance_events" ("ticket_id", "at")`,
    );
    await q.query(`CREATE FUNCTION maintenance_events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'repair ticket history rows are never changed'; END $$`);
    await q.query(`CREATE TRIGGER "TRG_maintenance_events_immutable" BEFORE UPDATE OR DELETE ON "maintenance_events"
      FOR EACH ROW EXECUTE FUNCTION maintenance_events_immutable()`);

    const accounts: [string, string, string, string, string, string, string][] = [
      ['4106', 'repair_revenue', 'إيرادات الصيانة', 'Repair revenue', 'revenue', 'credit', '4'],
      [
        '5106',
        'repair_costs',
        'تكلفة قطع غيار الصيانة',
        'Cost of repair parts',
        'expense',
        'debit',
        '5',
      ],
    ];
    for (const [first, key, ar, en, type, side, parent] of accounts) {
      // A chart edited by hand may already use the code: the next free one is taken.
      let code = first;
      while ((await q.query('SELECT 1 FROM accounts WHERE code = $1', [code])).length)
        code = String(Number(code) + 1);
      await q.query(
        `INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id)
         SELECT $1, $2, $3, $4, $5, $6, (SELECT id FROM accounts WHERE code = $7)
          WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = $2)`,
        [code, key, ar, en, type, side, parent],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM accounts WHERE system_key IN ('repair_revenue', 'repair_costs')`);
    await q.query(`DROP TABLE "maintenance_events"`);
    await q.query(`DROP FUNCTION maintenance_events_immutable()`);
    await q.query(`DROP TABLE "maintenance_parts"`);
    await q.query(`DROP TABLE "maintenance_tickets"`);
  }
}
