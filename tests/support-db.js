// Throwaway databases for test runs: one per run, created with a UTF-8 ctype, dropped after.
const { Client } = require('pg');

const BASE = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

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

async function createThrowawayDatabase(prefix) {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  await admin((c) =>
    c.query(
      `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    ),
  );
  return { name, url: urlFor(name) };
}

async function dropDatabase(name) {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

module.exports = { createThrowawayDatabase, dropDatabase, urlFor };
