import type { EntityManager } from 'typeorm';
import { dropUnusedAccounts, openLeafAccount, renameAccount } from '../../accounting';

/**
 * Opens a category's own leaf account under 52 operating expenses (52001, 52002, …), named like
 * the category (through accounting, which locks the group so two categories cannot share a code).
 */
export async function createCategoryAccount(m: EntityManager, name: string): Promise<string> {
  return openLeafAccount(m, 'operating_expenses', name, { type: 'expense', normalSide: 'debit' });
}

/** A renamed category renames its account. */
export async function renameCategoryAccount(
  m: EntityManager,
  accountId: string,
  name: string,
): Promise<void> {
  await renameAccount(m, accountId, name);
}

/** An unused category's account goes with it (one with postings keeps the category in use). */
export async function deleteCategoryAccount(m: EntityManager, categoryId: string): Promise<void> {
  const [row] = await m.query(`SELECT account_id FROM expense_categories WHERE id = $1`, [
    categoryId,
  ]);
  if (!row?.account_id) return;
  await m.query(`UPDATE expense_categories SET account_id = NULL WHERE id = $1`, [categoryId]);
  await dropUnusedAccounts(m, [row.account_id]);
}
