import { createHash, randomUUID } from 'node:crypto';
import { etaReceiptUuid } from '@pos/contracts';
import { EtaSimulator } from '../../server/src/eta-sim/eta-simulator';
import { EtaDispatcher, EtaSubmissionService } from '../../server/src/modules/einvoicing';
import { TEST_ETA_COMPANY } from '../fixtures/eta-company';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// Issue 17: e-receipts against the real database and the local ETA simulator (started here on a
// free port). The dispatcher is off (ETA_WORKER=off): the spec runs the worker's passes itself,
// which is also how a restart after a crash is simulated (a new pass over the persisted state).
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const SECRET_ERP = 'erp-secret-never-shown-1234';
const SECRET_POS = 'pos-secret-never-shown-5678';

describe('ETA e-receipts', () => {
  let t: TestApp;
  let admin: Client;
  let sim: EtaSimulator;
  let worker: EtaSubmissionService;
  let cash: string;
  const branches: { id: string; serial: string; inventoryId: string; cashier: Client }[] = [];

  beforeAll(async () => {
    process.env.ETA_WORKER = 'off';
    sim = new EtaSimulator();
    process.env.ETA_SIM_URL = await sim.start();
    t = await createTestApp();
    worker = t.app.get(EtaSubmissionService);
    worker.settings = {
      ...worker.settings,
      retryBaseMs: 20,
      retryMaxMs: 200,
      pollMs: 20,
      timeoutMs: 2000,
    };
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    const info = await admin.put('/api/E-invoices/CompanyInfo', {
      ...TEST_ETA_COMPANY,
      erpClientSecret: SECRET_ERP,
      receiptBatchSize: 20,
    });
    expect(info.status).toBe(200);
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    for (let i = 0; i < 4; i++) {
      const serial = `SIM-POS-${randomUUID().slice(0, 8)}`;
      const res = await admin.post('/api/Branch', {
        name: `فرع إيصالات ${serial}`,
        taxBranchNumber: String(i),
        receiptPosSerial: serial,
        receiptClientId: `client-${serial}`,
        receiptClientSecret: SECRET_POS,
        receiptsOsVersion: 'linux',
      });
      expect(res.status).toBe(201);
      const id = res.body.id as string;
      const on = await admin.put(`/api/E-invoices/CompanyInfo/branches/${id}`, {
        eReceiptsEnabled: true,
      });
      expect(on.status).toBe(200);
      expect(on.body).toMatchObject({ eReceiptsEnabled: true, hasReceiptClientSecret: true });
      const [{ id: inventoryId }] = await t.ds.query(
        'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
        [id],
      );
      const user = await createUserWith(t.ds, ['can_return_products'], { branchId: id });
      await t.ds.query('UPDATE users SET max_discount_percent = 50 WHERE id = $1', [user.id]);
      const cashier = new Client(t.app);
      await cashier.signIn(user.username, user.password);
      expect((await cashier.post('/api/Shift/open', { openingCash: 0, register: 1 })).status).toBe(
        201,
      );
      branches.push({ id, serial, inventoryId, cashier });
    }
  });
  afterAll(async () => {
    await t.close();
    await sim.stop();
    delete process.env.ETA_WORKER;
  });

  const product = async (price: number, stock = 1000, unit = 'piece') => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف إيصال ${randomUUID().slice(0, 8)}`,
      unit,
      variants: [
        {
          barcodes: [`E-${randomUUID().slice(0, 12)}`],
          sellPrice: price,
          minSellPrice: Math.round(price * 0.5),
          avgCost: Math.round(price * 0.5),
          openingStock: branches.map((b) => ({ inventoryId: b.inventoryId, quantity: stock })),
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };

  const sell = async (b: (typeof branches)[number], lines: object[], amount: number) => {
    const res = await b.cashier.post('/api/Sales', {
      id: randomUUID(),
      lines,
      payments: [{ methodId: cash, amount }],
    });
    if (res.status !== 201) throw new Error(`sale refused: ${JSON.stringify(res.body)}`);
    return res.body as { id: string; total: number; lines: { id: string }[] };
  };

  /** Worker passes until the serial has nothing left to do (or the limit). */
  const settle = async (serial: string, passes = 50) => {
    for (let i = 0; i < passes; i++) {
      const next = await worker.processSerial(serial);
      if (next === null) return;
      await new Promise((r) => setTimeout(r, Math.min(next, 250)));
    }
  };

  const receipts = (serial: string) =>
    t.ds.query(
      `SELECT id, uuid, previous_uuid, chain_seq, status, json, attempts, dead_letter, errors, kind, reference_uuid
         FROM e_receipts WHERE pos_serial = $1 ORDER BY chain_seq`,
      [serial],
    ) as Promise<
      {
        id: string;
        uuid: string;
        previous_uuid: string;
        chain_seq: number;
        status: string;
        json: string;
        attempts: number;
        dead_letter: boolean;
        errors: { code: string; message: string }[];
        kind: string;
        reference_uuid: string | null;
      }[]
    >;

  it('1,000 concurrent sales on 4 POS serials give 4 unbroken chains, all valid at ETA, none sent twice', async () => {
    const a = await product(11400);
    const b = await product(999, 1000, 'kg');
    const perBranch = Number(process.env.ETA_SPEC_SALES_PER_SERIAL ?? 250);
    await Promise.all(
      branches.map(async (br) => {
        for (let k = 0; k < perBranch; k += 5)
          await Promise.all(
            Array.from({ length: 5 }, (_, j) =>
              sell(
                br,
                [
                  { variantId: a, quantity: 1 + ((k + j) % 3) },
                  { variantId: b, quantity: 0.5 + (j % 2), discount: j === 3 ? 100 : 0 },
                ],
                // 1,000.00 in cash: the change stays within LIMITS.maxChange (decision 0131)
                100000,
              ),
            ),
          );
      }),
    );
    for (const br of branches) {
      const rows = await receipts(br.serial);
      expect(rows).toHaveLength(perBranch);
      rows.forEach((r, i) => {
        expect(r.chain_seq).toBe(i + 1);
        expect(r.previous_uuid).toBe(i === 0 ? '' : rows[i - 1].uuid);
        expect(etaReceiptUuid(r.json, sha)).toBe(r.uuid);
        expect(r.status).toBe('queued');
      });
    }
    await Promise.all(branches.map((br) => settle(br.serial)));
    for (const br of branches) {
      const rows = await receipts(br.serial);
      expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'valid'));
      expect(sim.chain(br.serial)).toEqual(rows.map((r) => r.uuid));
    }
    expect(sim.submitted.length).toBe(new Set(sim.submitted).size);
  });

  it('429 (Retry-After) and 5xx are retried; the receipt ends valid', async () => {
    const br = branches[0];
    const v = await product(5000);
    sim.failures.push({ type: '429', retryAfter: 0 }, { type: '5xx', status: 503 });
    const sale = await sell(br, [{ variantId: v, quantity: 1 }], 5000);
    await settle(br.serial);
    const [r] = await t.ds.query(
      'SELECT status, attempts, dead_letter FROM e_receipts WHERE sale_id = $1',
      [sale.id],
    );
    expect(r).toEqual({ status: 'valid', attempts: 3, dead_letter: false });
  });

  it("validation errors are not retried: rejected with ETA's messages; an admin can retry", async () => {
    const br = branches[1];
    const v = await product(7000);
    sim.failures.push({ type: 'reject', code: 'RV777', message: 'Buyer is not valid' });
    const sale = await sell(br, [{ variantId: v, quantity: 1 }], 7000);
    await settle(br.serial);
    const before = sim.stats.submissions;
    await settle(br.serial);
    expect(sim.stats.submissions).toBe(before);
    const [r] = await t.ds.query(
      'SELECT id, status, attempts, errors FROM e_receipts WHERE sale_id = $1',
      [sale.id],
    );
    expect(r.status).toBe('rejected');
    expect(r.attempts).toBe(1);
    expect(r.errors).toContainEqual(
      expect.objectContaining({ code: 'RV777', message: 'Buyer is not valid' }),
    );
    const detail = await admin.get(`/api/E-receipts/${r.id}`);
    expect(detail.body.errors[0].message).toBe('Buyer is not valid');
    const retried = await admin.post(`/api/E-receipts/${r.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('queued');
    await settle(br.serial);
    expect((await admin.get(`/api/E-receipts/${r.id}`)).body.status).toBe('valid');
    const again = await admin.post(`/api/E-receipts/${r.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ETA_RECEIPT_NOT_RETRYABLE');
  });

  it('retries that run out dead-letter the receipt; the queue counts it; an admin retry sends it', async () => {
    const br = branches[2];
    const v = await product(6000);
    worker.settings = { ...worker.settings, maxAttempts: 2, retryMaxMs: 60_000 };
    sim.failures.push({ type: '5xx' }, { type: '5xx' });
    const sale = await sell(br, [{ variantId: v, quantity: 1 }], 6000);
    await worker.processSerial(br.serial); // 503
    await t.ds.query('UPDATE e_receipts SET next_attempt_at = now() WHERE sale_id = $1', [sale.id]);
    await worker.processSerial(br.serial); // 503 again: the limit
    worker.settings = { ...worker.settings, maxAttempts: 8, retryMaxMs: 200 };
    const [r] = await t.ds.query(
      `SELECT id, status, dead_letter, attempts,
              next_attempt_at > now() + interval '50 seconds' AS waits_the_cap
         FROM e_receipts WHERE sale_id = $1`,
      [sale.id],
    );
    // a dead letter is shown as failed and still tried once per back-off cap (issue 30 item 23)
    expect(r).toMatchObject({
      status: 'queued',
      dead_letter: true,
      attempts: 2,
      waits_the_cap: true,
    });
    const queue = (await admin.get('/api/E-invoices/queue')).body;
    expect(queue.deadLetter).toBeGreaterThanOrEqual(1);
    const dead = await admin.get('/api/E-receipts?deadLetter=true');
    expect(dead.body.map((x: { id: string }) => x.id)).toContain(r.id);
    expect((await admin.post(`/api/E-receipts/${r.id}/retry`)).status).toBe(200);
    await settle(br.serial);
    expect((await admin.get(`/api/E-receipts/${r.id}`)).body).toMatchObject({
      status: 'valid',
      deadLetter: false,
    });
    // every status change went to the branch's live feed
    const pushed = await t.ds.query(
      `SELECT payload->>'status' AS status FROM outbox
        WHERE type = 'einvoice.status' AND payload->>'documentId' = $1 ORDER BY seq`,
      [r.id],
    );
    expect(pushed.map((p: { status: string }) => p.status)).toEqual([
      'queued',
      'queued',
      'queued',
      'submitted',
      'valid',
    ]);
  });

  it('a receipt waiting for its retry holds its chain: the next one is not sent before it', async () => {
    const br = branches[3];
    const v = await product(2000);
    const start = sim.submitted.length;
    worker.settings = { ...worker.settings, retryBaseMs: 60_000, retryMaxMs: 60_000 };
    sim.failures.push({ type: '5xx', status: 503 });
    const s1 = await sell(br, [{ variantId: v, quantity: 1 }], 2000);
    await worker.processSerial(br.serial); // 503: s1 waits a minute
    const s2 = await sell(br, [{ variantId: v, quantity: 2 }], 4000);
    await worker.processSerial(br.serial);
    worker.settings = { ...worker.settings, retryBaseMs: 20, retryMaxMs: 200 };
    const held = await t.ds.query(
      'SELECT status, attempts FROM e_receipts WHERE sale_id = ANY($1) ORDER BY chain_seq',
      [[s1.id, s2.id]],
    );
    expect(held).toEqual([
      { status: 'queued', attempts: 1 },
      { status: 'queued', attempts: 0 },
    ]);
    expect(sim.submitted.length).toBe(start);
    // the wait is over: both go, in the chain's order, both valid
    await t.ds.query('UPDATE e_receipts SET next_attempt_at = now() WHERE sale_id = $1', [s1.id]);
    await settle(br.serial);
    const rows = await t.ds.query(
      'SELECT uuid, status FROM e_receipts WHERE sale_id = ANY($1) ORDER BY chain_seq',
      [[s1.id, s2.id]],
    );
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['valid', 'valid']);
    expect(sim.submitted.slice(start)).toEqual(rows.map((r: { uuid: string }) => r.uuid));
  });

  it('an Invalid verdict is stored with its errors; a correction receipt re-issues it', async () => {
    const br = branches[2];
    const v = await product(3000);
    sim.failures.push({ type: 'invalid', code: 'RV100', message: 'Item code is not valid' });
    const sale = await sell(br, [{ variantId: v, quantity: 1 }], 3000);
    await settle(br.serial);
    const [r] = await t.ds.query('SELECT status, errors FROM e_receipts WHERE sale_id = $1', [
      sale.id,
    ]);
    expect(r.status).toBe('invalid');
    expect(r.errors[0]).toMatchObject({ code: 'RV100' });
    // a retry resends nothing: ETA holds the invalid receipt; a correction is a new receipt
    const [{ id: oldId, uuid: oldUuid }] = await t.ds.query(
      'SELECT id, uuid FROM e_receipts WHERE sale_id = $1',
      [sale.id],
    );
    expect((await admin.post(`/api/E-receipts/${oldId}/retry`)).status).toBe(409);
    const fixed = await admin.post(`/api/E-receipts/${oldId}/reissue`);
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ status: 'queued', referenceOldUuid: oldUuid });
    expect(JSON.parse(fixed.body.json).header.referenceOldUUID).toBe(oldUuid);
    await settle(br.serial);
    expect((await admin.get(`/api/E-receipts/${fixed.body.id}`)).body.status).toBe('valid');
    expect((await admin.get(`/api/E-receipts/${oldId}`)).body.correctedById).toBe(fixed.body.id);
    const twice = await admin.post(`/api/E-receipts/${oldId}/reissue`);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('ETA_RECEIPT_ALREADY_CORRECTED');
  });

  it('a crash mid-submission (response lost, or marked but never sent) resubmits nothing twice and loses nothing', async () => {
    const br = branches[3];
    const v = await product(2500);
    const start = sim.submitted.length;
    // the response is lost after ETA stored the receipts
    sim.failures.push({ type: 'drop' });
    const s1 = await sell(br, [{ variantId: v, quantity: 1 }], 2500);
    const s2 = await sell(br, [{ variantId: v, quantity: 2 }], 5000);
    await worker.processSerial(br.serial); // the pass that "crashes"
    const marked = await t.ds.query(
      `SELECT count(*)::int AS n FROM e_receipts WHERE sale_id = ANY($1) AND status = 'queued' AND submit_started_at IS NOT NULL`,
      [[s1.id, s2.id]],
    );
    expect(marked[0].n).toBe(2);
    // a batch marked and committed, then the process died before the POST
    const s3 = await sell(br, [{ variantId: v, quantity: 1 }], 2500);
    await t.ds.query(
      `UPDATE e_receipts SET submit_started_at = now(), attempts = 1 WHERE sale_id = $1`,
      [s3.id],
    );
    await t.ds.query(`UPDATE e_receipts SET next_attempt_at = now() WHERE pos_serial = $1`, [
      br.serial,
    ]);
    await settle(br.serial); // the restarted worker
    const rows = await t.ds.query(
      'SELECT uuid, status FROM e_receipts WHERE sale_id = ANY($1) ORDER BY chain_seq',
      [[s1.id, s2.id, s3.id]],
    );
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['valid', 'valid', 'valid']);
    for (const r of rows as { uuid: string }[])
      expect(sim.submitted.filter((u) => u === r.uuid)).toHaveLength(1);
    const sent = sim.submitted.slice(start);
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(3);
  });

  it('a return issues an r receipt referencing the sale receipt, chained on the same serial', async () => {
    const br = branches[0];
    const v = await product(4000);
    const sale = await sell(br, [{ variantId: v, quantity: 2 }], 8000);
    const ret = await br.cashier.post(`/api/invoices/${sale.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: sale.lines[0].id, quantity: 1 }],
    });
    expect(ret.status).toBe(201);
    const rows = await t.ds.query(
      'SELECT kind, uuid, previous_uuid, reference_uuid, json FROM e_receipts WHERE sale_id = $1 ORDER BY chain_seq',
      [sale.id],
    );
    expect(rows.map((r: { kind: string }) => r.kind)).toEqual(['s', 'r']);
    expect(rows[1].reference_uuid).toBe(rows[0].uuid);
    expect(rows[1].previous_uuid).toBe(rows[0].uuid);
    expect(JSON.parse(rows[1].json).documentType.receiptType).toBe('r');
    // the POS prints both QRs (the cashier has no can_see_einvoice)
    const printed = await br.cashier.get(`/api/E-receipts/sale/${sale.id}`);
    expect(printed.status).toBe(200);
    expect(printed.body.map((p: { kind: string; uuid: string }) => [p.kind, p.uuid])).toEqual([
      ['s', rows[0].uuid],
      ['r', rows[1].uuid],
    ]);
    expect(printed.body[0].qr).toMatch(
      new RegExp(
        `/receipts/search/${rows[0].uuid}/share/\\d{4}-\\d\\d-\\d\\dT[\\d:]+Z#Total:80\\.00000,IssuerRIN:123456789$`,
      ),
    );
    // the sale's own answer carried its receipt as the read gives it (the till prints it at once)
    expect((sale as { eReceipt?: unknown }).eReceipt).toEqual(printed.body[0]);
    // another branch's cashier sees nothing of it
    const other = await branches[1].cashier.get(`/api/E-receipts/sale/${sale.id}`);
    expect(other.body).toEqual([]);
    await settle(br.serial);
    const statuses = await t.ds.query('SELECT status FROM e_receipts WHERE sale_id = $1', [
      sale.id,
    ]);
    expect(statuses.map((r: { status: string }) => r.status)).toEqual(['valid', 'valid']);
  });

  it('reads: list with filter and X-Total-Count, detail with the exact JSON and QR, queue; secrets never returned', async () => {
    const br = branches[0];
    const list = await admin.get(`/api/E-receipts?branchId=${br.id}&status=valid&pageSize=5`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(5);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThan(5);
    // search: by the receipt number, or by the start of the UUID, with the other filters
    const first = list.body[0] as { id: string; receiptNumber: string; uuid: string };
    for (const q of [first.receiptNumber, first.uuid.slice(0, 12)]) {
      const found = await admin.get(
        `/api/E-receipts?q=${encodeURIComponent(q)}&status=valid&from=2000-01-01`,
      );
      expect(found.status).toBe(200);
      expect(found.body.map((r: { id: string }) => r.id)).toContain(first.id);
    }
    const detail = await admin.get(`/api/E-receipts/${list.body[0].id}`);
    expect(detail.status).toBe(200);
    const [row] = await t.ds.query('SELECT json FROM e_receipts WHERE id = $1', [list.body[0].id]);
    expect(detail.body.json).toBe(row.json);
    expect(detail.body.qr).toContain(`/receipts/search/${detail.body.uuid}/share/`);
    expect(detail.body.qr).toContain('IssuerRIN:123456789');
    const queue = await admin.get('/api/E-invoices/queue');
    expect(queue.status).toBe(200);
    expect(queue.body).toMatchObject({ failures: expect.any(Number), depth: expect.any(Number) });
    const info = await admin.get('/api/E-invoices/CompanyInfo');
    expect(info.body).toMatchObject({ configured: true, hasErpClientSecret: true });
    const everything = [
      info,
      list,
      detail,
      queue,
      await admin.get('/api/E-receipts?pageSize=500'),
      await admin.get(`/api/Branch/${br.id}`),
    ]
      .map((r) => JSON.stringify(r.body))
      .join();
    expect(everything).not.toContain(SECRET_ERP);
    expect(everything).not.toContain(SECRET_POS);
    const [company] = await t.ds.query('SELECT erp_client_secret FROM eta_company');
    expect(company.erp_client_secret).not.toContain(SECRET_ERP);
  });

  it('through BullMQ: the dispatcher queues the serial, the worker submits and polls to valid', async () => {
    const br = branches[1];
    const v = await product(1500);
    const sale = await sell(br, [{ variantId: v, quantity: 1 }], 1500);
    await t.app.get(EtaDispatcher).sweep();
    let status = '';
    for (let i = 0; i < 100 && status !== 'valid'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      [{ status }] = await t.ds.query('SELECT status FROM e_receipts WHERE sale_id = $1', [
        sale.id,
      ]);
    }
    expect(status).toBe('valid');
  });

  it('needs can_see_einvoice; a bad RIN is a localised 400, nothing written', async () => {
    const user = await createUserWith(t.ds, ['can_see_invoices']);
    const c = new Client(t.app, 'en');
    await c.signIn(user.username, user.password);
    expect((await c.get('/api/E-receipts')).status).toBe(403);
    const bad = await admin.put('/api/E-invoices/CompanyInfo', {
      rin: '12345',
      name: 'x',
      activityCode: '4711',
      country: 'EG',
      governate: 'C',
      regionCity: 'N',
      street: 'S',
      buildingNumber: '1',
      environment: 'sim',
    });
    expect(bad.status).toBe(400);
    expect((await admin.get('/api/E-invoices/CompanyInfo')).body.rin).toBe('123456789');
  });
});
