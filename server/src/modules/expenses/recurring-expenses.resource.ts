import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RECURRING_EXPENSES, type RecurringExpenseCreateDto } from '@pos/contracts';
import { AppException, Errors } from '../../core/errors/app.exception';
import { defineServerResource } from '../../core/resource';
import { RecurringExpenseEntity } from './entities/expense.entities';

/** The template's branch is its vault's; the category and vendor must exist and be active. */
async function references(
  m: EntityManager,
  dto: Partial<RecurringExpenseCreateDto>,
): Promise<{ branchId?: string }> {
  const out: { branchId?: string } = {};
  if (dto.vaultId) {
    const [vault] = await m.query(`SELECT branch_id FROM vaults WHERE id = $1`, [dto.vaultId]);
    if (!vault) throw Errors.notFound();
    out.branchId = vault.branch_id;
  }
  if (dto.categoryId) {
    const [c] = await m.query(`SELECT name, active FROM expense_categories WHERE id = $1`, [
      dto.categoryId,
    ]);
    if (!c) throw Errors.notFound();
    if (!c.active)
      throw new AppException('EXPENSE_CATEGORY_INACTIVE', HttpStatus.BAD_REQUEST, { name: c.name });
  }
  if (dto.vendorId) {
    const [v] = await m.query(`SELECT name, active FROM vendors WHERE id = $1`, [dto.vendorId]);
    if (!v) throw Errors.notFound();
    if (!v.active)
      throw new AppException('EXPENSE_VENDOR_INACTIVE', HttpStatus.BAD_REQUEST, { name: v.name });
  }
  return out;
}

const text = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() || null;

const values = (dto: Partial<RecurringExpenseCreateDto>) => ({
  name: dto.name?.trim(),
  categoryId: dto.categoryId,
  vaultId: dto.vaultId,
  amount: dto.amount,
  dayOfMonth: dto.dayOfMonth,
  payee: text(dto.payee),
  vendorId: dto.vendorId,
  note: text(dto.note),
  active: dto.active,
});

/**
 * /RecurringExpenses: monthly templates (rent, salaries) in the user's branch scope, on the
 * resource kit (audited create/update/delete; one that was recorded from is in use: deactivate it).
 */
export const recurringExpenses = defineServerResource({
  descriptor: RECURRING_EXPENSES,
  entity: RecurringExpenseEntity,
  table: 'recurring_expenses',
  columns: `t.id, t.name, t.branch_id AS "branchId", b.name AS "branchName", t.category_id AS "categoryId",
    c.name AS "categoryName", t.vault_id AS "vaultId", v.name AS "vaultName", t.amount::float8 AS amount,
    t.day_of_month AS "dayOfMonth", t.payee, t.vendor_id AS "vendorId", vd.name AS "vendorName", t.note, t.active`,
  joins: `JOIN branches b ON b.id = t.branch_id JOIN expense_categories c ON c.id = t.category_id
    JOIN vaults v ON v.id = t.vault_id LEFT JOIN vendors vd ON vd.id = t.vendor_id`,
  audit: { action: 'recurring-expense', entity: 'recurring_expense' },
  search: ['t.name', 'c.name', 't.payee', 'vd.name'],
  sort: {
    name: 't.name',
    dayOfMonth: 't.day_of_month, t.name',
    amount: 't.amount',
    categoryName: 'c.name',
    active: 't.active',
  },
  filters: { active: (value, bind) => `t.active = ${bind(value === 'true')}` },
  branch: { column: 't.branch_id', property: 'branchId', outside: 'notFound' },
  inUse: 'EXISTS (SELECT 1 FROM expenses WHERE recurring_id = $1)',
  toInsert: async (dto, { tx }) => ({
    ...values(dto),
    ...(await references(tx.m, dto)),
    payee: text(dto.payee) ?? null,
    vendorId: dto.vendorId ?? null,
    note: text(dto.note) ?? null,
    active: dto.active ?? true,
  }),
  toPatch: async (dto, { tx }) => ({ ...values(dto), ...(await references(tx.m, dto)) }),
});
