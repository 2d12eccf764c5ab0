import type { DeviceReceiptData } from '@pos/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** What the receipt prints besides the sale (the store's lines), for the till's device catalog. */
export async function deviceReceiptData(
  db: DataSource | EntityManager,
): Promise<DeviceReceiptData | null> {
  const [row] = await db.query(
    `SELECT phone_number AS "phoneNumber", second_phone_number AS "secondPhoneNumber", address,
            recepit_info AS "recepitInfo", receipt_footer_image AS "receiptFooterImage"
       FROM store_info ORDER BY id LIMIT 1`,
  );
  return (row as DeviceReceiptData | undefined) ?? null;
}
