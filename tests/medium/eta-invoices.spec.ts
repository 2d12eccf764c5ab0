import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { etaCanonicalize, withoutEtaSignature } from '@pos/contracts';
import { EtaSimulator } from '../../server/src/eta-sim/eta-simulator';
import { EtaDocumentService } from '../../server/src/modules/einvoicing';
import {
  p12File,
  TEST_ETA_COMPANY,
  TEST_ETA_RECEIVER_B,
  testEtaInvoiceLine,
} from '../fixtures/eta-company';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// Issue 17 item 4: e-invoices against the real database and the local ETA simulator. The
// dispatcher is off (ETA_WORKER=off): the spec runs the document worker's passes itself, which is
// also how a restart after a crash is simulated (a new pass over the persisted state).
const SECRET_ERP = 'erp-secret-never-shown-invoices-9876';
const P12_PASSWORD = 'p12-password-never-shown-4321';
const AGENT_SECRET = 'agent-secret-never-shown-1357';

type Detail = {
  id: string;
  internalId: string;
  status: string;
  uuid: string | null;
  json: string;
  signed: boolean;
  errors: { code: string; message: string }[];
  attempts: number;
  deadLetter: boolean;
  stateRequest: string | null;
  stateError: string | null;
  referenceUuid: string | null;
  shareUrl: string | null;
  totalAmount: string;
};

