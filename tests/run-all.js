#!/usr/bin/env node
// `npm test`: build, then the static checks (ESLint with the import boundaries, Prettier's format
// check, the type-check of server, libs, tests and client; each counts as one test), then every
// suite — jest unit, jest medium (real PostgreSQL and Redis, a throwaway database), Playwright e2e
// in Debian's Chromium — and one closing line "N passed, N failed" that CI reads.
// `node tests/run-all.js lint format typecheck unit` runs only the named steps.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const artifacts = path.join(root, 'tests', '.artifacts');
fs.mkdirSync(artifacts, { recursive: true });

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);
let passed = 0;
let failed = 0;
let broken = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(
    `=== ${label} finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${res.status})`,
  );
  return res.status ?? 1;
}

/** A check that passes or fails as a whole (its exit code): one test in the count. */
function check(label, cmd, args) {
  if (run(label, cmd, args) === 0) passed += 1;
  else {
    failed += 1;
    console.log(`=== ${label} FAILED`);
  }
}

function jest(project, extra = []) {
  const out = path.join(artifacts, `jest-${project}.json`);
  fs.rmSync(out, { force: true });
  const code = run(`jest ${project}`, 'npx', [
    'jest',
    '--selectProjects',
    project,
    '--runInBand',
    '--json',
    `--outputFile=${out}`,
    ...extra,
  ]);
  if (!fs.existsSync(out)) {
    broken.push(`jest ${project} (exit ${code}, no report)`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numRuntimeErrorTestSuites > 0)
    broken.push(`jest ${project}: ${report.numRuntimeErrorTestSuites} suite(s) failed to run`);
  if (report.numTotalTests === 0) broken.push(`jest ${project}: no tests ran`);
  if (code !== 0 && report.numFailedTests === 0 && report.numRuntimeErrorTestSuites === 0)
    broken.push(`jest ${project} exit ${code}`);
}

function playwright() {
  const out = path.join(artifacts, 'playwright.json');
  fs.rmSync(out, { force: true });
  const code = run(
    'playwright e2e',
    'npx',
    ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    },
  );
  if (!fs.existsSync(out)) {
    broken.push(`playwright (exit ${code}, no report)`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const stats = report.stats;
  // Tests that failed once and passed on the retry (CI only): named, so a timing problem is seen.
  const flaky = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'flaky') flaky.push(`${spec.file}: ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const name of flaky) console.log(`flaky (passed on retry): ${name}`);
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  if (stats.skipped) broken.push(`playwright: ${stats.skipped} skipped`);
  if (stats.expected + stats.unexpected + stats.flaky === 0)
    broken.push('playwright: no tests ran');
  if ((stats.errors ?? []).length)
    broken.push(`playwright: ${stats.errors.length} error(s) outside tests`);
  if (code !== 0 && stats.unexpected === 0) broken.push(`playwright exit ${code}`);
}

if (!process.env.SKIP_BUILD && run('build', 'npm', ['run', 'build']) !== 0) {
  console.log('\nThe build failed.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
if (want('lint')) check('lint', 'npm', ['run', 'lint']);
if (want('format')) check('format', 'npx', ['prettier', '--check', '.']);
if (want('typecheck')) check('typecheck', 'npm', ['run', 'typecheck']);
if (want('unit')) jest('unit');
if (want('medium')) jest('medium');
if (want('security')) jest('security');
if (want('reliability')) jest('reliability');
if (want('e2e')) playwright();

console.log('');
for (const b of broken) console.log(`problem: ${b}`);
const totalFailed = failed + broken.length;
console.log(`${passed} passed, ${totalFailed} failed`);
process.exit(totalFailed === 0 ? 0 : 1);
