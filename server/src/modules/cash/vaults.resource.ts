import { VAULTS, type VaultDto } from '@pos/contracts';
import { HttpStatus } from '@nestjs/common';
import { defineServerResource } from '../../core/resource';
import { AppException, Errors } from '../../core/errors/app.exception';
import { VaultEntity } from './entities/vault.entities';
import { renameAccount } from '../accounting';
import { createVaultAccount } from './vault-ledger';

/** A vault's balance is the vault keeper's figure. */
export const seesVaultTotals = (user: { permissions: readonly string[] }) =>
  user.permissions.includes('can_see_vault_totals');

/**
 * /Vault: the vaults and bank accounts of the user's branch (every branch with can_see_branches),
 * their balances only with can_see_vault_totals. A new vault opens its own account in the chart
 * (under 1110 or 1120) in the same transaction; its type and branch never change afterwards (its
 * account and movements belong to them), and its balance moves only with a movement.
 */
export const vaults = defineServerResource({
  descriptor: VAULTS,
  entity: VaultEntity,
  table: 'vaults',
  columns: `t.id, t.name, t.type, t.branch_id AS "branchId", b.name AS "branchName",
    t.account_number AS "accountNumber", t.bank_name AS "bankName", t.is_main AS "isMain",
    t.allow_negative AS "allowNegative", t.active, a.code AS "accountCode", t.balance`,
  joins: 'JOIN branches b ON b.id = t.branch_id JOIN accounts a ON a.id = t.account_id',
  audit: { action: 'vault', entity: 'vault' },
  search: ['t.name', 't.bank_name', 't.account_number', 'b.name'],
  sort: {
    branchName: 'b.created_at, b.name, NOT t.is_main, t.type, t.name',
    name: 't.name',
    type: 't.type, t.name',
    active: 't.active',
  },
  filters: {
    active: (value, bind) => `t.active = ${bind(value === 'true')}`,
    branchId: (value, bind) => `t.branch_id = ${bind(value)}`,
    type: (value, bind) => `t.type = ${bind(value)}`,
  },
  branch: { column: 't.branch_id', property: 'branchId', outside: 'notFound' },
  pageSize: 100,
  toInsert: async (dto, { tx }) => {
    const [branch] = await tx.m.query('SELECT id FROM branches WHERE id = $1', [dto.branchId]);
    if (!branch) throw Errors.notFound();
    const name = dto.name.trim();
    const bank = dto.type === 'bank';
    return {
      name,
      type: dto.type,
      branchId: dto.branchId,
      accountNumber: bank ? dto.accountNumber?.trim() || null : null,
      bankName: bank ? dto.bankName?.trim() || null : null,
      allowNegative: dto.allowNegative ?? false,
      active: dto.active ?? true,
      isMain: false,
      accountId: await createVaultAccount(tx.m, { name, type: dto.type }),
    };
  },
  // Type and branch stay; the main vault stays active (shift closes pay into it).
  toPatch: (dto, _ctx, before) => ({
    name: dto.name?.trim(),
    accountNumber:
      before.type === 'bank' ? dto.accountNumber?.trim() || dto.accountNumber : undefined,
    bankName: before.type === 'bank' ? dto.bankName?.trim() || dto.bankName : undefined,
    allowNegative: dto.allowNegative,
    active: before.isMain ? undefined : dto.active,
  }),
  // A vault below zero keeps allowing it until it is covered (the table's CHECK would refuse).
  check: async (_tx, _id, values, before) => {
    if (before && values.allowNegative === false && before.balance < 0)
      throw new AppException('VAULT_BELOW_ZERO', HttpStatus.BAD_REQUEST, { name: before.name });
  },
  effects: {
    // The account keeps the vault's name, so the journal reads like the vault list.
    updated: async ({ tx, id }, patch) => {
      if (patch.name) {
        const [vault] = await tx.m.query('SELECT account_id FROM vaults WHERE id = $1', [id]);
        if (vault) await renameAccount(tx.m, vault.account_id, patch.name);
      }
    },
  },
  toRow: ({ balance, ...row }: VaultDto, user) =>
    seesVaultTotals(user) ? { ...row, balance: Number(balance) } : row,
});
