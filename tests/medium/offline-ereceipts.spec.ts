import { createHash, randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import {
  buildDeviceReceipt,
  type DeviceCatalogStartDto,
  type DeviceVariantRow,
} from '@pos/contracts';
import { EtaSimulator } from '../../server/src/eta-sim/eta-simulator';
import { EtaSubmissionService } from '../../server/src/modules/einvoicing';
import { TEST_ETA_COMPANY } from '../fixtures/eta-company';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// Issue 32 item 6 (server): a till with its own ETA POS serial builds the e-receipts of the sales
// it completes offline; on sync the server rebuilds each one from the saved sale, checks its link
// and its UUID, stores and submits it, or holds it ('chain_broken') — the sale always stands.
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('offline e-receipts', () => {
  let t: TestApp;
  let admin: Client;
  let sim: EtaSimulator;
  let worker: EtaSubmissionService;
  let cashier: Client;
  let branchId: string;
  let inventoryId: string;
  let cash: string;
  let deviceId: string;
  let prefix: string;
  const branchSerial = `BR-${randomUUID().slice(0, 8)}`;
  const tillSerial = `TILL-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    process.env.ETA_WORKER = 'off';
    sim = new EtaSimulator();
    process.env.ETA_SIM_URL = await sim.start();
    t = await createTestApp();
    worker = t.app.get(EtaSubmissionService);
    worker.settings = { ...worker.settings, retryBaseMs: 20, retryMaxMs: 200, pollMs: 20 };
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    expect(
      (
        await admin.put('/api/E-invoices/CompanyInfo', {
          ...TEST_ETA_COMPANY,
          erpClientSecret: 'erp-secret-1',
        })
      ).status,
    ).toBe(200);
    const branch = await admin.post('/api/Branch', {
      name: `فرع الجهاز ${branchSerial}`,
      taxBranchNumber: '5',
      receiptPosSerial: branchSerial,
      receiptClientId: `client-${branchSerial}`,
      receiptClientSecret: 'pos-secret-1',
      receiptsOsVersion: 'linux',
    });
    expect(branch.status).toBe(201);
    branchId = branch.body.id;
    expect(
      (
        await admin.put(`/api/E-invoices/CompanyInfo/branches/${branchId}`, {
          eReceiptsEnabled: true,
        })
      ).status,
    ).toBe(200);
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    const user = await createUserWith(t.ds, [], { branchId });
    cashier = new Client(t.app);
    await cashier.signIn(user.username, user.password);
    expect((await cashier.post('/api/Shift/open', { openingCash: 0, register: 1 })).status).toBe(
      201,
    );
    deviceId = uuidv7();
    const device = await cashier.post('/api/PosDevices', { id: deviceId, name: 'كاشير ١' });
    expect(device.status).toBe(201);
    prefix = device.body.receiptPrefix;
  });
  afterAll(async () => {
    await t.close();
    await sim.stop();
    delete process.env.ETA_WORKER;
  });

  /** A signed-in client of a new user with these permissions in this branch. */
  const userOf = async (permissions: Parameters<typeof createUserWith>[1], branch: string) => {
    const u = await createUserWith(t.ds, permissions, { branchId: branch });
    const client = new Client(t.app);
    await client.signIn(u.username, u.password);
    return client;
  };
  /** Another branch than the till's. */
  const otherBranchId = async (): Promise<string> =>
    (await t.ds.query('SELECT id FROM branches WHERE id <> $1 LIMIT 1', [branchId]))[0].id;

  const settle = async (serial: string) => {
    for (let i = 0; i < 50; i++) {
      const next = await worker.processSerial(serial);
      if (next === null) return;
      await new Promise((r) => setTimeout(r, Math.min(next, 100)));
    }
  };

  it('the till serial: a manager of the branch sets it; bad input 400, taken 409, others 403/404', async () => {
    const bad = await admin.put(`/api/PosDevices/${deviceId}/eta-serial`, {
      etaPosSerial: 'نقطة بيع',
    });
    expect(bad.status).toBe(400);
    // localised, naming the field (the admin's language)
    expect(bad.body.message).toMatch(/ETA POS serial|الرقم التسلسلي لنقطة البيع لدى المصلحة/);
    const taken = await admin.put(`/api/PosDevices/${deviceId}/eta-serial`, {
      etaPosSerial: branchSerial,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code ?? JSON.stringify(taken.body)).toContain('ETA_POS_SERIAL_TAKEN');
    // the cashier has no can_see_einvoice
    expect(
      (await cashier.put(`/api/PosDevices/${deviceId}/eta-serial`, { etaPosSerial: tillSerial }))
        .status,
    ).toBe(403);
    // a manager of another branch does not see this till
    const otherClient = await userOf(['can_see_einvoice'], await otherBranchId());
    expect(
      (
        await otherClient.put(`/api/PosDevices/${deviceId}/eta-serial`, {
          etaPosSerial: tillSerial,
        })
      ).status,
    ).toBe(404);
    const managerClient = await userOf(['can_see_einvoice'], branchId);
    const ok = await managerClient.put(`/api/PosDevices/${deviceId}/eta-serial`, {
      etaPosSerial: tillSerial,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: deviceId, etaPosSerial: tillSerial });
    const list = await managerClient.get('/api/PosDevices');
    expect(list.body.map((d: { etaPosSerial: string | null }) => d.etaPosSerial)).toContain(
      tillSerial,
    );
  });

  /** The catalog the till syncs: its issuer data and the variant's compact row. */
  const catalog = async (variantId: string) => {
    const start = (
      await cashier.get(`/api/device-catalog?inventoryId=${inventoryId}&deviceId=${deviceId}`)
    ).body as DeviceCatalogStartDto;
    const rows: DeviceVariantRow[] = [];
    let after = '';
    for (;;) {
      const page = await cashier.get(
        `/api/device-catalog/page?inventoryId=${inventoryId}&part=variants&limit=5000${after}`,
      );
      rows.push(...page.body.rows);
      if (!page.body.next) break;
      after = `&after=${page.body.next}`;
    }
    return { start, row: rows.find((r) => r[0] === variantId)! };
  };

  let receiptNo = 0;
  let head = '';
  /** A sale the till completed offline with its own e-receipt after `previousUuid`. */
  const offlineSale = async (variantId: string, previousUuid = head, tamper = false) => {
    const { start, row } = await catalog(variantId);
    const no = ++receiptNo;
    const rungAt = new Date(Date.now() - 60_000).toISOString();
    const built = buildDeviceReceipt(
      {
        data: {
          ...start.eReceipt!,
          serial: start.eReceipt!.serial!,
          issuer: start.eReceipt!.issuer!,
        },
        previousUuid,
        rungAt,
        receiptNumber: `${prefix}-${no}`,
        lines: [
          {
            sku: row[4],
            name: row[2],
            etaItemType: row[11] ?? null,
            etaItemCode: row[12] ?? null,
            unit: row[10],
            quantity: 2,
            vatRate: row[9],
            lineTotal: 2 * row[7],
            discount: 0,
            invoiceDiscountShare: 0,
          },
        ],
        tenders: [{ type: 'cash', amount: 2 * row[7] }],
      },
      sha,
    )!;
    const body = {
      id: uuidv7(),
      lines: [{ variantId, quantity: 2, unitPrice: row[7] }],
      payments: [{ methodId: cash, amount: 2 * row[7] }],
      device: {
        deviceId,
        receiptNo: no,
        rungAt,
        offline: true,
        eReceipt: {
          serial: tillSerial,
          uuid: tamper ? 'f'.repeat(64) : built.uuid,
          previousUuid,
          dateTimeIssued: built.dateTimeIssued,
        },
      },
    };
    const res = await cashier.post('/api/Sales', body);
    expect(res.status).toBe(201);
    return { body, built, saleId: res.body.id as string };
  };
  const receiptsOf = (saleId: string) =>
    t.ds.query(
      'SELECT uuid, previous_uuid, pos_serial, receipt_number, status, last_error, date_time_issued FROM e_receipts WHERE sale_id = $1',
      [saleId],
    );

  let variantId: string;
  it('the catalog carries the issuer, the switch, the till serial and each variant’s ETA item', async () => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف الجهاز ${randomUUID().slice(0, 8)}`,
      etaItemType: 'GS1',
      etaItemCode: '6224000000012',
      variants: [
        {
          barcodes: [`T-${randomUUID().slice(0, 10)}`],
          sellPrice: 11400,
          minSellPrice: 5000,
          avgCost: 5000,
          openingStock: [{ inventoryId, quantity: 100 }],
        },
      ],
    });
    expect(res.status).toBe(201);
    variantId = res.body.variants[0].id;
    const { start, row } = await catalog(variantId);
    expect(start.eReceipt).toMatchObject({
      enabled: true,
      serial: tillSerial,
      issuer: { rin: TEST_ETA_COMPANY.rin, activityCode: '4711', branchCode: '5' },
    });
    // its ETA item, then its category (issue 33: none here)
    expect(row.slice(11)).toEqual(['GS1', '6224000000012', null]);
  });

  it('three synced sales: each receipt issued on the till serial with its UUID, number and time, then valid at ETA', async () => {
    const sales = [];
    for (let i = 0; i < 3; i++) {
      const s = await offlineSale(variantId);
      head = s.built.uuid;
      sales.push(s);
    }
    for (const s of sales) {
      const [r] = await receiptsOf(s.saleId);
      expect(r).toMatchObject({
        uuid: s.built.uuid,
        previous_uuid: s.body.device.eReceipt.previousUuid,
        pos_serial: tillSerial,
        receipt_number: `${prefix}-${s.body.device.receiptNo}`,
        status: 'queued',
        date_time_issued: s.built.dateTimeIssued,
      });
    }
    expect(sales[1].body.device.eReceipt.previousUuid).toBe(sales[0].built.uuid);
    await settle(tillSerial);
    for (const s of sales) expect((await receiptsOf(s.saleId))[0].status).toBe('valid');
  });

  it('a retried sync answers the same invoice and issues no second receipt', async () => {
    const s = await offlineSale(variantId);
    head = s.built.uuid;
    const again = await cashier.post('/api/Sales', s.body);
    expect([200, 201]).toContain(again.status);
    expect(again.body.id).toBe(s.saleId);
    expect(await receiptsOf(s.saleId)).toHaveLength(1);
  });

  it('a broken chain or a forged UUID: the sale stands, its receipt is held (never submitted) with the reason', async () => {
    const gap = await offlineSale(variantId, 'e'.repeat(64));
    head = gap.built.uuid;
    const forged = await offlineSale(variantId, head, true);
    await settle(tillSerial);
    expect((await receiptsOf(gap.saleId))[0]).toMatchObject({
      status: 'chain_broken',
      last_error: 'previous_uuid',
    });
    expect((await receiptsOf(forged.saleId))[0]).toMatchObject({
      status: 'chain_broken',
      last_error: 'uuid_mismatch',
    });
    const [{ n }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM sales_invoices WHERE id = ANY($1::uuid[])',
      [[gap.saleId, forged.saleId]],
    );
    expect(n).toBe(2);
    const list = await admin.get(`/api/E-receipts?status=chain_broken&branchId=${branchId}`);
    expect(list.status).toBe(200);
    expect(list.body.map((r: { uuid: string }) => r.uuid)).toEqual(
      expect.arrayContaining([gap.built.uuid, 'f'.repeat(64)]),
    );
  });

  it('a held receipt: an e-invoicing manager issues it anew on the branch serial, once; the till chain is left alone', async () => {
    const gap = await offlineSale(variantId, 'd'.repeat(64));
    head = gap.built.uuid;
    const [held] = await t.ds.query(
      `SELECT id, uuid, receipt_number FROM e_receipts WHERE sale_id = $1 AND status = 'chain_broken'`,
      [gap.saleId],
    );
    // a sale rung on no till: its receipt is the branch serial's (the server's chain)
    const { row } = await catalog(variantId);
    const online = await cashier.post('/api/Sales', {
      id: uuidv7(),
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: row[7] }],
    });
    expect(online.status).toBe(201);
    const [{ uuid: branchHead }] = await receiptsOf(online.body.id);
    const tillHead = async () =>
      (
        await t.ds.query('SELECT last_uuid, last_seq FROM e_receipt_chains WHERE pos_serial = $1', [
          tillSerial,
        ])
      )[0];
    const tillBefore = await tillHead();
    // no can_see_einvoice: 403; a manager of another branch: 404
    expect((await cashier.post(`/api/E-receipts/${held.id}/reissue`)).status).toBe(403);
    const otherClient = await userOf(['can_see_einvoice'], await otherBranchId());
    expect((await otherClient.post(`/api/E-receipts/${held.id}/reissue`)).status).toBe(404);
    const managerClient = await userOf(['can_see_einvoice'], branchId);
    const issued = await managerClient.post(`/api/E-receipts/${held.id}/reissue`);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      status: 'queued',
      posSerial: branchSerial,
      previousUuid: branchHead,
      receiptNumber: held.receipt_number,
      referenceOldUuid: held.uuid,
    });
    // ETA never had the held receipt: the new one refers to none
    const header = JSON.parse(issued.body.json).header;
    expect(header.referenceOldUUID).toBe('');
    expect(header.previousUUID).toBe(branchHead);
    expect(issued.body.uuid).not.toBe(held.uuid);
    // the till's chain is untouched: its next receipt still links to the one it printed
    expect(await tillHead()).toEqual(tillBefore);
    const next = await offlineSale(variantId);
    head = next.built.uuid;
    expect((await receiptsOf(next.saleId))[0]).toMatchObject({
      status: 'queued',
      pos_serial: tillSerial,
    });
    await settle(branchSerial);
    expect((await admin.get(`/api/E-receipts/${issued.body.id}`)).body.status).toBe('valid');
    const old = (await admin.get(`/api/E-receipts/${held.id}`)).body;
    expect(old).toMatchObject({ status: 'chain_broken', correctedById: issued.body.id });
    // once: a second call (a double click, a retried request) issues nothing
    const twice = await managerClient.post(`/api/E-receipts/${held.id}/reissue`);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('ETA_RECEIPT_ALREADY_CORRECTED');
    const [{ n }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM e_receipts WHERE sale_id = $1',
      [gap.saleId],
    );
    expect(n).toBe(2);
  });
});
