import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../../../core/auth/auth.types';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { formatPiasters, REFUSED_METHOD_TYPES } from '@pos/contracts';
import { AppException } from '../../../../core/errors/app.exception';
import { moveVault } from '../../../cash';
import {
  allocateToInvoices,
  lockCustomer,
  openCustomerInvoices,
  postCustomerLedger,
} from '../../customer-ledger';
import { ReceiveCustomerPaymentCommand } from './receive-customer-payment.command';

export type ReceiveCustomerPaymentResult = { created: boolean };

/**
 * ReceiveCustomerPayment: lowers the balance through the ledger. Without a vault the money goes
 * into the cashier's open shift (its expected cash), posted to the method's account — cash into
 * the drawer needs that open shift (SHIFT_NOT_OPEN, issue 30 item 14); with a vault (issue 15
 * item 6) it goes into that vault (`moveVault`, the ledger row records the vault), posted Dr the
 * vault's account / Cr customers. Locks: the customer, then the vault.
 *
 * Bounded and allocated (issue 30 item 13): under the customer's lock, more than the balance owed
 * is refused (CUSTOMER_PAYMENT_EXCEEDS_BALANCE) unless the clerk chose "advance / credit on
 * account" (`advance`, needs can_take_advance); so concurrent payments of the whole balance apply
 * once. The money settles the open sale invoices oldest first (`customer_payment_allocations`),
 * then the installments module applies what is left to the customer's plans (its subscriber to
 * `customer.payment.received`, `toPlans`); what is beyond both stays on the account.
 * A payment id seen before for the same customer is a retry.
 */
@CommandHandler(ReceiveCustomerPaymentCommand)
export class ReceiveCustomerPaymentHandler extends TransactionalCommandHandler<
  ReceiveCustomerPaymentCommand,
  ReceiveCustomerPaymentResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  /** The payment received before under this id, if any (a retry by its own id). */
  protected override async findOwn(
    command: ReceiveCustomerPaymentCommand,
  ): Promise<ReceiveCustomerPaymentResult | null> {
    const [done] = await this.runner.manager.query(
      'SELECT customer_id FROM customer_ledger WHERE id = $1',
      [command.dto.id],
    );
    if (!done) return null;
    if (done.customer_id !== command.customerId)
      throw new AppException('SALE_ID_CONFLICT', HttpStatus.CONFLICT);
    return { created: false };
  }

  protected async handle(
    { customerId, dto, user }: ReceiveCustomerPaymentCommand,
    tx: CommandTransaction,
  ): Promise<ReceiveCustomerPaymentResult> {
    const { m } = tx;
    const customer = await lockCustomer(m, customerId);
    const owed = Math.max(0, customer.balance);
    if (dto.amount > owed) {
      if (!dto.advance)
        throw new AppException('CUSTOMER_PAYMENT_EXCEEDS_BALANCE', HttpStatus.BAD_REQUEST, {
          amount: formatPiasters(dto.amount),
          owed: formatPiasters(owed),
        });
      if (!user.isAdmin && !user.permissions.includes('can_take_advance'))
        throw new AppException('CUSTOMER_ADVANCE_FORBIDDEN', HttpStatus.FORBIDDEN);
    }
    let methodType: string | null = null;
    if (dto.methodId) {
      const [method] = await m.query(
        `SELECT id, type FROM payment_methods WHERE id = $1 AND active AND type <> ALL($2)`,
        [dto.methodId, REFUSED_METHOD_TYPES.payIn],
      );
      if (!method) throw new AppException('PAYMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
      methodType = method.type;
    }
    const vault = dto.vaultId ? await paymentVault(m, user, dto.vaultId) : null;
    const [shift] = vault
      ? []
      : await m.query(`SELECT id FROM shifts WHERE cashier_id = $1 AND status = 'open'`, [user.id]);
    // Cash at the till goes into a drawer: the drawer of this user's open shift, like a sale's.
    if (!vault && !shift && methodType === 'cash')
      throw new AppException('SHIFT_NOT_OPEN', HttpStatus.BAD_REQUEST, {}, [
        { key: 'errors.SHIFT_NOT_OPEN_TILL' },
      ]);
    const { allocations, rest } = allocateToInvoices(
      await openCustomerInvoices(m, customerId),
      dto.amount,
    );
    const note = dto.note?.trim() || null;
    const balanceAfter = await postCustomerLedger(m, {
      id: dto.id,
      customerId,
      type: 'payment',
      amount: -dto.amount,
      referenceType: 'payment',
      methodId: dto.methodId ?? null,
      shiftId: shift?.id ?? null,
      vaultId: vault?.id ?? null,
      userId: user.id,
      note,
    });
    if (allocations.length)
      await m.query(
        `INSERT INTO customer_payment_allocations (payment_id, invoice_id, customer_id, amount)
         SELECT $1, a.id, $2, a.amount FROM unnest($3::uuid[], $4::bigint[]) AS a(id, amount)`,
        [dto.id, customerId, allocations.map((a) => a.invoiceId), allocations.map((a) => a.amount)],
      );
    const moved = vault
      ? await moveVault(m, {
          vaultId: vault.id,
          type: 'customer_payment',
          amount: dto.amount,
          sourceType: 'customer',
          sourceId: customerId,
          sourceNumber: customer.name,
          userId: user.id,
          note,
        })
      : null;
    await tx.raise('customer.payment.received', {
      paymentId: dto.id,
      customerId,
      branchId: vault?.branchId ?? user.branchId ?? null,
      methodId: dto.methodId ?? null,
      vaultId: vault?.id ?? null,
      accountId: moved?.accountId ?? null,
      amount: dto.amount,
      shiftId: shift?.id ?? null,
      balanceAfter,
      toPlans: rest,
    });
    tx.audit({
      action: 'customer.payment',
      entity: 'customer',
      entityId: customerId,
      after: {
        ...dto,
        allocations: allocations.map((a) => ({ number: a.number, amount: a.amount })),
      },
    });
    return { created: true };
  }
}

/**
 * The vault a payment goes into: an active vault (cash or bank) in the user's branch write scope
 * (any branch for an administrator). Collecting into a vault is back-office money, so it needs
 * can_see_totals besides can_see_customers (as paying a vendor does; docs/decisions/).
 */
async function paymentVault(
  m: EntityManager,
  user: AuthUser,
  vaultId: string,
): Promise<{ id: string; branchId: string }> {
  if (!user.isAdmin && !user.permissions.includes('can_see_totals'))
    throw new AppException('CUSTOMER_PAYMENT_VAULT_FORBIDDEN', HttpStatus.FORBIDDEN);
  const scope = branchWriteScope(user);
  const [vault] = await m.query('SELECT branch_id, active FROM vaults WHERE id = $1', [vaultId]);
  if (!vault || !vault.active || (scope && vault.branch_id !== scope))
    throw new AppException('CUSTOMER_PAYMENT_VAULT', HttpStatus.BAD_REQUEST);
  return { id: vaultId, branchId: vault.branch_id };
}
