import type { DevicePaymentMethod } from '@pos/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** The active payment methods, for the till's device catalog (always sent whole: a few rows). */
export async function devicePaymentMethods(
  db: DataSource | EntityManager,
): Promise<DevicePaymentMethod[]> {
  const rows: DevicePaymentMethod[] = await db.query(
    `SELECT id, name_ar AS "nameAr", name_en AS "nameEn", type, sort_order AS "sortOrder"
       FROM payment_methods WHERE active ORDER BY sort_order, name_ar`,
  );
  return rows;
}
