import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox stores one row per transaction (docs/decisions/0130): `outbox_batches.events` holds the
 * transaction's live events in order, each with its own id, type, branch and payload. A sale wrote
 * seven rows (its five balances, the sale, the shift's totals) and the relay stamped seven; now one
 * of each, with two indexes instead of four (the index on `branch_id` and the unique `seq` were read
 * by nothing). `outbox` becomes a view with one row per event, as the table had, for reading
 * (operators' queries, the tests); `seq` there orders events across and within batches.
 */
export class OutboxBatches1796200000700 implements MigrationInterface {
  name = 'OutboxBatches1796200000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "outbox_batches" ("id" uuid NOT NULL, "seq" BIGSERIAL NOT NULL, "events" jsonb NOT NULL,
         "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE,
         CONSTRAINT "PK_outbox_batches" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_outbox_batches_unpublished" ON "outbox_batches" ("seq") WHERE published_at IS NULL`,
    );
    await q.query(
      `INSERT INTO "outbox_batches" (id, seq, events, created_at, published_at)
       SELECT id, seq, jsonb_build_array(jsonb_build_object('id', id, 'type', type, 'branchId', branch_id, 'payload', payload)),
              created_at, published_at
         FROM "outbox"`,
    );
    await q.query(
      `SELECT setval(pg_get_serial_sequence('outbox_batches', 'seq'), COALESCE((SELECT max(seq) FROM outbox_batches), 0) + 1, false)`,
    );
    await q.query(`DROP TABLE "outbox"`);
    await q.query(OUTBOX_VIEW);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW "outbox"`);
    await q.query(
      `CREATE TABLE "outbox" ("id" uuid NOT NULL, "seq" BIGSERIAL NOT NULL, "type" text NOT NULL, "branch_id" uuid NOT NULL,
         "payload" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE,
         CONSTRAINT "UQ_acf0725c6a7245b71c651964ee4" UNIQUE ("seq"), CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "IDX_e1e54aa1801a1d9ccd3bd58051" ON "outbox" ("branch_id")`);
    await q.query(
      `CREATE INDEX "IDX_outbox_unpublished" ON "outbox" ("seq") WHERE published_at IS NULL`,
    );
    await q.query(
      `INSERT INTO "outbox" (id, type, branch_id, payload, created_at, published_at)
       SELECT (e->>'id')::uuid, e->>'type', (e->>'branchId')::uuid, e->'payload', b.created_at, b.published_at
         FROM outbox_batches b CROSS JOIN LATERAL jsonb_array_elements(b.events) WITH ORDINALITY AS x(e, n)
        ORDER BY b.seq, x.n`,
    );
    await q.query(`DROP TABLE "outbox_batches"`);
  }
}

/** One row per event; `seq` = the batch's seq × 1,000,000 + the event's place in it. */
const OUTBOX_VIEW = `CREATE VIEW "outbox" AS
  SELECT (x.e->>'id')::uuid AS id, b.seq * 1000000 + x.n AS seq, x.e->>'type' AS type,
         (x.e->>'branchId')::uuid AS branch_id, x.e->'payload' AS payload, b.created_at, b.published_at
    FROM outbox_batches b CROSS JOIN LATERAL jsonb_array_elements(b.events) WITH ORDINALITY AS x(e, n)`;
