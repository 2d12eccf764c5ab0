// Throwaway databases for test runs, created with a UTF-8 ctype and dropped after. The medium,
// security and reliability lanes migrate and seed one template database per run (global setup) and
// give each suite its own copy of it (`CREATE DATABASE … TEMPLATE …`, a file copy: well under a
// second), so suites share no state and can run in parallel Jest workers.
const { Client } = require('pg');

const BASE = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Names of the databases the tests make: `<prefix>_<ms since 1970>_<pid>[_<n>]`. */
const THROWAWAY = /^(pos_[a-z0-9]+)_(\d{13})_\d+(_\d+)?$/;

function urlFor(name) {
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(fn) {
  const client = new Client({ connectionString: urlFor('postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let made = 0;
function freshName(prefix) {
  made += 1;
  return `${prefix}_${Date.now()}_${process.pid}_${made}`;
}

/**
 * A test database's sessions commit without waiting for the WAL flush (`synchronous_commit = off`,
 * a per-database setting, which `CREATE DATABASE … TEMPLATE` does not copy): on these machines a
 * flush takes about 4 ms, so a commit cost 4.8 ms instead of 0.5 ms (2,000 one-row commits: 9.7 s
 * against 1.0 s), and every command the tests send is a commit. Consistency and isolation are
 * the same; only the last commits before a crash of PostgreSQL itself could be lost, and no test
 * crashes the machine's PostgreSQL (pg-restart.spec runs its own). The benchmarks keep the
 * server's default (`durable`): they measure what a shop would see.
 */
async function fastCommits(c, name, durable) {
  if (!durable) await c.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
}

async function createThrowawayDatabase(prefix, { durable = false } = {}) {
  const name = freshName(prefix);
  await admin(async (c) => {
    await c.query(
      `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    );
    await fastCommits(c, name, durable);
  });
  return { name, url: urlFor(name) };
}

/**
 * A copy of `template` (a migrated, seeded database nobody is connected to). FILE_COPY copies the
 * files after a checkpoint: for a small database much faster than the default WAL_LOG strategy.
 */
async function cloneDatabase(template, prefix) {
  const name = freshName(prefix);
  await admin(async (c) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY FILE_COPY`);
        await fastCommits(c, name, false);
        return;
      } catch (error) {
        // "source database … is being accessed by other users": another worker's clone of the
        // same template holds it for the copy's duration; try again shortly.
        if (!/being accessed by other users/.test(String(error?.message)) || attempt >= 40)
          throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  return { name, url: urlFor(name) };
}

async function dropDatabase(name) {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/**
 * Drops the test databases whose name says they were made more than `hours` ago (left behind by a
 * run that was killed before its teardown) and those whose name starts with `namePrefix`.
 */
async function sweepDatabases({ hours = 6, namePrefix = null } = {}) {
  const cutoff = Date.now() - hours * 3600_000;
  const rows = await admin(
    async (c) =>
      (await c.query(`SELECT datname FROM pg_database WHERE datname LIKE 'pos\\_%'`)).rows,
  );
  const doomed = rows
    .map((r) => r.datname)
    .filter((name) => {
      if (namePrefix && name.startsWith(namePrefix)) return true;
      const m = THROWAWAY.exec(name);
      return m !== null && Number(m[2]) < cutoff;
    });
  for (const name of doomed) await dropDatabase(name).catch(() => undefined);
  return doomed;
}

module.exports = { createThrowawayDatabase, cloneDatabase, dropDatabase, sweepDatabases, urlFor };
