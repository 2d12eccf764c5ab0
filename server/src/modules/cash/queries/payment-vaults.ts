import type { CustomerPaymentVaultDto } from '@pos/contracts';
import type { DataSource } from 'typeorm';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchWriteScope } from '../../../core/auth/branch-scope';
import { rowFields } from '../../../core/database/row-fields';

/**
 * The active vaults a payment may go into or come from (a customer's payment, a vendor's): the
 * user's branch's, every branch for an administrator; the user's branch first, its main vault first.
 */
export async function paymentVaults(
  ds: DataSource,
  user: AuthUser,
): Promise<CustomerPaymentVaultDto[]> {
  const rows = await ds.query(
    `SELECT v.id, v.name, v.type, v.branch_id, b.name AS branch_name, v.is_main
       FROM vaults v JOIN branches b ON b.id = v.branch_id
      WHERE v.active AND ($1::uuid IS NULL OR v.branch_id = $1)
      ORDER BY v.branch_id = $2::uuid DESC NULLS LAST, b.name, NOT v.is_main, v.type, v.name`,
    [branchWriteScope(user), user.branchId ?? null],
  );
  return rows.map((r: Record<string, unknown>) => ({
    ...rowFields(r, ['id', 'name', 'type', 'branch_id', 'branch_name', 'is_main']),
  }));
}
