import * as fs from 'node:fs';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { dropDatabase } = require('../support-db.js');

export default async function globalTeardown() {
  const file = process.env.POS_MEDIUM_STATE;
  if (!file || !fs.existsSync(file)) return;
  const { name } = JSON.parse(fs.readFileSync(file, 'utf8'));
  await dropDatabase(name);
  fs.unlinkSync(file);
}
