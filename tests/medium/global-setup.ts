import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runMigrations } from '../../server/src/core/database/data-source';
import { seedFirstStart } from '../../server/src/seed/first-start';
import { seedDemo } from '../../server/src/seed/demo';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createThrowawayDatabase, sweepDatabases } = require('../support-db.js');

export const STATE_FILE = path.join(os.tmpdir(), `pos-medium-${process.ppid}-${process.pid}.json`);

/**
 * One template database for the whole run (medium, security or reliability lane): migrated and
 * seeded with the demo data once. Each suite works on its own copy of it (support/suite-db.ts), so
 * no suite sees another's rows and the suites can run in parallel workers. The template's name is
 * handed to the workers in POS_TEMPLATE_DB; nothing connects to it after this.
 * Test databases older than six hours (a run killed before its teardown) are dropped first.
 */
export default async function globalSetup() {
  await sweepDatabases({ hours: 6 });
  // run-all names the run (so it can drop its databases when it kills a lane that overran)
  const run = process.env.POS_TEST_RUN || `pos_r${Date.now().toString(36)}`;
  const db = await createThrowawayDatabase(`${run}t`);
  process.env.LOG_LEVEL = 'silent';
  // Passwords hashed at argon2id's lowest cost (core/config: PASSWORD_HASH_COST): the lanes make
  // and sign in hundreds of users, at 0.2 s of CPU each at the standard cost. The workers and the
  // servers the reliability suites start inherit it; a suite that needs the standard cost sets it.
  process.env.PASSWORD_HASH_COST ??= 'test';
  await runMigrations(db.url);
  await seedFirstStart(db.url);
  await seedDemo(db.url);
  fs.writeFileSync(STATE_FILE, JSON.stringify({ ...db, run }));
  process.env.POS_MEDIUM_STATE = STATE_FILE;
  process.env.POS_TEMPLATE_DB = db.name;
  process.env.POS_TEST_RUN = run;
  // Set by each suite to its own copy (support/suite-db.ts); never the template.
  delete process.env.DATABASE_URL;
}
