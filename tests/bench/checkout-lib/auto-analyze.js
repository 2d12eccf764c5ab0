// The analyze half of autovacuum, for a bench database on a PostgreSQL that runs with autovacuum
// off (these machines' does; a production server has it on). As autovacuum's launcher would with
// its defaults, it looks every `everyMs` (a minute, autovacuum_naptime) for tables changed by more
// than 50 rows + 10 % of the table since their last analyze, and analyzes them. Besides the
// statistics, an analyze tells every backend to drop the plans it cached on that table: without
// it a connection kept open since the tables were small keeps the plans made for them (a sale's
// buffers grew 84 → 288 in 6,600 sales; docs/decisions/0136 and 0137).
const { Client } = require('pg');

const STALE = `SELECT format('%I.%I', s.schemaname, s.relname) AS name
                 FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
                WHERE s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`;

/** Starts the checks on the database at `url`; `stop()` ends them and says how many analyzes ran. */
function startAutoAnalyze(url, { everyMs = 60_000 } = {}) {
  const client = new Client({ connectionString: url });
  let timer = null;
  let stopped = false;
  let running = Promise.resolve();
  let analyzed = 0;
  const pass = async () => {
    const { rows } = await client.query(STALE);
    for (const { name } of rows) {
      if (stopped) return;
      await client.query(`ANALYZE ${name}`);
      analyzed += 1;
      // BENCH_ANALYZE_LOG: when each table was analyzed (ms since the epoch), to line up with a phase
      if (process.env.BENCH_ANALYZE_LOG)
        require('node:fs').appendFileSync(process.env.BENCH_ANALYZE_LOG, `${Date.now()} ${name}\n`);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .catch((e) => console.error(`  auto-analyze: ${e.message}`))
        .finally(schedule);
    }, everyMs);
  };
  const connected = client.connect().then(schedule);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await connected.catch(() => undefined);
      await running;
      await client.end().catch(() => undefined);
      return analyzed;
    },
  };
}

module.exports = { startAutoAnalyze };
