import { randomUUID } from 'node:crypto';
import { sessionCookie, startListeningApp, type ListeningApp } from './support/live';

// Issue 36/37: GET /metrics (Prometheus' text format) for a scraper on this machine, or anywhere
// with METRICS_TOKEN; never through a proxy without the token. Answers are timed by their route's
// pattern (an id never becomes a label), and the relay's backlog and the event-loop delay are there.
describe('GET /metrics', () => {
  let t: ListeningApp;
  let url: string;

  beforeAll(async () => {
    t = await startListeningApp();
    url = `http://127.0.0.1:${t.port}/metrics`;
  });
  afterAll(async () => {
    delete process.env.METRICS_TOKEN;
    await t?.close();
  });
  afterEach(() => {
    delete process.env.METRICS_TOKEN;
  });

  it('answers a scraper on this machine with the process, HTTP, pool, Redis and outbox figures', async () => {
    const { client } = await sessionCookie(t, 'admin');
    const missing = randomUUID();
    expect((await client.get(`/api/Products/${missing}`)).status).toBe(404);
    const created = await client.post('/api/Customers', { name: `عميل ${missing.slice(0, 8)}` });
    expect(created.status).toBe(201);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(
      /pos_http_request_duration_seconds_count\{method="GET",route="\/api\/Products\/:id",status="404"\} [1-9]/,
    );
    expect(text).not.toContain(missing);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^pos_outbox_backlog \d+$/m);
    expect(text).toMatch(/^pos_outbox_lag_seconds \d+(\.\d+)?(e-\d+)?$/m);
    expect(text).toMatch(/^pos_redis_up 1$/m);
    expect(text).toMatch(/^pos_db_pool_connections\{state="total"\} [1-9]/m);
    expect(text).toMatch(/^pos_commands_retried_total \d+$/m);
    expect(text).toMatch(/^pos_unhandled_rejections_total \d+$/m);
    expect(text).toMatch(
      /^pos_command_duration_seconds_count\{command="\w*Customer\w*",outcome="done"\} [1-9]/m,
    );
    expect(text).toMatch(/^pos_queue_jobs\{queue="installments",state="failed"\} \d+$/m);
    expect(text).toMatch(/^pos_live_sockets \d+$/m);
    expect(text).toMatch(/^# TYPE pos_eta_documents gauge$/m);
    // Not the client's page (the SPA fallback) and not under /api.
    expect((await fetch(`http://127.0.0.1:${t.port}/api/metrics`)).status).not.toBe(200);
  });

  it('refuses a request a proxy on this machine forwarded', async () => {
    const res = await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('nodejs_');
  });

  it('with METRICS_TOKEN, answers only its bearer', async () => {
    process.env.METRICS_TOKEN = 'a-long-scrape-token-of-this-store';
    expect((await fetch(url)).status).toBe(403);
    const wrong = await fetch(url, {
      headers: { authorization: 'Bearer a-long-scrape-token-of-this-stor' },
    });
    expect(wrong.status).toBe(403);
    const right = await fetch(url, {
      headers: {
        authorization: 'Bearer a-long-scrape-token-of-this-store',
        'x-forwarded-for': '203.0.113.9',
      },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toMatch(/^pos_outbox_backlog \d+$/m);
  });
});
