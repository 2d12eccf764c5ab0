import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Promotions in the books (issue 33 item 7, docs/decisions/0090): a sale with promotions credits
 * sales with its revenue before them and debits what they gave on «خصومات المبيعات - العروض»
 * (Sales discounts — promotions), a contra-revenue account next to sales returns (4102), so the
 * income statement shows what the offers cost; the cashier's discounts stay netted in sales as
 * before.
 */
export class PromotionDiscountsAccount1796200000280 implements MigrationInterface {
  name = 'PromotionDiscountsAccount1796200000280';

  async up(q: QueryRunner): Promise<void> {
    // After sales returns and other income (4101–4103); a chart edited by hand may use the code.
    let code = 4104;
    while ((await q.query('SELECT 1 FROM accounts WHERE code = $1', [String(code)])).length)
      code += 1;
    await q.query(
      `INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id, is_group)
       SELECT $1, 'sales_discounts_promotions', 'خصومات المبيعات - العروض', 'Sales discounts - promotions',
              'revenue', 'debit', (SELECT id FROM accounts WHERE code = '4'), false
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = 'sales_discounts_promotions')`,
      [String(code)],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // Journal lines are never deleted: the account stays once used.
    await q.query(
      `DELETE FROM accounts WHERE system_key = 'sales_discounts_promotions'
         AND NOT EXISTS (SELECT 1 FROM journal_lines l WHERE l.account_id = accounts.id)`,
    );
  }
}
