import { randomUUID } from 'node:crypto';
import { Client as Pg } from 'pg';
import { TEST_ETA_COMPANY } from '../fixtures/eta-company';
import type { SalesFixture } from './fixture';
import { Http, makeUser } from './support';

export type EtaSecrets = { erp: string; pos: string; invoice: string };

/**
 * Through the API, as an owner does it: the company info (environment sim, the ERP secret), one
 * branch per POS serial with its e-receipt credentials and e-receipts on, a product stocked in
 * each, and a cashier with an open shift in each branch. Returns a fixture for `streamSales`.
 */
export async function etaFixture(
  pg: Pg,
  base: string,
  serials: string[],
  secrets: EtaSecrets,
  batchSize = 10,
): Promise<SalesFixture & { admin: Http; branchIds: string[] }> {
  const admin = new Http(base);
  await admin.signIn('admin', 'demo1234');
  const must = async (
    what: string,
    p: Promise<{ status: number; body: Record<string, unknown> }>,
  ) => {
    const res = await p;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await must(
    'company info',
    admin.call('PUT', '/api/E-invoices/CompanyInfo', {
      ...TEST_ETA_COMPANY,
      erpClientSecret: secrets.erp,
      receiptBatchSize: batchSize,
    }),
  );
  const [{ password_hash: hash }] = (
    await pg.query(`SELECT password_hash FROM users WHERE username = 'admin'`)
  ).rows;
  const branchIds: string[] = [];
  const inventoryIds: string[] = [];
  for (const [i, serial] of serials.entries()) {
    const branch = await must(
      'branch',
      admin.call('POST', '/api/Branch', {
        name: `فرع ${serial}`,
        taxBranchNumber: String(i),
        receiptPosSerial: serial,
        receiptClientId: `client-${serial}`,
        receiptClientSecret: secrets.pos,
        invoiceClientId: `invoice-${serial}`,
        invoiceClientSecret: secrets.invoice,
        receiptsOsVersion: 'linux',
      }),
    );
    const id = branch.id as string;
    await must(
      'e-receipts on',
      admin.call('PUT', `/api/E-invoices/CompanyInfo/branches/${id}`, { eReceiptsEnabled: true }),
    );
    branchIds.push(id);
    inventoryIds.push(
      (await pg.query('SELECT id FROM inventories WHERE branch_id = $1 AND is_default', [id]))
        .rows[0].id,
    );
  }
  const variantIds: string[] = [];
  const prices: number[] = [];
  for (const [price, unit] of [
    [11400, 'piece'],
    [999, 'kg'],
  ] as const) {
    const product = await must(
      'product',
      admin.call('POST', '/api/Products', {
        nameAr: `صنف إيصال ${randomUUID().slice(0, 8)}`,
        unit,
        variants: [
          {
            barcodes: [`REL-${randomUUID().slice(0, 12)}`],
            sellPrice: price,
            minSellPrice: Math.round(price * 0.5),
            avgCost: Math.round(price * 0.5),
            openingStock: inventoryIds.map((inventoryId) => ({ inventoryId, quantity: 100000 })),
          },
        ],
      }),
    );
    variantIds.push((product.variants as { id: string }[])[0].id);
    prices.push(price);
  }
  const cashMethod = (await pg.query(`SELECT id FROM payment_methods WHERE type = 'cash' LIMIT 1`))
    .rows[0].id;
  const cashiers: Http[] = [];
  const cashierIds: string[] = [];
  for (const branchId of branchIds) {
    const username = await makeUser(pg, branchId, [], hash);
    const c = new Http(base);
    await c.signIn(username, 'demo1234');
    const shift = await must(
      'shift',
      c.call('POST', '/api/Shift/open', { openingCash: 0, register: 1 }),
    );
    cashiers.push(c);
    cashierIds.push(shift.cashierId as string);
  }
  return {
    admin,
    branchIds,
    cashiers,
    cashierIds,
    variantIds,
    prices,
    cashMethod,
    base: () => base,
  };
}
