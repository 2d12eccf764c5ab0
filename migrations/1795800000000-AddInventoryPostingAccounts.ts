import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two system accounts the stock postings need (issue 13 item 4): goods in transit between
 * branches (a transfer shipped and not yet received is in no inventory of the stock ledger), and
 * inventory revaluation (the difference when the average cost of stock on hand is edited).
 */
export class AddInventoryPostingAccounts1795800000000 implements MigrationInterface {
  name = 'AddInventoryPostingAccounts1795800000000';

  public async up(q: QueryRunner): Promise<void> {
    const rows: [string, string, string, string, string, string, string][] = [
      [
        '1109',
        'inventory_in_transit',
        'بضاعة بالطريق بين الفروع',
        'Goods in transit between branches',
        'asset',
        'debit',
        '11',
      ],
      [
        '5104',
        'inventory_revaluation',
        'فروق إعادة تقييم المخزون',
        'Inventory revaluation',
        'expense',
        'debit',
        '5',
      ],
    ];
    for (const [first, key, ar, en, type, side, parent] of rows) {
      // A chart edited by hand may already use the code: the next free one under it is taken.
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

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DELETE FROM accounts WHERE system_key IN ('inventory_in_transit', 'inventory_revaluation')`,
    );
  }
}
