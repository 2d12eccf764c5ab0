// How many sales this device's outbox (features/pos/offline/outbox, issue 32) still has to send:
// the shift page asks before a shift is closed, since a shift closes only once its sales are in.
// Read without the outbox's own code (the database by name, Dexie loaded only when asked).

export const OUTBOX_DB_NAME = 'pos-outbox';

export async function outboxWaitingCount(): Promise<number> {
  if (typeof indexedDB === 'undefined') return 0;
  const { Dexie } = await import('dexie');
  if (!(await Dexie.exists(OUTBOX_DB_NAME))) return 0;
  const db = new Dexie(OUTBOX_DB_NAME);
  try {
    await db.open();
    return db.tables.some((t) => t.name === 'queue') ? await db.table('queue').count() : 0;
  } finally {
    db.close();
  }
}
