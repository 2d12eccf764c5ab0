import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runMigrations } from '../../server/src/core/database/data-source';
import { seedFirstStart } from '../../server/src/seed/first-start';
import { seedDemo } from '../../server/src/seed/demo';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createThrowawayDatabase } = require('../support-db.js');

export const STATE_FILE = path.join(os.tmpdir(), `pos-medium-${process.ppid}-${process.pid}.json`);

/** One throwaway database for the whole medium run: migrated, seeded with the demo data. */
export default async function globalSetup() {
  const db = await createThrowawayDatabase('pos_test');
  process.env.DATABASE_URL = db.url;
  process.env.LOG_LEVEL = 'silent';
  await runMigrations(db.url);
  await seedFirstStart(db.url);
  await seedDemo(db.url);
  fs.writeFileSync(STATE_FILE, JSON.stringify(db));
  process.env.POS_MEDIUM_STATE = STATE_FILE;
}
