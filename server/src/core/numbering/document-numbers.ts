import type { EntityManager } from 'typeorm';

// The one numbering service: every numbered document (sales per register, returns, transfers,
// stock-takings, and the modules to come) takes its number here, inside its own transaction.

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
export const saleNumberPrefix = (code: string, register: number) =>
  `${code}-R${String(register).padStart(2, '0')}-`;
export const saleSequenceKey = (branchId: string, register: number) =>
  `sale:${branchId}:${register}`;

/** A sale's number inside the sale's own write statement: the register's counter bumped in a CTE yielding `number`. */
export const SALE_NUMBER_CTE = (keyParam: string, prefixParam: string) => `seq AS (
  INSERT INTO document_sequences (key, last) VALUES (${keyParam}, 1)
  ON CONFLICT (key) DO UPDATE SET last = document_sequences.last + 1
  RETURNING ${prefixParam}::text || lpad(last::text, greatest(6, length(last::text)), '0') AS number)`;

/** The documents numbered per branch, with the letters their numbers carry. */
const BRANCH_DOCUMENTS = {
  return: 'RT',
  transfer: 'TR',
  stocktaking: 'ST',
  purchase_order: 'PO',
  expense: 'EX',
  purchase: 'PI',
  purchase_return: 'PR',
  money: 'MT',
  installment_plan: 'IP',
  installment_payment: 'IC',
  maintenance: 'MN',
  reservation: 'RV',
  delivery: 'DL',
  delivery_settlement: 'DS',
} as const;
export type BranchDocumentKind = keyof typeof BRANCH_DOCUMENTS;

/** B01-RT-000042: the branch code, the document's letters, then the branch's counter for that kind. */
export async function branchDocumentNumber(
  m: EntityManager,
  kind: BranchDocumentKind,
  branchId: string,
): Promise<string> {
  const code = await branchCode(m, branchId);
  const n = await nextNumber(m, `${kind}:${branchId}`);
  return `${code}-${BRANCH_DOCUMENTS[kind]}-${String(n).padStart(6, '0')}`;
}
