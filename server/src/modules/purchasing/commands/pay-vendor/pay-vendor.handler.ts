import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import type { AuthUser } from '../../../../core/auth/auth.types';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { formatPiasters, LIMITS } from '@pos/contracts';
import { AppException, paymentTooLarge } from '../../../../core/errors/app.exception';
import { branchCode, nextNumber } from '../../../../core/numbering';
import { branchMainVault, moveVault } from '../../../cash';
import { lockVendor, postVendorLedger } from '../../vendor-ledger';
import { PayVendorCommand } from './pay-vendor.command';

export type PayVendorResult = { id: string; number: string; created: boolean };

type OpenInvoice = { id: string; number: string; open: number };

/** How a payment settles open invoices, in the order given: each takes what it still needs. */
export function allocate(
  invoices: readonly OpenInvoice[],
  amount: number,
): { allocations: { invoiceId: string; amount: number }[]; unallocated: number } {
  let left = amount;
  const allocations: { invoiceId: string; amount: number }[] = [];
  for (const invoice of invoices) {
    if (left === 0) break;
    const take = Math.min(invoice.open, left);
    if (take <= 0) continue;
    allocations.push({ invoiceId: invoice.id, amount: take });
    left -= take;
  }
  return { allocations, unallocated: left };
}

const vaultRefused = () => new AppException('VENDOR_PAYMENT_VAULT', HttpStatus.BAD_REQUEST);

/** The vault the money leaves: the one chosen (in the user's branch write scope) or the branch's main one. */
async function paymentVault(
  m: EntityManager,
  user: AuthUser,
  vaultId?: string,
): Promise<{ id: string; branchId: string }> {
  const scope = branchWriteScope(user);
  if (!vaultId) {
    if (!user.branchId) throw vaultRefused();
    return { id: (await branchMainVault(m, user.branchId)).id, branchId: user.branchId };
  }
  const [vault] = await m.query('SELECT branch_id FROM vaults WHERE id = $1', [vaultId]);
  if (!vault || (scope && vault.branch_id !== scope)) throw vaultRefused();
  return { id: vaultId, branchId: vault.branch_id };
}

/**
 * Locks the invoices the payment may settle, in id order (after the vendor; before the vault):
 * the ones picked (each must be an open invoice of this vendor) or every open one. Answered
 * oldest first (invoice date, then id).
 */
