import type { EntityManager } from 'typeorm';

/**
 * Keeps a national id another module learnt (an installment plan's buyer) on the customer, when
 * the customer has none yet; one they have is never overwritten.
 */
export async function fillNationalId(
  m: EntityManager,
  customerId: string,
  nationalId: string,
): Promise<void> {
  await m.query(
    `UPDATE customers SET national_id = $2, updated_at = now()
      WHERE id = $1 AND (national_id IS NULL OR btrim(national_id) = '')`,
    [customerId, nationalId],
  );
}
