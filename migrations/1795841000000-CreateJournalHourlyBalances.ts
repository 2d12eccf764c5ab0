import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 13 (trial balance < 500 ms over a 1M-line history): the books' movements summed per
 * account, branch and UTC hour of the entry's `occurred_at`. A statement trigger on
 * `journal_lines` appends each posting statement's sums to `journal_hourly_deltas` in the
 * posting's own transaction; `journal_hourly_fold()` moves them into `journal_hourly_balances`.
 * Lines are insert-only (a reversal is a new entry with new lines), so adding sums keeps the two
 * tables together exact. Reports sum the whole hours inside a range from both and read the raw
 * lines only for a range edge that falls inside an hour (none for store time zones with whole-hour
 * offsets, such as Cairo). UTC hours rather than store days, so a change of the store's time zone
 * leaves the tables right.
 * An entry's `occurred_at` may no longer change once it has lines (nothing changes it today).
 */
export class CreateJournalHourlyBalances1795841000000 implements MigrationInterface {
  name = 'CreateJournalHourlyBalances1795841000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "journal_hourly_balances" (
      "account_id" uuid NOT NULL,
      "branch_id" uuid,
      "hour_start" TIMESTAMP WITH TIME ZONE NOT NULL,
      "debit" bigint NOT NULL DEFAULT 0,
      "credit" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "UQ_journal_hourly_balances" UNIQUE NULLS NOT DISTINCT ("account_id", "branch_id", "hour_start"),
      CONSTRAINT "FK_journal_hourly_balances_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_journal_hourly_balances_branch" ON "journal_hourly_balances" ("branch_id", "hour_start")`,
    );

    // Postings only append (no row two postings would both lock: the same branch's sales in the
    // same hour would otherwise wait for each other's commit); every hundredth posting statement
    // folds the appended rows into the table above (journal_hourly_fold), and readers read both.
    await q.query(`CREATE TABLE "journal_hourly_deltas" (
      "account_id" uuid NOT NULL,
      "branch_id" uuid,
      "hour_start" TIMESTAMP WITH TIME ZONE NOT NULL,
      "debit" bigint NOT NULL,
      "credit" bigint NOT NULL)`);
    await q.query(`CREATE SEQUENCE "journal_hourly_fold_every"`);
    await q.query(`CREATE FUNCTION journal_hourly_deltas_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO journal_hourly_deltas (account_id, branch_id, hour_start, debit, credit)
        SELECT n.account_id, n.branch_id, date_trunc('hour', e.occurred_at, 'UTC'), sum(n.debit), sum(n.credit)
          FROM new_lines n JOIN journal_entries e ON e.id = n.entry_id
         GROUP BY 1, 2, 3;
        -- Every hundredth posting statement folds everything committed so far (and its own rows).
        IF nextval('journal_hourly_fold_every') % 100 = 0 THEN PERFORM journal_hourly_fold(); END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER "TRG_journal_lines_hourly" AFTER INSERT ON "journal_lines"
      REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_hourly_deltas_add()`);
    // Moves the appended rows into journal_hourly_balances in one statement (a reader's snapshot
    // sees them on one side or the other, never both). One fold at a time (the others skip), so
    // a posting that folds makes no other posting wait: they only append.
    await q.query(`CREATE FUNCTION journal_hourly_fold() RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE n integer;
      BEGIN
        IF NOT pg_try_advisory_xact_lock(1795841000000) THEN RETURN 0; END IF;
        WITH d AS (DELETE FROM journal_hourly_deltas RETURNING *)
        INSERT INTO journal_hourly_balances AS b (account_id, branch_id, hour_start, debit, credit)
        SELECT account_id, branch_id, hour_start, sum(debit), sum(credit) FROM d
         GROUP BY 1, 2, 3
         ORDER BY 1, 2, 3
        ON CONFLICT ON CONSTRAINT "UQ_journal_hourly_balances"
        DO UPDATE SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit;
        GET DIAGNOSTICS n = ROW_COUNT;
        RETURN n;
      END $$`);
    await q.query(`CREATE FUNCTION journal_entries_fixed_time() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM journal_lines WHERE entry_id = OLD.id) THEN
          RAISE EXCEPTION 'a posted journal entry keeps its date; post a reversal';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER "TRG_journal_entries_fixed_time" BEFORE UPDATE OF "occurred_at" ON "journal_entries"
      FOR EACH ROW WHEN (OLD.occurred_at IS DISTINCT FROM NEW.occurred_at) EXECUTE FUNCTION journal_entries_fixed_time()`);

    await q.query(`INSERT INTO journal_hourly_balances (account_id, branch_id, hour_start, debit, credit)
      SELECT l.account_id, l.branch_id, date_trunc('hour', e.occurred_at, 'UTC'), sum(l.debit), sum(l.credit)
        FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
       GROUP BY 1, 2, 3`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "TRG_journal_entries_fixed_time" ON "journal_entries"`);
    await q.query(`DROP TRIGGER "TRG_journal_lines_hourly" ON "journal_lines"`);
    await q.query(`DROP FUNCTION journal_entries_fixed_time()`);
    await q.query(`DROP FUNCTION journal_hourly_fold()`);
    await q.query(`DROP FUNCTION journal_hourly_deltas_add()`);
    await q.query(`DROP SEQUENCE "journal_hourly_fold_every"`);
    await q.query(`DROP TABLE "journal_hourly_deltas"`);
    await q.query(`DROP TABLE "journal_hourly_balances"`);
  }
}