async function lockOpenInvoices(
  m: EntityManager,
  vendorId: string,
  picked?: string[],
): Promise<OpenInvoice[]> {
  const rows: {
    id: string;
    number: string;
    vendor_id: string;
    status: string;
    open: string;
    invoice_date: string;
  }[] = picked?.length
    ? await m.query(
        `SELECT id, number, vendor_id, status, invoice_date::text, total - paid - returned AS open
           FROM purchase_invoices WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [picked],
      )
    : await m.query(
        `SELECT id, number, vendor_id, status, invoice_date::text, total - paid - returned AS open
           FROM purchase_invoices
          WHERE vendor_id = $1 AND status = 'posted' AND paid + returned < total
          ORDER BY id FOR UPDATE`,
        [vendorId],
      );
  if (picked?.length) {
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const id of picked) {
      const r = found.get(id);
      if (!r || r.vendor_id !== vendorId || r.status !== 'posted' || Number(r.open) <= 0)
        throw new AppException('VENDOR_INVOICE_NOT_OPEN', HttpStatus.BAD_REQUEST, {
          number: r?.number ?? id,
        });
    }
  }
  return [...rows]
    .sort((a, b) => a.invoice_date.localeCompare(b.invoice_date) || a.id.localeCompare(b.id))
    .map((r) => ({ id: r.id, number: r.number, open: Number(r.open) }));
}

/**
 * PayVendor (issue 14 item 4): money leaves a vault for a vendor. It settles the vendor's open
 * purchase invoices oldest first (or the ones picked, oldest first); what is beyond them stays on
 * the vendor's account as an advance, so the balance may go below zero (the vendor owes the shop).
 * One transaction: the vendor row, then the invoices (id order), then the vault are locked; a
 * 'payment' ledger row, the payment and its allocations, each invoice's `paid`, the vault's
 * movement, the `vendor.payment.made` fact (accounting: Dr vendors / Cr the vault's account) and
 * an audit row. A payment id seen before for the same vendor is a retry and answers the payment.
 */
@CommandHandler(PayVendorCommand)
export class PayVendorHandler extends TransactionalCommandHandler<
  PayVendorCommand,
  PayVendorResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  /** The payment made before under this id, if any. */
  protected override async findOwn(command: PayVendorCommand): Promise<PayVendorResult | null> {
    const [done] = await this.runner.manager.query(
      'SELECT vendor_id, number FROM vendor_payments WHERE id = $1',
      [command.dto.id],
    );
    if (!done) return null;
    if (done.vendor_id !== command.vendorId)
      throw new AppException('VENDOR_PAYMENT_ID_CONFLICT', HttpStatus.CONFLICT);
    return { id: command.dto.id, number: done.number, created: false };
  }

  protected async handle(
    { vendorId, dto, user }: PayVendorCommand,
    tx: CommandTransaction,
  ): Promise<PayVendorResult> {
    const { m } = tx;
    const vendor = await lockVendor(m, vendorId);
    // Beyond one payment's limit: what is owed is named first when the amount is beyond it too
    // (issue 30 item 2); within the limit, what is beyond the balance stays an advance.
    if (dto.amount > LIMITS.documentTotal) {
      if (dto.amount > vendor.balance)
        throw new AppException('VENDOR_PAYMENT_OVER_BALANCE', HttpStatus.BAD_REQUEST, {
          amount: formatPiasters(dto.amount),
          balance: formatPiasters(Math.max(0, vendor.balance)),
        });
      throw paymentTooLarge('amount');
    }
    const { id: vaultId, branchId } = await paymentVault(m, user, dto.vaultId);
    const invoices = await lockOpenInvoices(m, vendorId, dto.invoiceIds);
    const { allocations, unallocated } = allocate(invoices, dto.amount);
    const allocated = dto.amount - unallocated;

    const number = `${await branchCode(m, branchId)}-VP-${String(
      await nextNumber(m, `vendor_payment:${branchId}`),
    ).padStart(6, '0')}`;
    const note = dto.note?.trim() || null;

    const balanceAfter = await postVendorLedger(m, {
      vendorId,
      type: 'payment',
      amount: -dto.amount,
      referenceType: 'vendor_payment',
      referenceId: dto.id,
      referenceNumber: number,
      vaultId,
      branchId,
      userId: user.id,
      note,
    });
    await m.query(
      `INSERT INTO vendor_payments (id, number, vendor_id, vault_id, branch_id, amount, allocated, balance_after, note, user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        dto.id,
        number,
        vendorId,
        vaultId,
        branchId,
        dto.amount,
        allocated,
        balanceAfter,
        note,
        user.id,
      ],
    );
    if (allocations.length) {
      const ids = allocations.map((a) => a.invoiceId);
      const amounts = allocations.map((a) => a.amount);
      await m.query(
        `INSERT INTO vendor_payment_allocations (payment_id, invoice_id, amount)
         SELECT $1, a.id, a.amount FROM unnest($2::uuid[], $3::bigint[]) AS a(id, amount)`,
        [dto.id, ids, amounts],
      );
      await m.query(
        `UPDATE purchase_invoices i SET paid = i.paid + a.amount, updated_at = now()
           FROM unnest($1::uuid[], $2::bigint[]) AS a(id, amount) WHERE i.id = a.id`,
        [ids, amounts],
      );
    }
    const moved = await moveVault(m, {
      vaultId,
      type: 'vendor_payment',
      amount: -dto.amount,
      sourceType: 'vendor_payment',
      sourceId: dto.id,
      sourceNumber: number,
      userId: user.id,
      note: vendor.name,
    });
    await tx.raise('vendor.payment.made', {
      paymentId: dto.id,
      number,
      vendorId,
      branchId,
      vaultId,
      accountId: moved.accountId,
      amount: dto.amount,
      allocated,
      userId: user.id,
      balanceAfter,
    });
    tx.audit({
      action: 'vendor.payment',
      entity: 'vendor',
      entityId: vendorId,
      after: { paymentId: dto.id, number, amount: dto.amount, vaultId, allocations, unallocated },
    });
    return { id: dto.id, number, created: true };
  }
}
