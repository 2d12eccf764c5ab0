import type { EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';

/**
 * Opens a category's own leaf account under 52 operating expenses (52001, 52002, …), named like
 * the category. The group row is locked so two new categories cannot take the same code.
 */
export async function createCategoryAccount(m: EntityManager, name: string): Promise<string> {
  const [group] = await m.query(
    `SELECT id, code FROM accounts WHERE system_key = 'operating_expenses' FOR UPDATE`,
  );
  const [{ n }] = await m.query(
    `SELECT COALESCE(max(substring(code from length($2) + 1)::int), 0) + 1 AS n FROM accounts
      WHERE parent_id = $1 AND code ~ ('^' || $2 || '[0-9]{3}$')`,
    [group.id, group.code],
  );
  const id = uuidv7();
  await m.query(
    `INSERT INTO accounts (id, code, name_ar, name_en, type, normal_side, parent_id, is_group)
     VALUES ($1, $2, $3, $3, 'expense', 'debit', $4, false)`,
    [id, `${group.code}${String(n).padStart(3, '0')}`, name, group.id],
  );
  return id;
}

/** A renamed category renames its account. */
export async function renameCategoryAccount(
  m: EntityManager,
  accountId: string,
  name: string,
): Promise<void> {
  await m.query(`UPDATE accounts SET name_ar = $2, name_en = $2 WHERE id = $1`, [accountId, name]);
}

/** An unused category's account goes with it (one with postings keeps the category in use). */
export async function deleteCategoryAccount(m: EntityManager, categoryId: string): Promise<void> {
  const [row] = await m.query(`SELECT account_id FROM expense_categories WHERE id = $1`, [
    categoryId,
  ]);
  if (!row?.account_id) return;
  await m.query(`UPDATE expense_categories SET account_id = NULL WHERE id = $1`, [categoryId]);
  await m.query(
    `DELETE FROM accounts a WHERE a.id = $1 AND NOT EXISTS (SELECT 1 FROM journal_lines l WHERE l.account_id = a.id)`,
    [row.account_id],
  );
}
