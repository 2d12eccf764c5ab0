import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { formatPiasters, type MoneyTransactionStatus } from '@pos/contracts';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { branchDocumentNumber } from '../../../../core/numbering';
import { assertActive, assertVaultInScope, lockVaults, pushTransfer } from '../../money-rules';
import { moveVault } from '../../vault-ledger';
import { RecordMoneyTransactionCommand } from './record-money-transaction.command';

/** Which clearing account a settled payment method's receipts sit on until the bank pays them. */
const CLEARING: Record<string, string> = { card: 'card_clearing', wallet: 'wallet_clearing' };

/**
 * RecordMoneyTransaction, in one transaction: the vaults locked in id order, the rules, the
 * movements (out of the source, into the destination; a transfer to another branch leaves its
 * vault now and waits in transit for the receiver), the numbered document, the audit row and
 * `money.transaction.posted` (the accounting subscriber posts it). A retry with the same id
 * answers the first one.
 */
@CommandHandler(RecordMoneyTransactionCommand)
export class RecordMoneyTransactionHandler extends TransactionalCommandHandler<
  RecordMoneyTransactionCommand,
  { id: string; created: boolean }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: RecordMoneyTransactionCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string; created: boolean }> {
    const { m } = tx;
    const id = dto.id ?? uuidv7();
    if (dto.id) {
      const [seen] = await m.query('SELECT id FROM money_transactions WHERE id = $1', [id]);
      if (seen) return { id, created: false };
    }
    const type = dto.type;
    const fromId = ['withdrawal', 'transfer', 'drawings_out'].includes(type)
      ? dto.fromVaultId!
      : null;
    const toId = ['deposit', 'transfer', 'capital_in', 'settlement'].includes(type)
      ? dto.toVaultId!
      : null;
    if (fromId && fromId === toId)
      throw new AppException('MONEY_TRANSFER_SAME_VAULT', HttpStatus.BAD_REQUEST);
    const vaults = await lockVaults(tx, [fromId, toId]);
    const from = fromId ? vaults.get(fromId)! : null;
    const to = toId ? vaults.get(toId)! : null;
    // The user acts on their own branch's vault: the source, or the destination of money coming in.
    if (from) assertVaultInScope(user, from);
    else if (to) assertVaultInScope(user, to);
    if (to) assertActive(to);

    let methodType: string | null = null;
    if (type === 'settlement') methodType = await this.checkSettlement(tx, dto, to!);

    const branchId = (from ?? to)!.branchId;
    const crossBranch = !!from && !!to && from.branchId !== to.branchId;
    const status: MoneyTransactionStatus = crossBranch ? 'pending' : 'confirmed';
    const number = await branchDocumentNumber(m, 'money', branchId);
    const reason = dto.reason.trim();
    const source = { sourceType: 'money_transaction', sourceId: id, sourceNumber: number };
    const move = { ...source, userId: user.id, note: reason };

    if (from)
      await moveVault(m, {
        ...move,
        vaultId: from.id,
        type: type === 'transfer' ? 'transfer_out' : type,
        amount: -dto.amount,
        counterVaultId: to?.id ?? null,
      });
    if (to && !crossBranch)
      await moveVault(m, {
        ...move,
        vaultId: to.id,
        type: type === 'transfer' ? 'transfer_in' : type,
        amount: dto.amount,
        counterVaultId: from?.id ?? null,
      });

    const row = {
      id,
      number,
      type,
      status,
      amount: dto.amount,
      fromVaultId: from?.id ?? null,
      toVaultId: to?.id ?? null,
      branchId,
      toBranchId: to?.branchId ?? null,
      paymentMethodId: type === 'settlement' ? dto.paymentMethodId! : null,
      reason,
    };
    await m.query(
      `INSERT INTO money_transactions (id, number, type, status, amount, from_vault_id, to_vault_id, branch_id, to_branch_id, payment_method_id, reason, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        number,
        type,
        status,
        dto.amount,
        row.fromVaultId,
        row.toVaultId,
        branchId,
        row.toBranchId,
        row.paymentMethodId,
        reason,
        user.id,
      ],
    );
    tx.audit({ action: `money.${type}`, entity: 'money_transaction', entityId: id, after: row });
    await tx.raise('money.transaction.posted', {
      transactionId: id,
      number,
      type,
      phase: crossBranch ? 'sent' : 'complete',
      amount: dto.amount,
      fromBranchId: branchId,
      toBranchId: to?.branchId ?? null,
      fromAccountId: from?.accountId ?? null,
      toAccountId: to?.accountId ?? null,
      methodType,
      reason,
      userId: user.id,
    });
    if (crossBranch)
      pushTransfer(tx, {
        transactionId: id,
        number,
        amount: dto.amount,
        fromBranchId: branchId,
        toBranchId: to!.branchId,
        status,
      });
    return { id, created: true };
  }

  /**
   * A settlement moves card or wallet receipts from their clearing account into a bank vault; it
   * cannot settle more than the branch's receipts still unsettled (the clearing account's balance
   * at the branch). The clearing account's row is locked (NO KEY UPDATE: sales posting to it are
   * not blocked) so two settlements cannot both take the same receipts.
   */
  private async checkSettlement(
    tx: CommandTransaction,
    dto: RecordMoneyTransactionCommand['dto'],
    to: { type: string; branchId: string },
  ): Promise<string> {
    const [method] = await tx.m.query('SELECT type FROM payment_methods WHERE id = $1', [
      dto.paymentMethodId,
    ]);
    const clearing = method ? CLEARING[method.type as string] : undefined;
    if (!clearing) throw new AppException('SETTLEMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
    if (to.type !== 'bank') throw new AppException('SETTLEMENT_NOT_BANK', HttpStatus.BAD_REQUEST);
    const [account] = await tx.m.query(
      'SELECT id FROM accounts WHERE system_key = $1 FOR NO KEY UPDATE',
      [clearing],
    );
    const [{ available }] = await tx.m.query(
      `SELECT COALESCE(sum(debit - credit), 0)::bigint AS available FROM journal_lines
        WHERE account_id = $1 AND branch_id = $2`,
      [account.id, to.branchId],
    );
    if (dto.amount > Number(available))
      throw new AppException('SETTLEMENT_EXCEEDS', HttpStatus.BAD_REQUEST, {
        available: formatPiasters(Math.max(0, Number(available))),
      });
    return method.type as string;
  }
}
