import { ApiClientError, EARLY_TTL_MS, http, requestEarly, resetCsrfToken } from './http';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('requestEarly', () => {
  const realFetch = global.fetch;
  let calls: string[];
  let answer: (url: string) => Response;

  beforeEach(() => {
    // requestEarly's expiry timers: faked, so none outlives a test.
    jest.useFakeTimers();
    calls = [];
    answer = (url) => json({ url, n: calls.length });
    global.fetch = jest.fn((input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      return Promise.resolve(answer(url));
    }) as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
    resetCsrfToken();
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };

  it('hands its answer to the first GET of the same address, once', async () => {
    requestEarly('/Shift/current');
    expect(calls).toEqual(['/api/Shift/current']);
    await expect(http.get('/Shift/current')).resolves.toEqual({ url: '/api/Shift/current', n: 1 });
    expect(calls).toHaveLength(1);
    await expect(http.get('/Shift/current')).resolves.toEqual({ url: '/api/Shift/current', n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('matches the query too, and leaves other addresses alone', async () => {
    requestEarly('/auth/session', { callbackUrl: 'http://x/POS' });
    await http.get('/auth/session', { callbackUrl: 'http://x/' });
    await http.get('/config');
    expect(calls).toEqual([
      '/api/auth/session?callbackUrl=http%3A%2F%2Fx%2FPOS',
      '/api/auth/session?callbackUrl=http%3A%2F%2Fx%2F',
      '/api/config',
    ]);
    await http.get('/auth/session', { callbackUrl: 'http://x/POS' });
    expect(calls).toHaveLength(3);
  });

  it('hands the answer over only once `after` has settled', async () => {
    let release: () => void = () => undefined;
    const after = new Promise<void>((resolve) => (release = resolve));
    requestEarly('/auth/session', undefined, after);
    let got = false;
    const taken = http.get('/auth/session').then(() => (got = true));
    await settle();
    expect(got).toBe(false);
    release();
    await taken;
    expect(got).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('passes a failed answer on as the error it would have been', async () => {
    answer = () => json({ code: 'BOOM', message: 'no' }, 500);
    requestEarly('/config');
    const error = await http.get('/config').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).status).toBe(500);
    expect(calls).toHaveLength(1);
  });

  it('is dropped by a sign-in or sign-out, and after its time', async () => {
    requestEarly('/Dashboard');
    resetCsrfToken();
    requestEarly('/config');
    jest.advanceTimersByTime(EARLY_TTL_MS + 1);
    await http.get('/Dashboard');
    await http.get('/config');
    expect(calls).toEqual(['/api/Dashboard', '/api/config', '/api/Dashboard', '/api/config']);
  });
});

describe('the Idempotency-Key of a money or stock command', () => {
  const realFetch = global.fetch;
  let sent: { url: string; key: string | undefined; csrf: string | undefined }[];
  let answers: Response[];

  beforeEach(() => {
    sent = [];
    answers = [];
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/csrf')) return Promise.resolve(json({ csrfToken: 'tok' }));
      const headers = (init?.headers ?? {}) as Record<string, string>;
      sent.push({ url, key: headers['Idempotency-Key'], csrf: headers['X-CSRF-Token'] });
      return Promise.resolve(answers.shift() ?? json({ ok: true }, 201));
    }) as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
    resetCsrfToken();
  });

  it("sends the form's key, the same on every try and on the CSRF retry", async () => {
    const key = '0190f5a0-0000-4000-8000-00000000abcd';
    answers = [json({ code: 'CSRF_INVALID' }, 403), json({ ok: true }, 201)];
    await http.post('/Expenses/x/void', { reason: 'r' }, { idempotencyKey: key });
    await http.post('/Expenses/x/void', { reason: 'r' }, { idempotencyKey: key });
    expect(sent.map((s) => s.key)).toEqual([key, key, key]);
  });

  it('gives a listed command called without one a fresh key (kept on its CSRF retry), and others none', async () => {
    answers = [json({ code: 'CSRF_INVALID' }, 403), json({ ok: true }, 201)];
    await http.post('/Vendors/v1/payments', { amount: 1 });
    await http.post('/Vendors/v1/payments', { amount: 1 });
    await http.post('/Customers', { name: 'x' });
    await http.delete('/Maintenance/t1/parts/p1');
    const [first, retry, second, plain, removal] = sent;
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry.key).toBe(first.key);
    expect(second.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.key).not.toBe(first.key);
    expect(plain.key).toBeUndefined();
    expect(removal.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
