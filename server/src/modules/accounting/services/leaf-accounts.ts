import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';

/**
 * The chart of accounts belongs to accounting: a module that keeps an account per row of its own
 * (a vault, an expense category) opens, renames and drops it through these, in the caller's
 * transaction (issue 31).
 */

/**
 * Opens a leaf account under the system group `groupKey` (e.g. 1110 → 1110001, 52 → 52001) with
 * the next free three-digit code, named `name` in both languages. The group row is locked so two
 * new accounts cannot take the same code.
 */
export async function openLeafAccount(
  m: EntityManager,
  groupKey: string,
  name: string,
  kind: { type: 'asset' | 'expense'; normalSide: 'debit' | 'credit' },
): Promise<string> {
  const [group] = await m.query(`SELECT id, code FROM accounts WHERE system_key = $1 FOR UPDATE`, [
    groupKey,
  ]);
  const [{ n }] = await m.query(
    `SELECT COALESCE(max(substring(code from length($2) + 1)::int), 0) + 1 AS n FROM accounts
      WHERE parent_id = $1 AND code ~ ('^' || $2 || '[0-9]{3}$')`,
    [group.id, group.code],
  );
  const id = uuidv7();
  await m.query(
    `INSERT INTO accounts (id, code, name_ar, name_en, type, normal_side, parent_id, is_group)
     VALUES ($1, $2, $3, $3, $5, $6, $4, false)`,
    [id, `${group.code}${String(n).padStart(3, '0')}`, name, group.id, kind.type, kind.normalSide],
  );
  return id;
}

/** The account follows its row's new name (the journal reads like the owning list). */
export async function renameAccount(
  m: EntityManager,
  accountId: string,
  name: string,
): Promise<void> {
  await m.query(`UPDATE accounts SET name_ar = $2, name_en = $2 WHERE id = $1`, [accountId, name]);
}

/** Drops the accounts that never had a journal line (one with postings stays). */
export async function dropUnusedAccounts(m: EntityManager, accountIds: string[]): Promise<void> {
  await m.query(
    `DELETE FROM accounts a WHERE a.id = ANY($1::uuid[])
        AND NOT EXISTS (SELECT 1 FROM journal_lines l WHERE l.account_id = a.id)`,
    [accountIds],
  );
}
