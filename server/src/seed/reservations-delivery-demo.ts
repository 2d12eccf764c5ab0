import type { DataSource } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import type { DeliveryAction } from '@pos/contracts';
import {
  CreateDeliveryCommand,
  CreateDeliveryHandler,
  DeliveryPostJournalHandler,
  SettleDriverCommand,
  SettleDriverHandler,
  StepDeliveryCommand,
  StepDeliveryHandler,
} from '../modules/delivery';
import { StockLedger } from '../modules/inventory';
import {
  CreateReservationCommand,
  CreateReservationHandler,
  ExpireReservationsCommand,
  ExpireReservationsHandler,
  ReservationPostJournalHandler,
} from '../modules/reservations';
import type { SaleWriter } from '../modules/sales';
import { LoyaltyPostJournalHandler } from '../modules/loyalty';
import { demoMeta, demoRunner, demoUser } from './demo-runner';

async function demoActor(ds: DataSource) {
  const [branch] = await ds.query('SELECT id FROM branches ORDER BY created_at LIMIT 1');
  const [user] = await ds.query(
    `SELECT id FROM users WHERE username IN ('manager', 'admin') ORDER BY username = 'manager' DESC LIMIT 1`,
  );
  if (!branch || !user) return null;
  const actor = demoUser(user.id, branch.id, true, ['can_see_vault_totals', 'can_return_products']);
  return { branchId: branch.id as string, actor };
}

/**
 * Demo reservations (issue 18 item 2): three active ones with deposits and two expired by the real
 * expiry command (their stock released, their deposits credited to the customers), made by the
 * commands (stock reserved, vault, books). Idempotent: nothing is added once the demo's exist.
 */
export async function seedDemoReservations(ds: DataSource): Promise<void> {
  const [done] = await ds.query(`SELECT 1 FROM reservations WHERE note = 'DEMO' LIMIT 1`);
  if (done) return;
  const ctx = await demoActor(ds);
  if (!ctx) return;
  const customers: { id: string }[] = await ds.query(
    `SELECT id FROM customers ORDER BY created_at, id LIMIT 5`,
  );
  const variants: { variant_id: string }[] = await ds.query(
    `SELECT s.variant_id FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id
      WHERE i.branch_id = $1 AND i.is_default AND s.on_hand - s.reserved >= 3
      ORDER BY s.variant_id LIMIT 10`,
    [ctx.branchId],
  );
  if (customers.length < 2 || variants.length < 5) return;
  const runner = demoRunner(ds, ReservationPostJournalHandler, LoyaltyPostJournalHandler);
  const ledger = new StockLedger();
  const create = new CreateReservationHandler(runner, ledger);
  const day = 86400_000;
  const plan = [
    { days: 3, deposit: 50_000, lines: [0, 1] },
    { days: 7, deposit: 100_000, lines: [2] },
    { days: 1, deposit: 0, lines: [3] },
    { days: 2, deposit: 20_000, lines: [4], expire: true },
    { days: 5, deposit: 30_000, lines: [5 % variants.length], expire: true },
  ];
  const expired: string[] = [];
  for (const [i, p] of plan.entries()) {
    const id = uuidv7();
    await create.execute(
      new CreateReservationCommand(
        {
          id,
          customerId: customers[i % customers.length].id,
          lines: p.lines.map((l) => ({ variantId: variants[l].variant_id, quantity: 1 })),
          deposit: p.deposit,
          expiresAt: new Date(Date.now() + p.days * day).toISOString(),
          note: 'DEMO',
        },
        ctx.actor,
        demoMeta(ctx.actor.id),
      ),
    );
    if (p.expire) expired.push(id);
  }
  await ds.query(
    `UPDATE reservations SET expires_at = now() - interval '1 hour' WHERE id = ANY($1)`,
    [expired],
  );
  await new ExpireReservationsHandler(runner, ledger).execute(new ExpireReservationsCommand());
}

/**
 * Demo delivery orders (issue 18 item 3): recent invoices of the first branch delivered by the two
 * demo drivers, in several states (pending, assigned, out for delivery, delivered; one driver's
 * cash already settled into the main vault), made by the commands. Idempotent.
 */
export async function seedDemoDelivery(ds: DataSource): Promise<void> {
  const [done] = await ds.query(`SELECT 1 FROM delivery_orders WHERE notes = 'DEMO' LIMIT 1`);
  if (done) return;
  const ctx = await demoActor(ds);
  if (!ctx) return;
  const drivers: { id: string }[] = await ds.query(
    `SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.is_driver AND u.active
      AND u.username IN ('driver1', 'driver2') ORDER BY u.username`,
  );
  const sales: { id: string }[] = await ds.query(
    `SELECT s.id FROM sales_invoices s WHERE s.branch_id = $1 AND s.status = 'completed'
        AND NOT EXISTS (SELECT 1 FROM delivery_orders d WHERE d.sale_id = s.id)
      ORDER BY s.created_at DESC LIMIT 7`,
    [ctx.branchId],
  );
  if (drivers.length < 2 || sales.length < 7) return;
  const runner = demoRunner(ds, DeliveryPostJournalHandler, LoyaltyPostJournalHandler);
  const create = new CreateDeliveryHandler(runner);
  // No demo order fails or comes back, so no sale is returned here.
  const step = new StepDeliveryHandler(runner, null as unknown as SaleWriter);
  const areas = ['مدينة نصر', 'المعادي', 'الدقي', 'مصر الجديدة'];
  const plan: { driver: number; steps: DeliveryAction[] }[] = [
    { driver: 0, steps: [] },
    { driver: 0, steps: ['assign'] },
    { driver: 1, steps: ['assign', 'dispatch'] },
    { driver: 0, steps: ['assign', 'dispatch', 'deliver'] },
    { driver: 0, steps: ['assign', 'dispatch', 'deliver'] },
    { driver: 1, steps: ['assign', 'dispatch', 'deliver'] },
    { driver: 1, steps: ['assign', 'dispatch', 'deliver'] },
  ];
  for (const [i, p] of plan.entries()) {
    const id = uuidv7();
    await create.execute(
      new CreateDeliveryCommand(
        {
          id,
          saleId: sales[i].id,
          address: `${areas[i % areas.length]}، شارع ${10 + i}، عمارة ${i + 3}`,
          phone: `010012345${String(i).padStart(2, '0')}`,
          area: areas[i % areas.length],
          fee: 2_500,
          notes: 'DEMO',
        },
        ctx.actor,
        demoMeta(ctx.actor.id),
      ),
    );
    for (const action of p.steps)
      await step.execute(
        new StepDeliveryCommand(
          id,
          { action, driverId: drivers[p.driver].id },
          ctx.actor,
          demoMeta(ctx.actor.id),
        ),
      );
  }
  // The second driver handed in their cash; the first still owes theirs.
  await new SettleDriverHandler(runner).execute(
    new SettleDriverCommand(
      { id: uuidv7(), driverId: drivers[1].id },
      ctx.actor,
      demoMeta(ctx.actor.id),
    ),
  );
}
