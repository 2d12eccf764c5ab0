import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { formatPiasters } from '@pos/contracts';
import { uuidv7 } from '../../../../core/database/ids';
import { allocateCustomerCredit, lockCustomer, postCustomerLedger } from '../../../customers';
import { lockVendor, postVendorLedger } from '../../../purchasing';
import { insertChequeEvent } from '../../cheque-flow';
import { RecordChequeCommand } from './record-cheque.command';

export type RecordChequeResult = { id: string; created: boolean };

/**
 * RecordCheque: a received cheque pays the customer's account (a 'payment' row of their ledger,
 * the money now sits in cheques receivable); an issued cheque pays the vendor (a 'payment' row of
 * the vendor's ledger against cheques payable). No vault moves until the cheque clears. The
 * client's id makes a retry harmless; the same cheque (bank and number) cannot be recorded twice.
 */
@CommandHandler(RecordChequeCommand)
export class RecordChequeHandler extends TransactionalCommandHandler<
  RecordChequeCommand,
  RecordChequeResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: RecordChequeCommand,
    tx: CommandTransaction,
  ): Promise<RecordChequeResult> {
    const { m } = tx;
    const received = dto.direction === 'received';
    const partyId = received ? dto.customerId : dto.vendorId;
    if (!partyId || (received ? dto.vendorId : dto.customerId))
      throw new AppException('CHEQUE_PARTY_REQUIRED', HttpStatus.BAD_REQUEST);
    const scope = branchWriteScope(user);
    const branchId = dto.branchId ?? user.branchId ?? null;
    if (!branchId) throw new AppException('CHEQUE_BRANCH_REQUIRED', HttpStatus.BAD_REQUEST);
    if (scope && branchId !== scope) throw Errors.forbidden();
    const [branch] = await m.query('SELECT id FROM branches WHERE id = $1', [branchId]);
    if (!branch) throw Errors.notFound();

    // Locks: the party first, then the cheque (its id), as every cheque command.
    const customer = received ? await lockCustomer(m, partyId) : null;
    if (!received) await lockVendor(m, partyId);
    const [seen] = await m.query(
      'SELECT direction, customer_id, vendor_id FROM cheques WHERE id = $1 FOR UPDATE',
      [dto.id],
    );
    if (seen) {
      if (seen.direction !== dto.direction || (seen.customer_id ?? seen.vendor_id) !== partyId)
        throw new AppException('ID_ALREADY_EXISTS', HttpStatus.CONFLICT);
      return { id: dto.id, created: false };
    }
    const number = dto.number.trim();
    const bank = dto.bank.trim();
    const [duplicate] = await m.query(
      `SELECT 1 FROM cheques WHERE direction = $1 AND lower(bank) = lower($2) AND number = $3 AND status <> 'cancelled'`,
      [dto.direction, bank, number],
    );
    if (duplicate)
      throw new AppException('CHEQUE_DUPLICATE', HttpStatus.CONFLICT, { number, bank });

    // Bounded like a customer payment (issue 30 item 13): at most what the customer owes, unless
    // the clerk chose an advance, which needs can_take_advance.
    if (customer && dto.amount > Math.max(0, customer.balance)) {
      if (!dto.advance)
        throw new AppException('CUSTOMER_PAYMENT_EXCEEDS_BALANCE', HttpStatus.BAD_REQUEST, {
          amount: formatPiasters(dto.amount),
          owed: formatPiasters(Math.max(0, customer.balance)),
        });
      if (!user.isAdmin && !user.permissions.includes('can_take_advance'))
        throw new AppException('CUSTOMER_ADVANCE_FORBIDDEN', HttpStatus.FORBIDDEN);
    }

    const status = received ? 'received' : 'issued';
    const note = dto.note?.trim() || null;
    await m.query(
      `INSERT INTO cheques (id, direction, status, number, bank, due_date, amount, customer_id, vendor_id, branch_id, note, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        dto.id,
        dto.direction,
        status,
        number,
        bank,
        dto.dueDate,
        dto.amount,
        received ? partyId : null,
        received ? null : partyId,
        branchId,
        note,
        user.id,
      ],
    );
    await insertChequeEvent(m, dto.id, null, status, { userId: user.id, note });
    const reference = { referenceType: 'cheque', referenceId: dto.id, userId: user.id, note };
    let credit: { ledgerId: string; balanceAfter: number; toPlans: number } | null = null;
    if (received) {
      // Its ledger row settles the open invoices oldest first; the rest goes to the plans (the
      // installments module, on cheque.recorded), what is beyond both stays an advance.
      const ledgerId = uuidv7();
      const balanceAfter = await postCustomerLedger(m, {
        id: ledgerId,
        customerId: partyId,
        type: 'payment',
        amount: -dto.amount,
        ...reference,
      });
      const { rest } = await allocateCustomerCredit(m, {
        customerId: partyId,
        ledgerId,
        amount: dto.amount,
      });
      credit = { ledgerId, balanceAfter, toPlans: rest };
    } else
      await postVendorLedger(m, {
        vendorId: partyId,
        type: 'payment',
        amount: -dto.amount,
        referenceNumber: number,
        branchId,
        ...reference,
      });
    await tx.raise('cheque.recorded', {
      chequeId: dto.id,
      number,
      direction: dto.direction,
      from: null,
      to: status,
      branchId,
      partyType: received ? 'customer' : 'vendor',
      partyId,
      amount: dto.amount,
      vaultId: null,
      vaultAccountId: null,
      userId: user.id,
      ...(credit ?? {}),
    });
    tx.audit({ action: 'cheque.record', entity: 'cheque', entityId: dto.id, after: dto });
    return { id: dto.id, created: true };
  }
}
