import { randomUUID } from 'node:crypto';
import { Client as Pg } from 'pg';
import { EtaSimulator } from '../../server/src/eta-sim/eta-simulator';
import { p12File, TEST_ETA_RECEIVER_B, testEtaInvoiceLine } from '../fixtures/eta-company';
import { etaFixture } from './eta-fixture';
import { prepareDatabase, streamSales } from './fixture';
import { sleep, startServerProcess, type ServerProcess } from './support';

// Issue 17: "secrets never appear in any API response or log". The built server runs as its own
// process at the production log level while every flow that handles a secret runs: company info
// with the ERP secret, a branch with its POS and invoice secrets, the PKCS#12 signer (and a wrong
// passphrase refused), POS and ERP tokens, a submission answered 401 (token renewed) then 503
// (retried), an e-invoice signed and sent, then a signing failure (the file replaced). Everything
// the process wrote is searched for the secrets, the passphrases and every token ETA issued.
describe('ETA secrets in the logs', () => {
  const PORT = '3914';
  const SERIAL = 'LOG-POS-A';
  const tag = randomUUID().slice(0, 8);
  const secrets = {
    erp: `erp-${tag}-s3cr3t`,
    pos: `pos-${tag}-s3cr3t`,
    invoice: `inv-${tag}-s3cr3t`,
  };
  const P12_PASSWORD = `p12-${tag}-passphrase`;
  const WRONG_PASSWORD = `wrong-${tag}-passphrase`;
  let db: Awaited<ReturnType<typeof prepareDatabase>>;
  let server: ServerProcess;
  let pg: Pg;
  let sim: EtaSimulator;

  beforeAll(async () => {
    db = await prepareDatabase('pos_rel_eta_log');
    pg = new Pg({ connectionString: db.url });
    await pg.connect();
    sim = new EtaSimulator();
    server = await startServerProcess({
      DATABASE_URL: db.url,
      PORT,
      LOG_LEVEL: 'normal',
      ETA_SIM_URL: await sim.start(),
      ETA_RETRY_BASE_MS: '100',
      ETA_RETRY_MAX_MS: '500',
      ETA_POLL_MS: '200',
      ETA_SWEEP_MS: '300',
    });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await sim?.stop();
    await pg?.end();
    await db?.drop();
  });

  const until = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out: ${what}\n${server.output()}`);
      await sleep(200);
    }
  };

  it('no secret, passphrase or token in anything the server logged or answered', async () => {
    const f = await etaFixture(pg, server.url, [SERIAL], secrets, 5);
    const answers: unknown[] = [];
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await f.admin.call(method, path, body);
      answers.push(res.body);
      return res;
    };
    const p12 = p12File(P12_PASSWORD);
    const refused = await call('PUT', '/api/E-invoices/CompanyInfo/signer', {
      kind: 'p12',
      p12Path: p12,
      p12Password: WRONG_PASSWORD,
    });
    // (the whole answer on a failure: a status 0 carries why the request got none)
    expect({ status: refused.status, body: refused.body }).toMatchObject({ status: 400 });
    const signer = await call('PUT', '/api/E-invoices/CompanyInfo/signer', {
      kind: 'p12',
      p12Path: p12,
      p12Password: P12_PASSWORD,
    });
    expect(signer.status).toBe(200);

    // e-receipts: a token, a 401 (renewed), a 503 (retried), then valid
    sim.failures.push({ type: '401' }, { type: '5xx', status: 503 });
    const sales = await streamSales(f, 3);
    expect(sales.failures).toEqual([]);
    const receiptsValid = async () =>
      (
        await pg.query(
          `SELECT count(*) FILTER (WHERE status = 'valid')::int AS n FROM e_receipts WHERE pos_serial = $1`,
          [SERIAL],
        )
      ).rows[0].n === 3;
    await until('receipts valid', receiptsValid);
    expect(sim.stats.failuresServed).toBe(2);
    expect(sim.stats.tokens).toBeGreaterThanOrEqual(2);

    // an e-invoice: the ERP token, the PKCS#12 signature
    const invoice = (over: object = {}) =>
      call('POST', '/api/E-invoices/documents', {
        documentType: 'i',
        branchId: f.branchIds[0],
        receiver: TEST_ETA_RECEIVER_B,
        lines: [testEtaInvoiceLine()],
        ...over,
      });
    const first = await invoice();
    expect(first.status).toBe(201);
    const documentStatus = async (id: string) =>
      (await pg.query('SELECT status FROM e_documents WHERE id = $1', [id])).rows[0].status;
    await until(
      'invoice valid',
      async () => (await documentStatus(first.body.id as string)) === 'valid',
    );

    // a signing failure: the seal on disk now opens with another passphrase only
    p12File(`other-${tag}`, p12);
    const second = await invoice();
    expect(second.status).toBe(201);
    await until('signer failure logged', async () => /e-invoice signer/.test(server.output()));
    expect(await documentStatus(second.body.id as string)).toBe('queued');

    // what an admin reads back
    for (const path of [
      '/api/E-invoices/CompanyInfo',
      '/api/E-invoices/CompanyInfo/signer',
      `/api/Branch/${f.branchIds[0]}`,
      '/api/E-receipts?pageSize=50',
      `/api/E-invoices/documents/${first.body.id}`,
      '/api/E-invoices/queue',
      '/api/AuditLogs?pageSize=200',
    ])
      expect((await call('GET', path)).status).toBe(200);
    await server.stop('SIGTERM');

    const logged = server.output();
    // the capture saw the flows: the 503's warning, the signer's
    expect(logged).toContain('ETA submission failed');
    expect(logged).toContain('e-invoice signer');
    const tokens = [...sim.tokens.keys()];
    expect(tokens.length).toBe(sim.stats.tokens);
    const answered = JSON.stringify(answers);
    for (const secret of [...Object.values(secrets), P12_PASSWORD, WRONG_PASSWORD, ...tokens]) {
      expect({ secret, inLog: logged.includes(secret) }).toEqual({ secret, inLog: false });
      expect({ secret, inAnswers: answered.includes(secret) }).toEqual({
        secret,
        inAnswers: false,
      });
    }
  });
});
