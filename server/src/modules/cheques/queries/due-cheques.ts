import { CHEQUE_DUE_DAYS, CHEQUE_OPEN_STATUSES, type DueChequeDto } from '@pos/contracts';
import type { DataSource } from 'typeorm';
import { readStoreTimeZone } from '../../settings';
import { rowFields } from '../../../core/database/row-fields';

/**
 * The branch's open cheques falling due within CHEQUE_DUE_DAYS of the store's today, overdue ones
 * first (the dashboard's card; the caller checks can_see_vault_totals and the branch scope).
 */
export async function findDueCheques(ds: DataSource, branchId: string): Promise<DueChequeDto[]> {
  const tz = await readStoreTimeZone(ds);
  const rows = await ds.query(
    `SELECT c.id, c.direction, c.status, c.number, c.bank, to_char(c.due_date, 'YYYY-MM-DD') AS due_date, c.amount,
            COALESCE(cu.name, ve.name) AS party_name
       FROM cheques c LEFT JOIN customers cu ON cu.id = c.customer_id LEFT JOIN vendors ve ON ve.id = c.vendor_id
      WHERE c.branch_id = $1 AND c.status = ANY($2) AND c.due_date <= (now() AT TIME ZONE $3)::date + $4::int
      ORDER BY c.due_date, c.number LIMIT 20`,
    [branchId, CHEQUE_OPEN_STATUSES, tz, CHEQUE_DUE_DAYS],
  );
  return rows.map((r: Record<string, unknown>) => ({
    ...rowFields(r, ['id', 'direction', 'status', 'number', 'bank', 'due_date']),
    amount: Number(r.amount),
    partyName: (r.party_name as string) ?? '',
  }));
}
