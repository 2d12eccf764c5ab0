import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inter-branch current account (جاري الفروع): an entry whose lines sit in two branches (a
 * transfer shipped into the destination's transit account, cash sent between branches' vaults)
 * gets a line on it per branch, so each branch's part balances and a branch's trial balance
 * balances (docs/decisions/ "Inter-branch current account"). Existing entries get their lines.
 */
export class InterBranchAccount1796090000000 implements MigrationInterface {
  name = 'InterBranchAccount1796090000000';

  async up(q: QueryRunner): Promise<void> {
    // A chart edited by hand may already use the code: the next free one under it is taken.
    let code = 1132;
    while ((await q.query('SELECT 1 FROM accounts WHERE code = $1', [String(code)])).length)
      code += 1;
    await q.query(
      `INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id)
       SELECT $1, 'inter_branch', 'جاري الفروع', 'Inter-branch current accounts', 'asset', 'debit',
              (SELECT id FROM accounts WHERE code = '11')
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = 'inter_branch')`,
      [String(code)],
    );
    await q.query(`WITH n AS (
        SELECT l.entry_id, l.branch_id, sum(l.debit - l.credit)::bigint AS net
          FROM journal_lines l GROUP BY 1, 2 HAVING sum(l.debit - l.credit) <> 0),
      last AS (SELECT entry_id, max(line_no) AS n FROM journal_lines WHERE entry_id IN (SELECT entry_id FROM n) GROUP BY 1)
      INSERT INTO journal_lines (entry_id, line_no, account_id, debit, credit, branch_id)
      SELECT n.entry_id, last.n + row_number() OVER (PARTITION BY n.entry_id ORDER BY n.branch_id), a.id,
             GREATEST(-n.net, 0), GREATEST(n.net, 0), n.branch_id
        FROM n JOIN last USING (entry_id) JOIN accounts a ON a.system_key = 'inter_branch'`);
    await q.query('SELECT journal_hourly_fold()');
  }

  async down(): Promise<void> {
    // Journal lines are never deleted (a trigger refuses it): the account and its lines stay.
  }
}
