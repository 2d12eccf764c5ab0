import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The books (issue 13): the chart of accounts (seeded in Arabic and English, system accounts
 * named by `system_key`), journal entries and their lines. Automatic postings come from domain
 * event subscribers in the command's transaction. The database itself refuses an entry whose
 * lines do not balance, and lines are never changed or deleted (a posted entry is reversed).
 */
export class CreateAccounting1795790000000 implements MigrationInterface {
  name = 'CreateAccounting1795790000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "accounts" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "code" text NOT NULL,
      "name_ar" text NOT NULL,
      "name_en" text,
      "type" text NOT NULL CHECK ("type" IN ('asset', 'liability', 'equity', 'revenue', 'expense')),
      "normal_side" text NOT NULL CHECK ("normal_side" IN ('debit', 'credit')),
      "parent_id" uuid,
      "system_key" text,
      "is_group" boolean NOT NULL DEFAULT false,
      "active" boolean NOT NULL DEFAULT true,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_accounts" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_accounts_code" UNIQUE ("code"),
      CONSTRAINT "UQ_accounts_system_key" UNIQUE ("system_key"),
      CONSTRAINT "FK_accounts_parent" FOREIGN KEY ("parent_id") REFERENCES "accounts"("id") ON DELETE RESTRICT)`);
    await q.query(`CREATE INDEX "IDX_accounts_parent" ON "accounts" ("parent_id")`);

    await q.query(`CREATE TABLE "journal_entries" (
      "id" uuid NOT NULL,
      "number" bigint GENERATED ALWAYS AS IDENTITY,
      "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "branch_id" uuid,
      "source_type" text,
      "source_id" uuid,
      "source_number" text,
      "description" text,
      "reference" text,
      "reverses_id" uuid,
      "reversed_by_id" uuid,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_journal_entries" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_journal_entries_number" UNIQUE ("number"),
      CONSTRAINT "FK_journal_entries_reverses" FOREIGN KEY ("reverses_id") REFERENCES "journal_entries"("id"))`);
    await q.query(
      `CREATE INDEX "IDX_journal_entries_source" ON "journal_entries" ("source_type", "source_id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_journal_entries_occurred" ON "journal_entries" ("occurred_at")`,
    );

    await q.query(`CREATE TABLE "journal_lines" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "entry_id" uuid NOT NULL,
      "line_no" smallint NOT NULL,
      "account_id" uuid NOT NULL,
      "debit" bigint NOT NULL DEFAULT 0 CHECK ("debit" >= 0),
      "credit" bigint NOT NULL DEFAULT 0 CHECK ("credit" >= 0),
      "branch_id" uuid,
      "party_type" text CHECK ("party_type" IN ('customer', 'vendor')),
      "party_id" uuid,
      "memo" text,
      CONSTRAINT "PK_journal_lines" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_journal_lines_one_side" CHECK (("debit" = 0) <> ("credit" = 0)),
      CONSTRAINT "FK_journal_lines_entry" FOREIGN KEY ("entry_id") REFERENCES "journal_entries"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_journal_lines_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT)`);
    await q.query(`CREATE INDEX "IDX_journal_lines_entry" ON "journal_lines" ("entry_id")`);
    await q.query(
      `CREATE INDEX "IDX_journal_lines_account" ON "journal_lines" ("account_id", "entry_id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_journal_lines_party" ON "journal_lines" ("party_type", "party_id") WHERE "party_id" IS NOT NULL`,
    );

    // An entry's lines are written by one statement and must balance (Σdebit = Σcredit > 0).
    await q.query(`CREATE FUNCTION journal_lines_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE bad uuid;
      BEGIN
        SELECT entry_id INTO bad FROM new_lines GROUP BY entry_id
         HAVING sum(debit) <> sum(credit) OR sum(debit) = 0 LIMIT 1;
        IF bad IS NOT NULL THEN
          RAISE EXCEPTION 'journal entry % does not balance', bad USING ERRCODE = 'P0001';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER "TRG_journal_lines_balanced" AFTER INSERT ON "journal_lines"
      REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION journal_lines_balanced()`);
    await q.query(`CREATE FUNCTION journal_lines_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'journal lines are never changed; post a reversal'; END $$`);
    await q.query(`CREATE TRIGGER "TRG_journal_lines_immutable" BEFORE UPDATE OR DELETE ON "journal_lines"
      FOR EACH ROW EXECUTE FUNCTION journal_lines_immutable()`);

    // Period lock: nothing is posted on or before this date (store time zone).
    await q.query(`ALTER TABLE "store_settings" ADD "books_closed_until" date`);

    // Roles that keep the vault or manage permissions (the accountant's and the administrator's)
    // may edit the chart and post manual entries.
    await q.query(`UPDATE "roles" SET "permissions" = array_append("permissions", 'can_manage_accounting')
      WHERE ('can_see_vault_totals' = ANY("permissions") OR 'can_manage_permissions' = ANY("permissions"))
        AND NOT ('can_manage_accounting' = ANY("permissions"))`);

    // The chart: [code, key, ar, en, type, parent code, group?]
    const chart: [string, string | null, string, string, string, string | null, boolean][] = [
      ['1', 'assets', 'الأصول', 'Assets', 'asset', null, true],
      ['11', 'current_assets', 'الأصول المتداولة', 'Current assets', 'asset', '1', true],
      [
        '1101',
        'cash',
        'النقدية بالخزائن والأدراج',
        'Cash in vaults and drawers',
        'asset',
        '11',
        false,
      ],
      ['1102', 'bank', 'البنوك', 'Banks', 'asset', '11', false],
      [
        '1103',
        'card_clearing',
        'مستحقات بطاقات الدفع',
        'Card settlements receivable',
        'asset',
        '11',
        false,
      ],
      [
        '1104',
        'wallet_clearing',
        'مستحقات المحافظ الإلكترونية',
        'Mobile wallet settlements receivable',
        'asset',
        '11',
        false,
      ],
      [
        '1105',
        'cheques_receivable',
        'شيكات تحت التحصيل',
        'Cheques under collection',
        'asset',
        '11',
        false,
      ],
      ['1106', 'customers', 'العملاء', 'Customers', 'asset', '11', false],
      ['1107', 'inventory', 'المخزون', 'Inventory', 'asset', '11', false],
      ['1108', 'vat_input', 'ضريبة القيمة المضافة - مدخلات', 'VAT input', 'asset', '11', false],
      ['2', 'liabilities', 'الخصوم', 'Liabilities', 'liability', null, true],
      [
        '21',
        'current_liabilities',
        'الخصوم المتداولة',
        'Current liabilities',
        'liability',
        '2',
        true,
      ],
      ['2101', 'vendors', 'الموردون', 'Vendors', 'liability', '21', false],
      [
        '2102',
        'vat_output',
        'ضريبة القيمة المضافة - مخرجات',
        'VAT output',
        'liability',
        '21',
        false,
      ],
      [
        '2103',
        'customer_deposits',
        'دفعات مقدمة من العملاء',
        'Customer deposits',
        'liability',
        '21',
        false,
      ],
      ['2104', 'cheques_payable', 'شيكات تحت الدفع', 'Cheques payable', 'liability', '21', false],
      ['3', 'equity', 'حقوق الملكية', 'Equity', 'equity', null, true],
      ['3101', 'capital', 'رأس المال', 'Capital', 'equity', '3', false],
      ['3102', 'drawings', 'مسحوبات المالك', 'Owner drawings', 'equity', '3', false],
      ['3103', 'retained_earnings', 'الأرباح المحتجزة', 'Retained earnings', 'equity', '3', false],
      ['3104', 'opening_balances', 'أرصدة افتتاحية', 'Opening balances', 'equity', '3', false],
      ['4', 'revenue', 'الإيرادات', 'Revenue', 'revenue', null, true],
      ['4101', 'sales', 'المبيعات', 'Sales', 'revenue', '4', false],
      ['4102', 'sales_returns', 'مردودات المبيعات', 'Sales returns', 'revenue', '4', false],
      ['4103', 'other_income', 'إيرادات أخرى', 'Other income', 'revenue', '4', false],
      ['5', 'expenses', 'المصروفات', 'Expenses', 'expense', null, true],
      ['5101', 'cogs', 'تكلفة البضاعة المباعة', 'Cost of goods sold', 'expense', '5', false],
      ['5102', 'shrinkage', 'عجز وتلف المخزون', 'Inventory shrinkage', 'expense', '5', false],
      [
        '5103',
        'cash_over_short',
        'عجز وزيادة النقدية',
        'Cash over and short',
        'expense',
        '5',
        false,
      ],
      [
        '52',
        'operating_expenses',
        'المصروفات التشغيلية',
        'Operating expenses',
        'expense',
        '5',
        true,
      ],
    ];
    for (const [code, key, ar, en, type, parent, group] of chart) {
      // Sales returns is a contra-revenue account: its normal side is the debit.
      const side =
        type === 'asset' || type === 'expense' || key === 'sales_returns' || key === 'drawings'
          ? 'debit'
          : 'credit';
      await q.query(
        `INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id, is_group)
         VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM accounts WHERE code = $7), $8)`,
        [code, key, ar, en, type, side, parent, group],
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE "roles" SET "permissions" = array_remove("permissions", 'can_manage_accounting')`,
    );
    await q.query(`ALTER TABLE "store_settings" DROP COLUMN "books_closed_until"`);
    await q.query(`DROP TABLE "journal_lines"`);
    await q.query(`DROP TABLE "journal_entries"`);
    await q.query(`DROP TABLE "accounts"`);
    await q.query(`DROP FUNCTION journal_lines_balanced()`);
    await q.query(`DROP FUNCTION journal_lines_immutable()`);
  }
}
