import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cash on delivery is not credit (issue 30 item 21): a sale marked `cod` leaves its amount due on
 * the COD receivable (ذمم الدفع عند الاستلام), owed by the delivery order and its driver until the
 * driver's settlement brings the cash into a vault; no customer's account carries it.
 */
export class CashOnDeliveryReceivable1796200000140 implements MigrationInterface {
  name = 'CashOnDeliveryReceivable1796200000140';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "sales_invoices" ADD COLUMN "cod" boolean NOT NULL DEFAULT false`);
    // Next to driver cash (1131); a chart edited by hand may already use the code.
    let code = 1133;
    while ((await q.query('SELECT 1 FROM accounts WHERE code = $1', [String(code)])).length)
      code += 1;
    await q.query(
      `INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id, is_group)
       SELECT $1, 'cod_receivable', 'ذمم الدفع عند الاستلام', 'Cash on delivery receivable', 'asset', 'debit',
              (SELECT id FROM accounts WHERE code = '11'), false
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = 'cod_receivable')`,
      [String(code)],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // Journal lines are never deleted: the account stays once used.
    await q.query(
      `DELETE FROM accounts WHERE system_key = 'cod_receivable'
         AND NOT EXISTS (SELECT 1 FROM journal_lines l WHERE l.account_id = accounts.id)`,
    );
    await q.query(`ALTER TABLE "sales_invoices" DROP COLUMN "cod"`);
  }
}
