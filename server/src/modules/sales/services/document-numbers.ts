import type { EntityManager } from 'typeorm';

/**
 * Gap-free numbers: the counter row is bumped inside the document's transaction, so a rolled-back
 * sale gives its number back. Sales count per register (B01-R02-000123), so cashiers on different
 * registers never wait on one row.
 */
export async function nextNumber(m: EntityManager, key: string): Promise<number> {
  const [row] = await m.query(
    `INSERT INTO document_sequences (key, last) VALUES ($1, 1)
     ON CONFLICT (key) DO UPDATE SET last = document_sequences.last + 1
     RETURNING last`,
    [key],
  );
  return Number(row.last);
}

export async function branchCode(m: EntityManager, branchId: string): Promise<string> {
  const [row] = await m.query('SELECT code FROM branches WHERE id = $1', [branchId]);
  return row?.code ?? 'B00';
}

/** B01-R02-000123: the branch code, the register, then the register's counter (6 digits or more). */
export const saleNumberPrefix = (code: string, register: number) => `${code}-R${String(register).padStart(2, '0')}-`;
export const saleSequenceKey = (branchId: string, register: number) => `sale:${branchId}:${register}`;

/** A sale's number inside the sale's own write statement: the register's counter bumped in a CTE yielding `number`. */
export const SALE_NUMBER_CTE = (keyParam: string, prefixParam: string) => `seq AS (
  INSERT INTO document_sequences (key, last) VALUES (${keyParam}, 1)
  ON CONFLICT (key) DO UPDATE SET last = document_sequences.last + 1
  RETURNING ${prefixParam}::text || lpad(last::text, greatest(6, length(last::text)), '0') AS number)`;

export async function returnNumber(m: EntityManager, branchId: string): Promise<string> {
  const code = await branchCode(m, branchId);
  const n = await nextNumber(m, `return:${branchId}`);
  return `${code}-RT-${String(n).padStart(6, '0')}`;
}
