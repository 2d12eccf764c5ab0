import { EtaClient, EtaHttpError, etaHosts, type PosCredentials } from './eta-client';
import { backoffMs, etaWorkerSettings } from '../jobs/eta-submission.service';

const creds: PosCredentials = {
  clientId: 'cid',
  clientSecret: 'secret',
  posSerial: 'POS-1',
  osVersion: 'linux',
};

type Call = { url: string; init: RequestInit };
function fakeFetch(answers: ((call: Call) => Response)[]) {
  const calls: Call[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next(call);
  }) as unknown as typeof fetch;
  return { fn, calls };
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const token =
  (t: string, expires = 3600) =>
  () =>
    json(200, { access_token: t, expires_in: expires, token_type: 'Bearer' });

describe('EtaClient', () => {
  it('hosts: preprod by default, prod, sim from ETA_SIM_URL', () => {
    expect(etaHosts('preprod').identity).toBe('https://id.preprod.eta.gov.eg');
    expect(etaHosts('prod').api).toBe('https://api.invoicing.eta.gov.eg');
    expect(etaHosts('sim', 'http://127.0.0.1:9/').api).toBe('http://127.0.0.1:9');
  });

  it('sends the POS headers, caches the token, renews it once on 401', async () => {
    const accepted = () =>
      json(202, { submissionId: 's-1', acceptedDocuments: [], rejectedDocuments: [] });
    const f = fakeFetch([token('t1'), accepted, () => json(401, {}), token('t2'), accepted]);
    const c = new EtaClient(etaHosts('preprod'), { fetch: f.fn });
    await c.submitReceipts(creds, ['{"a":1.50}']);
    await c.submitReceipts(creds, ['{"a":1.50}']);
    expect(f.calls.map((x) => x.url.replace(/^https:\/\/[^/]+/, ''))).toEqual([
      '/connect/token',
      '/api/v1/receiptsubmissions',
      '/api/v1/receiptsubmissions',
      '/connect/token',
      '/api/v1/receiptsubmissions',
    ]);
    const headers = f.calls[0].init.headers as Record<string, string>;
    expect(headers).toMatchObject({ posserial: 'POS-1', pososversion: 'linux' });
    expect(String(f.calls[0].init.body)).toContain('grant_type=client_credentials');
    // the receipt's text is spliced in as sent (1.50 keeps its zero)
    expect(f.calls[1].init.body).toBe('{"receipts":[{"a":1.50}]}');
    expect((f.calls[4].init.headers as Record<string, string>).Authorization).toBe('Bearer t2');
  });

  it('429 with Retry-After and 5xx are transient; a network error too', async () => {
    const f = fakeFetch([
      token('t'),
      () => json(429, {}, { 'retry-after': '7' }),
      () => json(503, {}),
      () => {
        throw new Error('ECONNRESET');
      },
    ]);
    const c = new EtaClient(etaHosts('preprod'), { fetch: f.fn });
    const e1 = (await c.submitReceipts(creds, ['{}']).catch((e) => e)) as EtaHttpError;
    expect([e1.kind, e1.status, e1.retryAfterMs]).toEqual(['transient', 429, 7000]);
    const e2 = (await c.submitReceipts(creds, ['{}']).catch((e) => e)) as EtaHttpError;
    expect([e2.kind, e2.status]).toEqual(['transient', 503]);
    const e3 = (await c.submitReceipts(creds, ['{}']).catch((e) => e)) as EtaHttpError;
    expect([e3.kind, e3.status]).toEqual(['transient', 0]);
  });

  it("a 400 is a validation error with ETA's details", async () => {
    const f = fakeFetch([
      token('t'),
      () =>
        json(400, {
          error: {
            code: 'BadStructure',
            message: 'bad',
            details: [{ code: 'X1', message: 'عنصر غير صالح', target: 'itemCode' }],
          },
        }),
    ]);
    const c = new EtaClient(etaHosts('preprod'), { fetch: f.fn });
    const e = (await c.submitReceipts(creds, ['{}']).catch((x) => x)) as EtaHttpError;
    expect(e.kind).toBe('validation');
    expect(e.errors).toEqual([{ code: 'X1', message: 'عنصر غير صالح', target: 'itemCode' }]);
  });

  it('back-off doubles up to the cap; Retry-After wins', () => {
    const s = { ...etaWorkerSettings({}), retryBaseMs: 1000, retryMaxMs: 5000 };
    expect([1, 2, 3, 4].map((n) => backoffMs(n, s, null))).toEqual([1000, 2000, 4000, 5000]);
    expect(backoffMs(1, s, 3000)).toBe(3000);
  });
});
