// Preloaded into the built server by `npm run bench -- checkout --count-statements N` (`node -r`):
// counts every SQL statement the server's process sends to PostgreSQL (its pool, the relay's and
// the session cache's own connections), by statement text, with the rows each answered and the
// time from send to answer. The bench asks over the child's IPC channel: 'count:reset' empties
// the counts and restarts the CPU clock (answers { reset: true }), 'count:read' answers
// { statements, cpuMs }.
// Nothing else in the server changes (pg's Client.prototype.query is wrapped where it is loaded).
const Module = require('node:module');

const counts = new Map();
const patched = new WeakSet();
let cpu0 = process.cpuUsage();

/** The statement's text, whitespace collapsed, literals as ?, cut to a readable key. */
const keyOf = (text) =>
  String(text ?? '?')
    .replace(/\s+/g, ' ')
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\?(?:\s*,\s*\?)+/g, '?, …')
    .trim()
    .slice(0, 110);

function record(key, started, rows, failed) {
  let c = counts.get(key);
  if (!c) counts.set(key, (c = { calls: 0, rows: 0, ms: 0, errors: 0 }));
  c.calls += 1;
  c.rows += rows ?? 0;
  c.ms += Number(process.hrtime.bigint() - started) / 1e6;
  if (failed) c.errors += 1;
}

function patch(pg) {
  const proto = pg?.Client?.prototype;
  if (!proto?.query || patched.has(proto)) return;
  patched.add(proto);
  const query = proto.query;
  proto.query = function countedQuery(config, values, callback) {
    const key = keyOf(typeof config === 'string' ? config : config?.text);
    const started = process.hrtime.bigint();
    const done = (err, res) => record(key, started, res?.rowCount, !!err);
    if (typeof values === 'function') {
      const cb = values;
      return query.call(this, config, (err, res) => (done(err, res), cb(err, res)));
    }
    if (typeof callback === 'function') {
      const cb = callback;
      return query.call(this, config, values, (err, res) => (done(err, res), cb(err, res)));
    }
    const out = query.call(this, config, values);
    if (out && typeof out.then === 'function')
      out.then(
        (res) => done(null, res),
        (err) => done(err),
      );
    return out;
  };
}

const load = Module._load;
Module._load = function loadAndPatch(request, ...rest) {
  const exported = load.call(this, request, ...rest);
  if (request === 'pg') patch(exported);
  return exported;
};

process.on('message', (message) => {
  if (message === 'count:reset') {
    counts.clear();
    cpu0 = process.cpuUsage();
    process.send?.({ reset: true });
  } else if (message === 'count:read') {
    const cpu = process.cpuUsage(cpu0);
    process.send?.({
      statements: [...counts].map(([text, c]) => ({ text, ...c })),
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  }
});
