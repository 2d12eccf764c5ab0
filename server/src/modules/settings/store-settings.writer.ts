import type { EntityManager } from 'typeorm';
import { loadConfig } from '../../core/config/config';

/**
 * The store settings belong to this module: another module changes a setting through these (in
 * the caller's transaction), never with its own SQL (issue 31).
 */

/** Makes the settings row on first use (the configured time zone) and locks it. */
export async function lockStoreSettings(m: EntityManager): Promise<void> {
  await ensureStoreSettings(m);
  await m.query(`SELECT 1 FROM store_settings WHERE id = 1 FOR UPDATE`);
}

/** The one store settings row, made when missing: its time zone from STORE_TIME_ZONE. */
export async function ensureStoreSettings(m: EntityManager): Promise<void> {
  await m.query(
    `INSERT INTO store_settings (id, time_zone) VALUES (1, $1) ON CONFLICT DO NOTHING`,
    [loadConfig().storeTimeZone],
  );
}

/** The books' lock date (accounting's CloseBooks checks it moves forward only). */
export async function setBooksClosedUntil(m: EntityManager, until: string): Promise<void> {
  await m.query(`UPDATE store_settings SET books_closed_until = $1 WHERE id = 1`, [until]);
}
