import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sweepDatabases } = require('../support-db.js');

/** Drops the run's template and every suite copy still left (a worker killed mid-suite). */
export default async function globalTeardown() {
  const file = process.env.POS_MEDIUM_STATE;
  if (!file || !fs.existsSync(file)) return;
  const { run } = JSON.parse(fs.readFileSync(file, 'utf8')) as { run: string };
  await sweepDatabases({ namePrefix: `${run}` });
  for (const f of fs.readdirSync(os.tmpdir()))
    if (f.startsWith(`${run}-worker-`)) fs.rmSync(path.join(os.tmpdir(), f), { force: true });
  fs.unlinkSync(file);
}
