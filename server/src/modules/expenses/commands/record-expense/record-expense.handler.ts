import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import { LIMITS, limitInPounds } from '@pos/contracts';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { branchDocumentNumber } from '../../../../core/numbering';
import { assertOpen, bookDates } from '../../../accounting';
import { branchMainVault, moveVault } from '../../../cash';
import { createCategoryAccount } from '../../services/category-account';
import { pushDueCount } from '../../services/due';
import { receiptType } from '../../services/receipt-image';
import { RecordExpenseCommand } from './record-expense.command';

/**
 * RecordExpense: the money leaves the vault (a movement; never below zero unless the vault allows
 * it), the expense row and its receipt photo are written, and `expense.recorded` posts it (Dr the
 * category's account and VAT input, Cr the vault's account). The vault must be in the user's
 * branch write scope; the expense belongs to the vault's branch. From a monthly template, the
 * template is locked so it cannot be recorded twice in one month.
 */
@CommandHandler(RecordExpenseCommand)
export class RecordExpenseHandler extends TransactionalCommandHandler<
  RecordExpenseCommand,
  { id: string; number: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  override async execute(command: RecordExpenseCommand): Promise<{ id: string; number: string }> {
    // Refused before the transaction opens: nothing is written for a bad file or total.
    if (command.file) receiptType(command.file);
    const total = command.dto.amount + (command.dto.vat ?? 0);
    if (total > LIMITS.documentTotal)
      throw new AppException('EXPENSE_TOTAL_LIMIT', HttpStatus.BAD_REQUEST, {
        max: limitInPounds(LIMITS.documentTotal),
      });
    return super.execute(command);
  }

  protected async handle(
    { dto, file, user }: RecordExpenseCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string; number: string }> {
    const { m } = tx;
    const books = await bookDates(m);
    if (dto.date > books.today)
      throw new AppException('EXPENSE_DATE_IN_FUTURE', HttpStatus.BAD_REQUEST);
    assertOpen(dto.date, books.closedUntil);

    const scope = branchWriteScope(user);
    // 1. the template (locked: one expense per template and month)
    if (dto.recurringId) {
      const [template] = await m.query(
        `SELECT id, name, branch_id FROM recurring_expenses WHERE id = $1 FOR UPDATE`,
        [dto.recurringId],
      );
      if (!template || (scope && template.branch_id !== scope)) throw Errors.notFound();
      const [done] = await m.query(
        `SELECT 1 FROM expenses WHERE recurring_id = $1 AND status = 'recorded'
            AND date_trunc('month', expense_date) = date_trunc('month', $2::date)`,
        [template.id, dto.date],
      );
      if (done)
        throw new AppException('EXPENSE_RECURRING_RECORDED', HttpStatus.CONFLICT, {
          name: template.name,
        });
    }

    // 2. the category and its account (opened now for a category that has none)
    const category = await this.category(tx, dto.categoryId);

    // 3. the vault: the one chosen, or the user's branch main vault
    let vaultId = dto.vaultId ?? null;
    if (!vaultId) {
      if (!user.branchId) throw Errors.notFound();
      vaultId = (await branchMainVault(m, user.branchId)).id;
    }
    const [vault] = await m.query(`SELECT id, name, branch_id FROM vaults WHERE id = $1`, [
      vaultId,
    ]);
    if (!vault) throw Errors.notFound();
    if (scope && vault.branch_id !== scope) throw Errors.forbidden();

    // 4. the vendor, when one is named
    let vendorName: string | null = null;
    if (dto.vendorId) {
      const [vendor] = await m.query(`SELECT name, active FROM vendors WHERE id = $1`, [
        dto.vendorId,
      ]);
      if (!vendor) throw Errors.notFound();
      if (!vendor.active)
        throw new AppException('EXPENSE_VENDOR_INACTIVE', HttpStatus.BAD_REQUEST, {
          name: vendor.name,
        });
      vendorName = vendor.name;
    }

    const id = uuidv7();
    const branchId: string = vault.branch_id;
    const vat = dto.vat ?? 0;
    const total = dto.amount + vat;
    const number = await branchDocumentNumber(m, 'expense', branchId);
    const payee = dto.payee?.trim() || null;
    const note = dto.note?.trim() || null;

    let attachmentId: string | null = null;
    if (file) {
      attachmentId = uuidv7();
      await m.query(
        `INSERT INTO expense_attachments (id, content_type, size, data, created_by) VALUES ($1, $2, $3, $4, $5)`,
        [attachmentId, receiptType(file), file.buffer.length, file.buffer, user.id],
      );
    }

    const moved = await moveVault(m, {
      vaultId: vault.id,
      type: 'expense',
      amount: -total,
      sourceType: 'expense',
      sourceId: id,
      sourceNumber: number,
      userId: user.id,
      note: [category.name, vendorName ?? payee].filter(Boolean).join(' - '),
    });

    const row = {
      id,
      number,
      status: 'recorded',
      expenseDate: dto.date,
      branchId,
      categoryId: category.id,
      vaultId: vault.id,
      amount: dto.amount,
      vat,
      total,
      vendorId: dto.vendorId ?? null,
      payee,
      note,
      attachmentId,
      recurringId: dto.recurringId ?? null,
      createdBy: user.id,
    };
    await m.query(
      `INSERT INTO expenses (id, number, status, expense_date, branch_id, category_id, vault_id, amount, vat, total,
                             vendor_id, payee, note, attachment_id, recurring_id, created_by)
       VALUES ($1, $2, 'recorded', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        id,
        number,
        dto.date,
        branchId,
        category.id,
        vault.id,
        dto.amount,
        vat,
        total,
        row.vendorId,
        payee,
        note,
        attachmentId,
        row.recurringId,
        user.id,
      ],
    );

    tx.audit({
      action: 'expense.record',
      entity: 'expense',
      entityId: id,
      after: { ...row, vaultBalanceAfter: moved.balanceAfter },
    });
    await tx.raise('expense.recorded', {
      expenseId: id,
      number,
      branchId,
      date: dto.date,
      categoryId: category.id,
      categoryAccountId: category.accountId,
      vaultId: vault.id,
      vaultAccountId: moved.accountId,
      amount: dto.amount,
      vat,
      total,
      vendorId: row.vendorId,
      userId: user.id,
    });
    if (dto.recurringId) await pushDueCount(tx, books.timeZone, branchId);
    return { id, number };
  }

  private async category(
    tx: CommandTransaction,
    id: string,
  ): Promise<{ id: string; name: string; accountId: string }> {
    const read = async (lock: boolean) =>
      (
        await tx.m.query(
          `SELECT id, name, active, account_id FROM expense_categories WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
          [id],
        )
      )[0] as { id: string; name: string; active: boolean; account_id: string | null } | undefined;
    let row = await read(false);
    if (!row) throw Errors.notFound();
    if (!row.active)
      throw new AppException('EXPENSE_CATEGORY_INACTIVE', HttpStatus.BAD_REQUEST, {
        name: row.name,
      });
    if (!row.account_id) {
      row = (await read(true))!;
      if (!row.account_id) {
        row.account_id = await createCategoryAccount(tx.m, row.name);
        await tx.m.query(`UPDATE expense_categories SET account_id = $2 WHERE id = $1`, [
          id,
          row.account_id,
        ]);
      }
    }
    return { id: row.id, name: row.name, accountId: row.account_id };
  }
}
