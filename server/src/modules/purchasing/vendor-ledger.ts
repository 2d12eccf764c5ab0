import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../core/database/ids';
import { Errors } from '../../core/errors/app.exception';
import type { VendorLedgerType } from './entities/vendor.entities';

/** Locks the vendor row (FOR UPDATE) and returns its balance. Lock vendors before vaults. */
export async function lockVendor(
  m: EntityManager,
  id: string,
): Promise<{
  id: string;
  name: string;
  balance: number;
  active: boolean;
  paymentTermsDays: number;
}> {
  const [row] = await m.query(
    'SELECT id, name, balance, active, payment_terms_days FROM vendors WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!row) throw Errors.notFound();
  return {
    id: row.id,
    name: row.name,
    balance: Number(row.balance),
    active: row.active,
    paymentTermsDays: Number(row.payment_terms_days),
  };
}

/**
 * The vendor's balance changes only together with a ledger row (amount > 0: the shop owes more;
 * a payment or a return is negative). Call lockVendor first in the same transaction.
 */
export async function postVendorLedger(
  m: EntityManager,
  entry: {
    vendorId: string;
    type: VendorLedgerType;
    amount: number;
    referenceType?: string | null;
    referenceId?: string | null;
    referenceNumber?: string | null;
    vaultId?: string | null;
    branchId?: string | null;
    userId: string | null;
    note?: string | null;
    id?: string;
  },
): Promise<number> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0)
    throw new Error(`vendor ledger amount must be a non-zero integer of piasters: ${entry.amount}`);
  const [[row]] = await m.query(
    'UPDATE vendors SET balance = balance + $2, updated_at = now() WHERE id = $1 RETURNING balance',
    [entry.vendorId, entry.amount],
  );
  const balanceAfter = Number(row.balance);
  await m.query(
    `INSERT INTO vendor_ledger (id, vendor_id, type, amount, balance_after, reference_type, reference_id, reference_number, vault_id, branch_id, user_id, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      entry.id ?? uuidv7(),
      entry.vendorId,
      entry.type,
      entry.amount,
      balanceAfter,
      entry.referenceType ?? null,
      entry.referenceId ?? null,
      entry.referenceNumber ?? null,
      entry.vaultId ?? null,
      entry.branchId ?? null,
      entry.userId,
      entry.note ?? null,
    ],
  );
  return balanceAfter;
}
