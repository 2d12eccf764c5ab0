import type { LiveEvent, PermissionKey } from '@pos/contracts';
import { OutboxService } from '../../server/src/core/outbox/outbox.service';
import { ApiKeysService } from '../../server/src/modules/api-keys/services/api-keys.service';
import {
  LiveClient,
  sessionCookie,
  connectLive,
  sleep,
  startListeningApp,
  waitFor,
  type ListeningApp,
} from '../medium/support/live';

// Issue 30 item 11, the socket side: a live push reaches an API key's socket only where the read it
// mirrors admits that key (the HTTP rule of `@Authenticated({ apiKey })`), and only from the key's
// branch. Events open to "any signed-in user" (a shift, the repair counts, reservations, delivery)
// reach a signed-in user of the branch but no key, whatever the key holds.
process.env.REALTIME_SESSION_CHECK_MS = '300';
process.env.OUTBOX_SWEEP_MS = '300';

describe('API keys are bounded by their permissions on the live socket', () => {
  let t: ListeningApp;
  let branchA: string;
  let branchB: string;
  let variant: string;
  let inventoryA: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await startListeningApp();
    [{ id: branchA }, { id: branchB }] = await t.ds.query(
      'SELECT id FROM branches ORDER BY created_at LIMIT 2',
    );
    [{ id: variant }] = await t.ds.query('SELECT id FROM variants ORDER BY sku LIMIT 1');
    [{ id: inventoryA }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 ORDER BY is_default DESC LIMIT 1',
      [branchA],
    );
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });

  const keySocket = async (permissions: PermissionKey[]) => {
    const created = await t.app
      .get(ApiKeysService)
      .create(
        { name: `مفتاح البث ${clients.length + 1}`, permissions, branchId: branchA },
        { ip: null, userAgent: null, userId: null },
      );
    const c = new LiveClient(t.port, undefined, { token: created.key });
    clients.push(c);
    await c.connected();
    return c;
  };
  const commit = (branchId: string, type: LiveEvent['type'], payload: unknown) =>
    t.ds.transaction((m) =>
      t.app.get(OutboxService).add(m, branchId, type, payload as LiveEvent['payload']),
    );
  const has = (c: LiveClient, id: string) => c.events.some((e) => e.id === id);

  it('delivers to a key only what its permissions allow in its own branch; never what only a signed-in user may read', async () => {
    const products = await keySocket(['can_see_products']);
    const unrelated = await keySocket(['can_see_customers']);
    // Every permission any push names, and view_all_shifts besides: still no "any user" events.
    const wide = await keySocket([
      'can_see_products',
      'can_see_invoices',
      'can_see_invoices_totals',
      'can_see_near_end_products',
      'view_all_shifts',
      'can_see_shift_totals',
      'can_see_installments',
    ]);
    const manager = await connectLive(t.port, (await sessionCookie(t, 'admin')).cookie);
    clients.push(manager);

    const stock = { variantId: variant, inventoryId: inventoryA, onHand: 3, reserved: 0 };
    const stockA = await commit(branchA, 'stock.changed', stock);
    const stockB = await commit(branchB, 'stock.changed', stock);
    const shift = await commit(branchA, 'shift.opened', {
      shiftId: '00000000-0000-4000-8000-000000000001',
      cashierId: '00000000-0000-4000-8000-000000000002',
      cashierName: 'كاشير',
      register: 5,
      status: 'open',
    });
    const repairs = await commit(branchA, 'maintenance.counts', { ready: 1, open: 2 });
    const reservation = await commit(branchA, 'reservation.changed', { id: variant });
    const delivery = await commit(branchA, 'delivery.changed', { id: variant });
    const low = await commit(branchA, 'stock.low', { count: 1, variantIds: [variant] });
    const sent = [stockA, stockB, shift, repairs, reservation, delivery, low];

    // The signed-in administrator gets them all: the pushes went out.
    await waitFor(() => sent.every((id) => has(manager, id)), 10_000, 'the admin receives all');
    await waitFor(() => has(products, stockA) && has(wide, low), 10_000, 'the keys receive theirs');
    await sleep(500);
    expect(has(products, stockB)).toBe(false); // another branch
    expect(has(products, low)).toBe(false); // no can_see_near_end_products
    expect(unrelated.events).toEqual([]);
    for (const id of [shift, repairs, reservation, delivery]) {
      expect(has(products, id)).toBe(false);
      expect(has(wide, id)).toBe(false);
    }
    expect(has(wide, stockA)).toBe(true);
    expect(has(wide, stockB)).toBe(false); // no can_see_branches: its branch only
  });
});