describe('ETA e-invoices', () => {
  let t: TestApp;
  let admin: Client;
  let sim: EtaSimulator;
  let worker: EtaDocumentService;
  let branchId: string;
  let cashier: Client;
  let cash: string;
  const bodies: string[] = [];

  const keep = <T extends { text: string }>(res: T) => {
    bodies.push(res.text ?? '');
    return res;
  };

  beforeAll(async () => {
    process.env.ETA_WORKER = 'off';
    sim = new EtaSimulator();
    process.env.ETA_SIM_URL = await sim.start();
    t = await createTestApp();
    worker = t.app.get(EtaDocumentService);
    worker.settings = {
      ...worker.settings,
      retryBaseMs: 20,
      retryMaxMs: 200,
      pollMs: 20,
      timeoutMs: 2000,
    };
    admin = new Client(t.app, 'en');
    const signedIn = await admin.signIn('admin');
    expect(signedIn.status).toBeLessThan(400);
    const info = keep(
      await admin.put('/api/E-invoices/CompanyInfo', {
        ...TEST_ETA_COMPANY,
        erpClientSecret: SECRET_ERP,
      }),
    );
    expect(info.status).toBe(200);
    const signer = keep(
      await admin.put('/api/E-invoices/CompanyInfo/signer', {
        kind: 'p12',
        p12Path: p12File(P12_PASSWORD),
        p12Password: P12_PASSWORD,
      }),
    );
    expect(signer.status).toBe(200);
    expect(signer.body).toMatchObject({ kind: 'p12', hasP12Password: true });
    const branch = keep(
      await admin.post('/api/Branch', {
        name: `فرع فواتير ${randomUUID().slice(0, 8)}`,
        taxBranchNumber: '3',
      }),
    );
    expect(branch.status).toBe(201);
    branchId = branch.body.id;
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    const user = await createUserWith(t.ds, ['can_see_einvoice'], { branchId });
    cashier = new Client(t.app, 'en');
    await cashier.signIn(user.username, user.password);
    expect((await cashier.post('/api/Shift/open', { openingCash: 0, register: 1 })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    await t.close();
    await sim.stop();
    delete process.env.ETA_WORKER;
  });

  beforeEach(() => sim.reset());

  /** Worker passes until nothing is left to do (or the limit). */
  const settle = async (passes = 60) => {
    for (let i = 0; i < passes; i++) {
      const next = await worker.process();
      if (next === null) return;
      await new Promise((r) => setTimeout(r, Math.min(next, 100)));
    }
  };
  const detail = async (id: string): Promise<Detail> => {
    const res = keep(await admin.get(`/api/E-invoices/documents/${id}`));
    expect(res.status).toBe(200);
    return res.body as Detail;
  };

  const receiverB = TEST_ETA_RECEIVER_B;
  const line = testEtaInvoiceLine;
  const create = async (body: object, client = admin) =>
    keep(await client.post('/api/E-invoices/documents', body));

  const direct = async (over: object = {}) => {
    const res = await create({
      documentType: 'i',
      branchId,
      receiver: receiverB,
      lines: [line()],
      ...over,
    });
    expect(res.status).toBe(201);
    return res.body as Detail;
  };

  it('a directly entered invoice is signed, submitted and becomes valid', async () => {
    const created = await direct();
    expect(created).toMatchObject({ status: 'queued', signed: false, totalAmount: '308.82600' });
    await settle();
    const d = await detail(created.id);
    expect(d).toMatchObject({ status: 'valid', signed: true, attempts: 1 });
    expect(d.uuid).toMatch(/^[A-Z0-9]{26}$/);
    expect(d.shareUrl).toContain(`/documents/${d.uuid}/share/`);
    // the JSON sent carries the CAdES-BES signature over the canonical form of the rest
    const doc = JSON.parse(d.json);
    expect(doc.signatures[0].signatureType).toBe('I');
    expect(etaCanonicalize(withoutEtaSignature(d.json))).not.toContain('SIGNATURES');
    expect(sim.documents.get(d.uuid!)?.internalId).toBe(d.internalId);
    const list = keep(await admin.get(`/api/E-invoices/documents?q=${d.internalId}`));
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body[0]).toMatchObject({ id: d.id, status: 'valid', receiverType: 'B' });
  });

  it('an invoice from a sale carries its lines and is valid', async () => {
    const product = keep(
      await admin.post('/api/Products', {
        nameAr: `صنف فاتورة ${randomUUID().slice(0, 8)}`,
        unit: 'piece',
        variants: [
          {
            barcodes: [`EI-${randomUUID().slice(0, 12)}`],
            sellPrice: 11400,
            minSellPrice: 5000,
            avgCost: 5000,
            openingStock: [
              {
                inventoryId: (
                  await t.ds.query(
                    'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
                    [branchId],
                  )
                )[0].id,
                quantity: 10,
              },
            ],
          },
        ],
      }),
    );
    expect(product.status).toBe(201);
    const sale = await cashier.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId: product.body.variants[0].id, quantity: 2 }],
      payments: [{ methodId: cash, amount: 22800 }],
    });
    expect(sale.status).toBe(201);
    const res = await create(
      { documentType: 'i', saleId: sale.body.id, receiver: receiverB },
      cashier,
    );
    expect(res.status).toBe(201);
    // 2 × 114.00 with VAT → 200.00 + 28.00
    expect(res.body.totalAmount).toBe('228.00000');
    await settle();
    const d = await detail(res.body.id);
    expect(d.status).toBe('valid');
    const doc = JSON.parse(d.json);
    expect(doc.issuer.address.branchID).toBe('3');
    expect(doc.invoiceLines).toHaveLength(1);
    expect(doc.taxTotals).toEqual([{ taxType: 'T1', amount: 28 }]);
  });

  it("429 and 5xx are retried; ETA's validation errors are not", async () => {
    const failuresBefore = (await admin.get('/api/E-invoices/queue')).body.failures as number;
    sim.failures.push({ type: '429', retryAfter: 0 }, { type: '5xx', status: 503 });
    const a = await direct();
    await settle();
    const da = await detail(a.id);
    expect(da).toMatchObject({ status: 'valid', attempts: 3, deadLetter: false });
    expect(sim.stats.failuresServed).toBe(2);

    sim.failures.push({ type: 'reject', code: 'DV777', message: 'Item code is not registered' });
    const b = await direct();
    await settle();
    const before = sim.stats.documentSubmissions;
    await settle();
    const db = await detail(b.id);
    expect(db).toMatchObject({ status: 'rejected', attempts: 1 });
    expect(db.errors.map((e) => e.code)).toContain('DV777');
    expect(sim.stats.documentSubmissions).toBe(before);

    // accepted, then found invalid at validation: ETA's messages come from the details
    sim.failures.push({ type: 'invalid', code: 'DV100', message: 'Receiver RIN is not active' });
    const c = await direct();
    await settle();
    const dc = await detail(c.id);
    expect(dc.status).toBe('invalid');
    expect(dc.errors).toEqual([
      expect.objectContaining({ code: 'DV100', message: 'Receiver RIN is not active' }),
    ]);
    // the dashboard's queue counts the documents too: one rejected, one invalid
    expect((await admin.get('/api/E-invoices/queue')).body.failures).toBe(failuresBefore + 2);
  });

  it('a lost answer or a crash before the POST never submits an internal id twice', async () => {
    // the connection drops after ETA recorded the submission: reconciled by search
    sim.failures.push({ type: 'drop' });
    const a = await direct();
    await settle();
    const da = await detail(a.id);
    expect(da.status).toBe('valid');
    // a crash after the mark was committed, before the POST (the process was killed): the
    // document is signed (a first pass met a 503), then marked as a killed run leaves it
    sim.failures.push({ type: '5xx', status: 503 });
    const b = await direct();
    await settle(1);
    await t.ds.query(
      `UPDATE e_documents SET submit_started_at = now(), attempts = attempts + 1 WHERE id = $1 AND signed_json IS NOT NULL`,
      [b.id],
    );
    // a fresh worker pass (the restarted process) over the persisted state
    await settle();
    const db = await detail(b.id);
    expect(db.status).toBe('valid');
    // a crash after ETA got the POST, before its answer was stored
    const c = await direct();
    await settle(1); // signed, marked, submitted in one pass
    await t.ds.query(
      `UPDATE e_documents SET status = 'queued', submit_started_at = now(), uuid = NULL WHERE id = $1`,
      [c.id],
    );
    await settle();
    expect((await detail(c.id)).status).toBe('valid');
    const ids = sim.submittedInternalIds;
    expect(ids.filter((x) => x === da.internalId)).toHaveLength(1);
    expect(ids.filter((x) => x === db.internalId)).toHaveLength(1);
    expect(ids.filter((x) => x === c.internalId)).toHaveLength(1);
  });

  it('cancel and reject with a reason; only a valid document', async () => {
    const a = await direct();
    const early = keep(
      await admin.post(`/api/E-invoices/documents/${a.id}/state`, {
        status: 'cancelled',
        reason: 'خطأ في السعر',
      }),
    );
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('ETA_INVOICE_STATE');
    await settle();
    const res = keep(
      await admin.post(`/api/E-invoices/documents/${a.id}/state`, {
        status: 'cancelled',
        reason: 'خطأ في السعر',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'valid', stateRequest: 'cancelled' });
    await settle();
    const da = await detail(a.id);
    expect(da).toMatchObject({ status: 'cancelled', stateRequest: null });
    expect(sim.documents.get(da.uuid!)).toMatchObject({
      status: 'Cancelled',
      stateReason: 'خطأ في السعر',
    });
    const again = keep(
      await admin.post(`/api/E-invoices/documents/${a.id}/state`, {
        status: 'cancelled',
        reason: 'x',
      }),
    );
    expect(again.status).toBe(409);
    const noReason = keep(
      await admin.post(`/api/E-invoices/documents/${a.id}/state`, {
        status: 'cancelled',
        reason: ' ',
      }),
    );
    expect(noReason.status).toBe(400);

    const b = await direct();
    await settle();
    expect(
      keep(
        await admin.post(`/api/E-invoices/documents/${b.id}/state`, {
          status: 'rejected',
          reason: 'البضاعة لم تصل',
        }),
      ).status,
    ).toBe(200);
    await settle();
    expect((await detail(b.id)).status).toBe('rejected');
  });

  it('a credit note references the original invoice', async () => {
    const original = await direct();
    const early = await create({
      documentType: 'c',
      branchId,
      receiver: receiverB,
      referenceId: original.id,
      lines: [line({ quantity: '1' })],
    });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('ETA_INVOICE_INVALID');
    await settle();
    const o = await detail(original.id);
    const res = await create({
      documentType: 'c',
      branchId,
      receiver: receiverB,
      referenceId: original.id,
      lines: [line({ quantity: '1' })],
    });
    expect(res.status).toBe(201);
    await settle();
    const note = await detail(res.body.id);
    expect(note).toMatchObject({ status: 'valid', referenceUuid: o.uuid });
    expect(JSON.parse(note.json)).toMatchObject({ documentType: 'c', references: [o.uuid] });
  });

  it('applies the receiver rules and the permissions', async () => {
    const badRin = await create({
      documentType: 'i',
      branchId,
      receiver: { ...receiverB, id: '12345' },
      lines: [line()],
    });
    expect(badRin.status).toBe(400);
    expect(badRin.body.code).toBe('ETA_INVOICE_INVALID');
    // a person from 150,000 EGP needs the national ID
    const bigP = await create({
      documentType: 'i',
      branchId,
      receiver: { type: 'P', name: 'أحمد' },
      lines: [line({ quantity: '1000', unitValue: '200', discountRate: '0' })],
    });
    expect(bigP.status).toBe(400);
    expect(bigP.body.code).toBe('ETA_INVOICE_INVALID');
    const smallP = await create({
      documentType: 'i',
      branchId,
      receiver: { type: 'P' },
      lines: [line()],
    });
    expect(smallP.status).toBe(201);
    const nobody = await createUserWith(t.ds, [], { branchId });
    const c = new Client(t.app, 'en');
    await c.signIn(nobody.username, nobody.password);
    expect((await c.get('/api/E-invoices/documents')).status).toBe(403);
    // another branch's user does not see this branch's documents
    const other = await createUserWith(t.ds, ['can_see_einvoice'], { branchId: null });
    const o = new Client(t.app, 'en');
    await o.signIn(other.username, other.password);
    expect((await o.get(`/api/E-invoices/documents/${smallP.body.id}`)).status).toBe(404);
  });

  it('the signer settings: write-only secrets, a bad file refused; no secret in any response', async () => {
    const bad = keep(
      await admin.put('/api/E-invoices/CompanyInfo/signer', {
        kind: 'p12',
        p12Path: '/nonexistent/seal.p12',
        p12Password: 'x',
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('ETA_SIGNER_INVALID');
    const before = keep(await admin.get('/api/E-invoices/CompanyInfo/signer')).body;
    const agent = keep(
      await admin.put('/api/E-invoices/CompanyInfo/signer', {
        kind: 'agent',
        agentUrl: 'http://127.0.0.1:9/agent',
        agentSecret: AGENT_SECRET,
      }),
    );
    expect(agent.body).toEqual({
      kind: 'agent',
      p12Path: null,
      hasP12File: false,
      hasP12Password: false,
      certificateSubject: null,
      certificateNotAfter: null,
      agentUrl: 'http://127.0.0.1:9/agent',
      hasAgentSecret: true,
    });
    const back = keep(
      await admin.put('/api/E-invoices/CompanyInfo/signer', {
        kind: 'p12',
        p12Path: before.p12Path,
        p12Password: P12_PASSWORD,
      }),
    );
    expect(back.status).toBe(200);
    keep(await admin.get('/api/E-invoices/CompanyInfo'));
    keep(await admin.get('/api/E-invoices/documents'));
    const stored = await t.ds.query(
      'SELECT signer_p12_password, erp_client_secret FROM eta_company WHERE id = 1',
    );
    expect(stored[0].signer_p12_password).not.toContain(P12_PASSWORD);
    for (const text of bodies) {
      expect(text).not.toContain(SECRET_ERP);
      expect(text).not.toContain(P12_PASSWORD);
      expect(text).not.toContain(AGENT_SECRET);
      expect(text).not.toContain(stored[0].signer_p12_password);
    }
    expect(bodies.length).toBeGreaterThan(20);
  });

  it('the seal uploaded from the screen: stored encrypted, shows its subject and expiry, signs (issue 30 item 22)', async () => {
    const file = readFileSync(p12File('upload-seal'));
    const base64 = file.toString('base64');
    // a wrong password: 400, nothing stored
    const wrong = await admin.put('/api/E-invoices/CompanyInfo/signer', {
      kind: 'p12',
      p12Base64: base64,
      p12Password: 'not-it',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('ETA_SIGNER_INVALID');
    const saved = await admin.put('/api/E-invoices/CompanyInfo/signer', {
      kind: 'p12',
      p12Base64: base64,
      p12Password: 'upload-seal',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      kind: 'p12',
      p12Path: null,
      hasP12File: true,
      hasP12Password: true,
      certificateSubject: 'CN=Test Sealing',
    });
    expect(new Date(saved.body.certificateNotAfter).getTime()).toBeGreaterThan(Date.now());
    expect(JSON.stringify(saved.body)).not.toContain(base64.slice(0, 40));
    const [row] = await t.ds.query('SELECT signer_p12_file FROM eta_company WHERE id = 1');
    expect(row.signer_p12_file).not.toContain(base64.slice(0, 40));
    // the password kept: saving the kind again without file or password keeps both
    const again = await admin.put('/api/E-invoices/CompanyInfo/signer', { kind: 'p12' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ hasP12File: true, certificateSubject: 'CN=Test Sealing' });
    // a document is signed with it and becomes valid
    const doc = await direct();
    await settle();
    expect((await admin.get(`/api/E-invoices/documents/${doc.id}`)).body.status).toBe('valid');
  });
});
