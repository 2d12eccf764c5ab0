import { randomUUID } from 'node:crypto';
import {
  connectLive,
  sessionCookie,
  startListeningApp,
  type ListeningApp,
  type LiveClient,
} from './support/live';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const dashboardLib = require('../support-dashboard.js');
const { metricNames, selectors, groupingLabels, parseExposition } = dashboardLib;

type Panel = { id: number; title: string; type: string; exprs: { expr: string }[] };

// Issue 36: the Grafana dashboard in the repo (deploy/grafana/pos-dashboard.json) reads only what
// /metrics serves. Every metric its panels and variables name must be one this app's /metrics
// declares, and the labels they match and group by must be ones its samples carry: a metric or a
// label renamed in the code fails here, not in a production dashboard that silently shows nothing.
describe('the Grafana dashboard against /metrics', () => {
  let t: ListeningApp;
  let live: LiveClient | undefined;
  const dashboard = dashboardLib.load();
  const panels: Panel[] = dashboardLib.panelQueries(dashboard);
  const variables: { name: string; selector: string; label: string }[] =
    dashboardLib.variableQueries(dashboard);
  // Series Prometheus adds itself, not served by the app.
  const PROMETHEUS_OWN = new Set(['up']);
  // Labels Prometheus puts on every series it scrapes (the target's), and a histogram's bucket bound.
  const TARGET_LABELS = new Set(['job', 'instance', 'le']);
  let served: Set<string>;
  let labels: Map<string, Set<string>>;

  beforeAll(async () => {
    t = await startListeningApp();
    // Something in every family with samples: HTTP answers (2xx and 4xx), a command, a live socket.
    const { client, cookie } = await sessionCookie(t, 'admin');
    expect((await client.get(`/api/Products/${randomUUID()}`)).status).toBe(404);
    const created = await client.post('/api/Customers', {
      name: `عميل ${randomUUID().slice(0, 8)}`,
    });
    expect(created.status).toBe(201);
    live = await connectLive(t.port, cookie);
    const res = await fetch(`http://127.0.0.1:${t.port}/metrics`);
    expect(res.status).toBe(200);
    ({ served, labels } = parseExposition(await res.text()));
  });
  afterAll(async () => {
    live?.close();
    await t?.close();
  });

  it('is an importable dashboard: a Prometheus data source variable every query uses', () => {
    const ds = dashboard.templating.list.find((v: { type: string }) => v.type === 'datasource');
    expect(ds).toMatchObject({ name: 'datasource', query: 'prometheus' });
    expect(dashboard.uid).toBeTruthy();
    expect(panels.length).toBeGreaterThanOrEqual(20);
    const ids = new Set<number>();
    const walk = (list: Record<string, unknown>[]) => {
      for (const p of list) {
        expect(ids.has(p.id as number)).toBe(false);
        ids.add(p.id as number);
        expect(p.gridPos).toMatchObject({ w: expect.any(Number), h: expect.any(Number) });
        if (p.type !== 'row')
          expect(p.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
        for (const target of (p.targets ?? []) as Record<string, unknown>[])
          expect(target.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
        walk((p.panels ?? []) as Record<string, unknown>[]);
      }
    };
    walk(dashboard.panels);
  });

  it('names only metrics /metrics serves', () => {
    const missing: string[] = [];
    const used = new Set<string>();
    const check = (where: string, expr: string) => {
      const names: Set<string> = metricNames(expr);
      expect({ where, names: names.size > 0 }).toEqual({ where, names: true });
      for (const name of names) {
        used.add(name);
        if (!served.has(name) && !PROMETHEUS_OWN.has(name)) missing.push(`${where}: ${name}`);
      }
    };
    for (const p of panels) for (const e of p.exprs) check(`panel "${p.title}"`, e.expr);
    for (const v of variables) check(`variable $${v.name}`, v.selector);
    expect(missing).toEqual([]);
    // The list, each on the dashboard.
    for (const name of [
      'pos_http_request_duration_seconds_bucket',
      'pos_http_request_duration_seconds_count',
      'pos_command_duration_seconds_bucket',
      'pos_outbox_backlog',
      'pos_outbox_lag_seconds',
      'pos_queue_jobs',
      'pos_eta_documents',
      'pos_live_sockets',
      'pos_db_pool_connections',
      'nodejs_eventloop_lag_p99_seconds',
      'pos_unhandled_rejections_total',
    ])
      expect({ name, used: used.has(name) }).toEqual({ name, used: true });
  });

  it('matches and groups by labels the samples carry', () => {
    const wrong: string[] = [];
    const known = (metric: string) => labels.get(metric);
    for (const p of panels)
      for (const { expr } of p.exprs) {
        for (const s of selectors(expr) as { metric: string; labels: string[] }[]) {
          const has = known(s.metric);
          if (!has) continue; // declared without samples yet (no ETA document in this database)
          for (const l of s.labels)
            if (!has.has(l) && !TARGET_LABELS.has(l)) wrong.push(`${p.title}: ${s.metric}{${l}}`);
        }
        // A grouping label must be on one of the expression's metrics that has samples.
        const withSamples = [...(metricNames(expr) as Set<string>)].filter((m) => known(m));
        if (!withSamples.length) continue;
        for (const l of groupingLabels(expr) as Set<string>)
          if (!TARGET_LABELS.has(l) && !withSamples.some((m) => known(m)?.has(l)))
            wrong.push(`${p.title}: by (${l})`);
      }
    expect(wrong).toEqual([]);
  });

  it('reads the names out of PromQL, not the functions, keywords or label lists', () => {
    expect([
      ...metricNames(
        'histogram_quantile(0.95, sum by (le, route) (rate(a_bucket{job="$job", status=~"5.."}[$__rate_interval]))) / on (route) group_left b_total or vector(0) > bool 1e-3',
      ),
    ]).toEqual(['a_bucket', 'b_total']);
    expect(selectors('max by (q) (m{job="$job", state!="failed"})')).toEqual([
      { metric: 'm', labels: ['job', 'state'] },
    ]);
  });
});
