#!/usr/bin/env node
// `npm run bench -- <name> [options]`: runs tests/bench/<name>.js. Benchmarks are not part of
// `npm test`; each prints its figures against a baseline measured in the same run.
const path = require('node:path');
const fs = require('node:fs');

const [name, ...rest] = process.argv.slice(2);
const available = fs
  .readdirSync(__dirname)
  .filter((f) => f.endsWith('.js') && !['run.js', 'lib.js'].includes(f))
  .map((f) => f.slice(0, -3));
if (!name || !available.includes(name)) {
  console.log(`usage: npm run bench -- <${available.join('|')}> [options]`);
  process.exit(name ? 1 : 0);
}
process.argv = [process.argv[0], path.join(__dirname, `${name}.js`), ...rest];
require(path.join(__dirname, `${name}.js`));
