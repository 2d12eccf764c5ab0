import 'fake-indexeddb/auto';
import type { CreateSaleDto } from '@pos/contracts';
import { newId } from '../../../../shared/lib/ids';
import { OutboxDb } from './db';
import { dismissedSales, dismissRefused } from './dismiss';
import { deviceIdentity, enqueueSale, moveToRefused, refusedSales } from './store';

let n = 0;
const refusedOne = async () => {
  const db = new OutboxDb(`outbox-dismiss-test-${++n}`);
  await deviceIdentity(db, 'POS 1');
  const dto: CreateSaleDto = {
    id: newId(),
    lines: [{ variantId: newId(), quantity: 1 }],
    payments: [],
  };
  const row = await enqueueSale({ dto, total: 1000, userId: 'u1', offline: true }, db);
  await moveToRefused(row.id, { status: 409, code: 'NO_OPEN_SHIFT', reason: 'No shift' }, db);
  return { db, id: row.id };
};
const manager = { id: 'm1', name: 'Manager' };

describe('dismissing a refused sale (issue 32)', () => {
  it('moves it to the device trail with the reason, the user and the time; never deletes it', async () => {
    const { db, id } = await refusedOne();
    const at = new Date('2026-12-05T10:00:00Z');
    await expect(
      dismissRefused(id, { reason: '  re-entered as B01-R01-000123 ', by: manager }, db, at),
    ).resolves.toBe(true);
    expect(await refusedSales(db)).toEqual([]);
    const [kept] = await dismissedSales(db);
    expect(kept).toMatchObject({
      id,
      total: 1000,
      reason: 'No shift',
      dismissReason: 're-entered as B01-R01-000123',
      dismissedBy: manager,
      dismissedAt: at.toISOString(),
    });
    expect(kept.dto.id).toBe(id);
    // a second dismissal (another tab) finds nothing left to move
    await expect(dismissRefused(id, { reason: 'again', by: manager }, db)).resolves.toBe(false);
    expect(await dismissedSales(db)).toHaveLength(1);
  });

  it('refuses a missing or too short reason and leaves the sale on the refused list', async () => {
    const { db, id } = await refusedOne();
    await expect(dismissRefused(id, { reason: '   ', by: manager }, db)).rejects.toThrow(
      RangeError,
    );
    await expect(dismissRefused(id, { reason: 'ok', by: manager }, db)).rejects.toThrow(RangeError);
    expect(await refusedSales(db)).toHaveLength(1);
    expect(await dismissedSales(db)).toEqual([]);
  });
});
