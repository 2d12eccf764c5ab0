import { createHash } from 'node:crypto';
import { etaReceiptUuid } from '@pos/contracts';
import { SecretsService } from '../../server/src/core/auth/secrets.service';
import { DEMO_ETA, seedEtaDemoIn } from '../../server/src/seed/eta-demo';
import { Client, createTestApp, type TestApp } from './support/app';

// Issue 17 item 5: the demo's e-receipts (seeded with ETA_ENV=sim only). The suites share one
// database, so the seed runs in a transaction that is rolled back: nothing of it stays.
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('ETA demo data', () => {
  let t: TestApp;

  beforeAll(async () => {
    process.env.ETA_WORKER = 'off';
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    delete process.env.ETA_WORKER;
  });

  it('company info (sim), the first branch on with its POS, its latest sales chained: valid but one invalid with ETA’s error; idempotent', async () => {
    const qr = t.ds.createQueryRunner();
    await qr.connect();
    await qr.startTransaction();
    try {
      const m = qr.manager;
      const secrets = t.app.get(SecretsService);
      const [first] = await m.query('SELECT id FROM branches ORDER BY created_at LIMIT 1');
      const [{ serial: was }] = await m.query(
        'SELECT receipt_pos_serial AS serial FROM branches WHERE id = $1',
        [first.id],
      );
      await seedEtaDemoIn(m, secrets);
      const [company] = await m.query('SELECT rin, environment FROM eta_company WHERE id = 1');
      expect(company).toBeDefined();
      const [branch] = await m.query(
        `SELECT e_receipts_enabled, receipt_pos_serial, tax_branch_number, receipt_client_secret
           FROM branches WHERE id = $1`,
        [first.id],
      );
      expect(branch.e_receipts_enabled).toBe(true);
      const serial = was ?? DEMO_ETA.posSerial;
      expect(branch.receipt_pos_serial).toBe(serial);
      if (!was) {
        expect(company.environment).toBe('sim');
        expect(branch.tax_branch_number).toBe('0');
        // the POS secret is stored encrypted and reads back
        expect(branch.receipt_client_secret).not.toContain(DEMO_ETA.clientSecret);
        expect(secrets.decrypt(branch.receipt_client_secret)).toBe(DEMO_ETA.clientSecret);
      }
      const rows = (await m.query(
        `SELECT uuid, previous_uuid, json, status, errors, chain_seq, sale_id
           FROM e_receipts WHERE branch_id = $1 ORDER BY chain_seq`,
        [first.id],
      )) as {
        uuid: string;
        previous_uuid: string;
        json: string;
        status: string;
        errors: { code: string; message: string }[];
        sale_id: string;
      }[];
      expect(rows.length).toBeGreaterThanOrEqual(3);
      // each one ETA's UUID of its exact text, each chained on the one before
      rows.forEach((r, i) => {
        expect(etaReceiptUuid(r.json, sha)).toBe(r.uuid);
        if (i > 0) expect(r.previous_uuid).toBe(rows[i - 1].uuid);
        expect(JSON.parse(r.json).seller.deviceSerialNumber).toBe(serial);
      });
      const invalid = rows.filter((r) => r.status === 'invalid');
      expect(invalid).toHaveLength(1);
      expect(invalid[0].errors).toEqual([DEMO_ETA.invalidError]);
      expect(rows.filter((r) => r.status === 'valid')).toHaveLength(rows.length - 1);
      const [head] = await m.query('SELECT last_uuid FROM e_receipt_chains WHERE pos_serial = $1', [
        serial,
      ]);
      expect(head.last_uuid).toBe(rows.at(-1)!.uuid);

      // seeding again issues nothing
      await seedEtaDemoIn(m, secrets);
      const [{ n }] = await m.query(
        'SELECT count(*)::int AS n FROM e_receipts WHERE branch_id = $1',
        [first.id],
      );
      expect(n).toBe(rows.length);
    } finally {
      await qr.rollbackTransaction();
      await qr.release();
    }
  });

  it('the seed is off without the simulator (ETA_ENV unset): nothing written', async () => {
    const { seedDemoEta } = await import('../../server/src/seed/eta-demo');
    const before = await t.ds.query('SELECT count(*)::int AS n FROM e_receipts');
    const env = process.env.ETA_ENV;
    delete process.env.ETA_ENV;
    try {
      await seedDemoEta(t.ds);
    } finally {
      if (env !== undefined) process.env.ETA_ENV = env;
    }
    expect(await t.ds.query('SELECT count(*)::int AS n FROM e_receipts')).toEqual(before);
    const admin = new Client(t.app);
    await admin.signIn('admin');
    expect((await admin.get('/api/E-invoices/queue')).status).toBe(200);
  });
});
