// Jest setupFilesAfterEnv of the medium, security and reliability lanes: each suite (spec file)
// gets its own copy of the run's migrated, seeded template database as DATABASE_URL, made before
// the suite's own beforeAll hooks. Jest runs this file's afterAll before the suite's (which closes
// the suite's app), so a copy is dropped when the same worker starts its next suite; global
// teardown drops the last ones.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cloneDatabase, dropDatabase } = require('../../support-db.js') as {
  cloneDatabase: (template: string, prefix: string) => Promise<{ name: string; url: string }>;
  dropDatabase: (name: string) => Promise<void>;
};

// Each spec file has its own module registry and globals, so the worker's list of copies to drop
// lives in a file of its own.
const doneFile = () =>
  path.join(os.tmpdir(), `${process.env.POS_TEST_RUN ?? 'pos'}-worker-${process.pid}.done`);

let mine: string | null = null;

beforeAll(async () => {
  const template = process.env.POS_TEMPLATE_DB;
  const run = process.env.POS_TEST_RUN;
  if (!template || !run)
    throw new Error('POS_TEMPLATE_DB is not set: run through the jest project');
  if (fs.existsSync(doneFile())) {
    const done = fs.readFileSync(doneFile(), 'utf8').split('\n').filter(Boolean);
    fs.rmSync(doneFile(), { force: true });
    for (const name of done) await dropDatabase(name).catch(() => undefined);
  }
  const db = await cloneDatabase(template, `${run}s`);
  mine = db.name;
  process.env.DATABASE_URL = db.url;
}, 120_000);

afterAll(() => {
  if (mine) fs.appendFileSync(doneFile(), `${mine}\n`);
});
