import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { INSTALLMENTS_API } from '@pos/contracts';
import { INSTALLMENTS_QUEUE } from '../../../server/src/modules/installments/jobs/overdue-installments.processor';
import { readStoreTimeZone } from '../../../server/src/modules/settings';
import { Client, freeRegister } from './app';
import { startListeningApp, type ListeningApp } from './live';

/**
 * The installments job's specs' start (installments-job and installments-job-outage): an app whose
 * scheduler is looked at every second, the admin signed in with an open shift, the store's day, and
 * a plan of 3,000 EGP in 3 monthly installments on demand.
 */
export async function installmentsWorld() {
  process.env.INSTALLMENTS_JOB_WATCH_MS = '1000';
  let t: ListeningApp;
  try {
    t = await startListeningApp();
  } finally {
    delete process.env.INSTALLMENTS_JOB_WATCH_MS;
  }
  const admin = new Client(t.app, 'en');
  await admin.signIn('admin');
  const [{ branch_id: branchId }] = await t.ds.query(
    `SELECT branch_id FROM users WHERE username = 'admin'`,
  );
  const [{ id: vaultId }] = await t.ds.query(
    `SELECT id FROM vaults WHERE branch_id = $1 AND active ORDER BY created_at LIMIT 1`,
    [branchId],
  );
  const register = await freeRegister(t.ds, branchId, 60);
  const shift = await admin.post('/api/Shift/open', { openingCash: 0, register });
  if (![201, 409].includes(shift.status)) throw new Error(`shift: ${shift.status}`);
  const tz = await readStoreTimeZone(t.ds);
  const [{ today }] = await t.ds.query(`SELECT (now() AT TIME ZONE $1)::date::text AS today`, [tz]);

  const queue = () => t.app.get<Queue>(getQueueToken(INSTALLMENTS_QUEUE));
  const daysAgo = (n: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - n);
    return d.toISOString().slice(0, 10);
  };

  /** A sale of 3,000 EGP on credit to a new customer, planned in 3 monthly installments. */
  const plan = async (firstDueDate: string) => {
    const [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const product = await admin.post('/api/Products', {
      nameAr: `غسالة ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`J-${randomUUID().slice(0, 12)}`],
          sellPrice: 300_000,
          minSellPrice: 300_000,
          avgCost: 200_000,
          openingStock: [{ inventoryId, quantity: 5 }],
        },
      ],
    });
    const customer = await admin.post('/api/Customers', { name: `عميل ${randomUUID()}` });
    const sale = await admin.post('/api/Sales', {
      id: randomUUID(),
      customerId: customer.body.id,
      lines: [{ variantId: product.body.variants[0].id, quantity: 1 }],
      payments: [],
    });
    if (sale.status !== 201) throw new Error(`sale: ${JSON.stringify(sale.body)}`);
    const res = await admin.post(INSTALLMENTS_API.plans, {
      id: randomUUID(),
      saleId: sale.body.id,
      count: 3,
      period: 'monthly',
      firstDueDate,
      monthlyRateBp: 0,
      fee: 0,
      nationalId: '29001010123456',
      guarantors: [
        { name: 'ضامن', nationalId: '30105152101244', phone: '01112223334', address: 'طنطا' },
      ],
    });
    if (res.status !== 201) throw new Error(`plan: ${JSON.stringify(res.body)}`);
    return res.body as { id: string; installments: { id: string }[] };
  };
  const status = async (installmentId: string) =>
    (await t.ds.query('SELECT status FROM installments WHERE id = $1', [installmentId]))[0]
      .status as string;

  return { t, admin, branchId, vaultId, today, tz, queue, daysAgo, plan, status };
}
