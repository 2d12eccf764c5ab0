// The Grafana dashboard kept in the repo (deploy/grafana/pos-dashboard.json, issue 36, decision
// 0125): its queries, the metric and label names they use, and the queries with the dashboard's
// variables filled in for a plain Prometheus. Used by the medium test that keeps the dashboard in
// step with /metrics and by the dashboard bench (tests/bench/dashboard.js).
const fs = require('node:fs');
const path = require('node:path');

const DASHBOARD = path.join(__dirname, '..', 'deploy', 'grafana', 'pos-dashboard.json');

const load = () => JSON.parse(fs.readFileSync(DASHBOARD, 'utf8'));

/** Every panel (rows' nested panels too) with its queries: [{ id, title, exprs: [{ refId, expr, legend }] }]. */
function panelQueries(dashboard = load()) {
  const out = [];
  const walk = (panels) => {
    for (const p of panels ?? []) {
      if (p.targets?.length)
        out.push({
          id: p.id,
          title: p.title,
          type: p.type,
          exprs: p.targets.map((t) => ({ refId: t.refId, expr: t.expr, legend: t.legendFormat })),
        });
      walk(p.panels);
    }
  };
  walk(dashboard.panels);
  return out;
}

/** The template variables' queries (`label_values(metric{…}, label)`), as PromQL selectors. */
function variableQueries(dashboard = load()) {
  return (dashboard.templating?.list ?? [])
    .filter((v) => v.type === 'query')
    .map((v) => {
      const q = typeof v.query === 'string' ? v.query : v.query.query;
      const m = /^label_values\((.*),\s*(\w+)\)$/.exec(q);
      if (!m) throw new Error(`variable ${v.name}: not label_values(…): ${q}`);
      return { name: v.name, selector: m[1], label: m[2] };
    });
}

// PromQL's words that are neither a function (followed by a parenthesis) nor a metric.
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);
const KEYWORDS_ANYCASE = new Set(['bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);
const STRINGS = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g;

/** Grafana's variables out (`$job`, `${datasource}`, `$__rate_interval`): they never name a metric. */
const noVariables = (expr) => expr.replace(/\$\{?\w+\}?/g, '1m');

/**
 * The metric names an expression reads. Strings, label matchers, ranges and label lists are taken
 * out first; what is left that is a name not followed by a parenthesis (a function or an
 * aggregation) and not a keyword is a metric.
 */
function metricNames(expr) {
  const bare = noVariables(expr)
    .replace(STRINGS, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set();
  for (const m of bare.matchAll(/(?<![\w:.])([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    if (m[2] || KEYWORDS.has(m[1]) || KEYWORDS_ANYCASE.has(m[1].toLowerCase())) continue;
    names.add(m[1]);
  }
  return names;
}

/** Each `metric{matchers}` of an expression: the metric and the label names its matchers use. */
function selectors(expr) {
  const out = [];
  for (const m of noVariables(expr).matchAll(/([a-zA-Z_:][\w:]*)\s*\{([^}]*)\}/g)) {
    const labels = [...m[2].replace(STRINGS, '""').matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)].map(
      (l) => l[1],
    );
    out.push({ metric: m[1], labels });
  }
  return out;
}

/** The label names an expression groups by (`by (a, b)`, `without (…)`). */
function groupingLabels(expr) {
  const out = new Set();
  for (const m of expr.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g))
    for (const l of m[1].split(',').map((s) => s.trim())) if (l) out.add(l);
  return out;
}

/**
 * An expression as a plain Prometheus runs it: the dashboard's variables filled in (every instance
 * of `job`, a rate window of `rateInterval`, the time range `range`).
 */
function forPrometheus(expr, { job = 'pos', rateInterval = '15s', range = '5m' } = {}) {
  return expr
    .replace(/\$__rate_interval/g, rateInterval)
    .replace(/\$__range/g, range)
    .replace(/\$\{?job\}?/g, job)
    .replace(/\$\{?instance\}?/g, '.*');
}

/**
 * A Prometheus text exposition read: the names of the samples served, every family declared
 * (`# TYPE`, with a histogram's _bucket/_sum/_count), and each sample name's label names.
 */
function parseExposition(text) {
  const served = new Set();
  const labels = new Map();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\w+)/.exec(line);
    if (type) {
      const [, name, kind] = type;
      served.add(name);
      if (kind === 'histogram') for (const s of ['_bucket', '_sum', '_count']) served.add(name + s);
      if (kind === 'summary') for (const s of ['_sum', '_count']) served.add(name + s);
      continue;
    }
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? \S+/.exec(line);
    if (!sample) continue;
    served.add(sample[1]);
    const set = labels.get(sample[1]) ?? new Set();
    for (const l of (sample[2] ?? '').matchAll(/(\w+)="/g)) set.add(l[1]);
    labels.set(sample[1], set);
  }
  return { served, labels };
}

module.exports = {
  DASHBOARD,
  load,
  panelQueries,
  variableQueries,
  metricNames,
  selectors,
  groupingLabels,
  forPrometheus,
  parseExposition,
};
