import { BOOT_RESPONSE_MAX_AGE_MS, request, resetCsrfToken } from './http';

// boot.js (client/vite.config.ts) starts the first GETs with the page; request() takes each once.
describe('request: responses started by boot.js', () => {
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  let fetchMock: jest.Mock;
  const w = globalThis as unknown as { window?: { __posBoot?: unknown } };

  beforeEach(() => {
    fetchMock = jest.fn(() => Promise.resolve(json({ from: 'network' })));
    (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
    w.window = { __posBoot: { gets: { '/api/config': Promise.resolve(json({ from: 'boot' })) } } };
  });
  afterEach(() => {
    delete w.window;
    jest.restoreAllMocks();
  });

  it('uses the boot response for the same address once, then fetches', async () => {
    jest.spyOn(performance, 'now').mockReturnValue(1_000);
    expect(await (await request('/config')).json()).toEqual({ from: 'boot' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await (await request('/config')).json()).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches for another address or a call with its own headers', async () => {
    jest.spyOn(performance, 'now').mockReturnValue(1_000);
    await request('/config', { query: { x: 1 } });
    await request('/config', { headers: { 'X-Test': '1' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await (await request('/config')).json()).toEqual({ from: 'boot' });
  });

  it('drops the boot responses on sign-in or sign-out (they belong to the session before)', async () => {
    jest.spyOn(performance, 'now').mockReturnValue(1_000);
    resetCsrfToken();
    expect(await (await request('/config')).json()).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('drops a boot response taken after the page is no longer fresh', async () => {
    jest.spyOn(performance, 'now').mockReturnValue(BOOT_RESPONSE_MAX_AGE_MS + 1);
    expect(await (await request('/config')).json()).toEqual({ from: 'network' });
    expect(await (await request('/config')).json()).toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
