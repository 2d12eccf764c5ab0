#!/usr/bin/env node
// `npm test`: build, then the static checks (ESLint with the import boundaries, Prettier's format
// check, the type-check of server, libs, tests and client; each counts as one test), then every
// suite — jest unit, jest medium (real PostgreSQL and Redis, a throwaway database), Playwright e2e
// in Debian's Chromium — and one closing line "N passed, N failed" that CI reads.
// One step after the other. E2E_LANE=parallel runs Playwright (its own server, database, Redis
// prefix and browser) beside the static checks and the jest suites instead, its output kept in
// tests/.artifacts/e2e.log and printed at the end: on two cores it saved only ≈ 3 of 34 minutes and
// made the timing-sensitive reliability tests flaky, so it is not the default.
// `node tests/run-all.js lint format typecheck unit` runs only the named steps.
const { spawn } = require('node:child_process');
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

/** Runs a command to its end; its output goes to ours, or to `logFile` when given. */
function run(label, cmd, args, env = {}, logFile = null) {
  const say = (line) => (logFile ? fs.appendFileSync(logFile, `${line}\n`) : console.log(line));
  say(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const out = logFile ? fs.openSync(logFile, 'a') : 'inherit';
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', out, out],
      env: { ...process.env, ...env },
    });
    child.on('close', (code) => {
      if (logFile) fs.closeSync(out);
      const elapsed = ((Date.now() - started) / 1000).toFixed(1);
      say(`=== ${label} finished in ${elapsed} s (exit ${code})`);
      if (logFile) console.log(`=== ${label} finished in ${elapsed} s (exit ${code})`);
      resolve(code ?? 1);
    });
  });
}

/** A check that passes or fails as a whole (its exit code): one test in the count. */
async function check(label, cmd, args) {
  if ((await run(label, cmd, args)) === 0) passed += 1;
  else {
    failed += 1;
    console.log(`=== ${label} FAILED`);
  }
}

async function jest(project, extra = []) {
  const out = path.join(artifacts, `jest-${project}.json`);
  fs.rmSync(out, { force: true });
  const code = await run(`jest ${project}`, 'npx', [
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

/** Whether nothing listens on `port` (any address). */
function portFree(port) {
  const net = require('node:net');
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '0.0.0.0', () => srv.close(() => resolve(true)));
  });
}

/**
 * The e2e server's port: E2E_PORT when given, else the first of 3100, 3110, … that is free with its
 * ETA simulator's (+1500), so a server left running on this machine does not fail the run.
 */
async function e2ePort() {
  if (process.env.E2E_PORT) return process.env.E2E_PORT;
  for (let port = 3100; port < 3400; port += 10)
    if ((await portFree(port)) && (await portFree(port + 1500))) return String(port);
  return '3100';
}

async function playwright(logFile) {
  const out = path.join(artifacts, 'playwright.json');
  fs.rmSync(out, { force: true });
  const code = await run(
    'playwright e2e',
    'npx',
    ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      E2E_PORT: await e2ePort(),
    },
    logFile,
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

async function main() {
  if (!process.env.SKIP_BUILD && (await run('build', 'npm', ['run', 'build'])) !== 0) {
    console.log('\nThe build failed.');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const serial = process.env.E2E_LANE !== 'parallel';
  const e2eLog = path.join(artifacts, 'e2e.log');
  fs.rmSync(e2eLog, { force: true });
  const e2e = want('e2e') && !serial ? playwright(e2eLog) : Promise.resolve();
  if (want('lint')) await check('lint', 'npm', ['run', 'lint']);
  if (want('format')) await check('format', 'npx', ['prettier', '--check', '.']);
  if (want('typecheck')) await check('typecheck', 'npm', ['run', 'typecheck']);
  if (want('unit')) await jest('unit');
  if (want('medium')) await jest('medium');
  if (want('security')) await jest('security');
  if (want('reliability')) await jest('reliability');
  await e2e;
  if (want('e2e') && serial) await playwright(null);
  if (fs.existsSync(e2eLog)) {
    console.log("\n=== the e2e lane's output");
    process.stdout.write(fs.readFileSync(e2eLog, 'utf8'));
  }

  console.log('');
  for (const b of broken) console.log(`problem: ${b}`);
  const totalFailed = failed + broken.length;
  console.log(`${passed} passed, ${totalFailed} failed`);
  process.exit(totalFailed === 0 ? 0 : 1);
}

void main();
