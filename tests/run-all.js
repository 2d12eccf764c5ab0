#!/usr/bin/env node
// `npm test`: build, then the static checks (ESLint with the import boundaries, Prettier's format
// check, the type-check of server, libs, tests and client; each counts as one test), then every
// suite — jest unit, jest medium (real PostgreSQL and Redis, a throwaway database), Playwright e2e
// in Debian's Chromium — and one closing line "N passed, N failed" that CI reads.
// One step after the other (ESLint and then the format check beside the type-check and then the
// unit tests), each within its time limit (LIMITS below): a step that overruns is killed with its
// process group, counted as failed, and a Jest lane names the suites it was still running. The medium and security suites run in one Jest run on two workers (each suite has its
// own database).
// E2E_LANE=parallel runs Playwright (its own server, database, Redis
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

/**
 * Each step's time limit in seconds (LANE_LIMIT_<STEP>=seconds overrides, e.g. LANE_LIMIT_MEDIUM):
 * a step that runs longer is killed with its whole process group (workers, servers and
 * redis-servers its tests started) and counted as failed, so `npm test` never waits forever.
 */
const LIMITS = {
  build: 900,
  lint: 600,
  format: 300,
  typecheck: 900,
  unit: 600,
  medium: 1200,
  security: 600,
  reliability: 900,
  e2e: 2400,
};
const limitOf = (step) => Number(process.env[`LANE_LIMIT_${step.toUpperCase()}`]) || LIMITS[step];

/** Kills a process group: SIGTERM, then SIGKILL ten seconds later. */
function killGroup(pid) {
  const kill = (signal) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  kill('SIGTERM');
  setTimeout(() => kill('SIGKILL'), 10_000).unref();
}

/**
 * Runs a command to its end, or until `limit` seconds have passed (then its process group is killed
 * and `onTimeout` says what was running); its output goes to ours, or to `logFile` when given.
 * `watch(child)` may return a function the run calls every 5 s (for a Jest lane: noticing a run that
 * finished but does not exit). Resolves with the exit code, or 'timeout'.
 */
function run(label, cmd, args, env = {}, logFile = null, opts = {}) {
  const say = (line) => (logFile ? fs.appendFileSync(logFile, `${line}\n`) : console.log(line));
  const limit = opts.limit ?? null;
  const clock = new Date().toISOString().slice(11, 19);
  say(
    `\n=== ${label}: ${cmd} ${args.join(' ')}${limit ? ` (time limit ${limit} s)` : ''} at ${clock}`,
  );
  if (logFile && opts.echo)
    console.log(`\n=== ${label}: started beside the next steps, its output at its end`);
  const started = Date.now();
  const out = logFile ? fs.openSync(logFile, 'a') : 'inherit';
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', out, out],
      env: { ...process.env, ...env },
      // its own process group, so a time limit can end it with everything it started
      detached: true,
    });
    let outcome = null;
    const stop = (why) => {
      if (outcome) return;
      outcome = why;
      killGroup(child.pid);
      // whatever holds on (a process that left the group), we go on after the SIGKILL
      setTimeout(() => finish(null), 15_000).unref();
    };
    const timer = limit
      ? setTimeout(() => {
          const elapsed = ((Date.now() - started) / 1000).toFixed(0);
          console.log(
            `=== ${label} ran out of its time limit (${elapsed} s of ${limit} s): killed`,
          );
          opts.onTimeout?.();
          stop('timeout');
        }, limit * 1000)
      : null;
    const probe = opts.watch ? opts.watch(() => stop('stuck')) : null;
    let poll = null;
    const tick = () => {
      probe();
      poll = setTimeout(tick, 5000);
    };
    if (probe) poll = setTimeout(tick, 5000);
    let done = false;
    function finish(code) {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      if (poll) clearTimeout(poll);
      if (logFile) fs.closeSync(out);
      const elapsed = ((Date.now() - started) / 1000).toFixed(1);
      const how = outcome ? outcome : `exit ${code}`;
      say(`=== ${label} finished in ${elapsed} s (${how})`);
      // A step that ran beside another: its whole output as one block now, or only its last line.
      if (logFile && opts.echo) process.stdout.write(fs.readFileSync(logFile, 'utf8'));
      else if (logFile) console.log(`=== ${label} finished in ${elapsed} s (${how})`);
      resolve(outcome ?? code ?? 1);
    }
    child.on('exit', (code) => finish(code));
    child.on('error', () => finish(1));
  });
}

/**
 * A check that passes or fails as a whole (its exit code): one test in the count. With `logFile`
 * (a check running beside other steps) its output is kept there and printed as one block at its end.
 */
async function check(label, cmd, args, logFile = null) {
  if (logFile) fs.rmSync(logFile, { force: true });
  const code = await run(label, cmd, args, {}, logFile, { limit: limitOf(label), echo: true });
  if (code === 0) passed += 1;
  else {
    failed += 1;
    console.log(`=== ${label} FAILED`);
  }
}

/**
 * How a Jest lane runs: medium, security and reliability in two workers (each suite has its own
 * database, and each reliability suite its own server port, Redis port and queue prefix, so they
 * share no state: the first try on two workers failed only because two suites had the same port);
 * unit on two workers as well (it runs alone once ESLint is done).
 * JEST_WORKERS_<LANE>=n overrides (1 = in band). --detectOpenHandles would force one worker, so CI
 * does not use it: a lane that finishes but does not exit is killed after a minute and reported
 * (run that lane with --detectOpenHandles to see what holds it).
 */
const WORKERS = { unit: 2, medium: 2, security: 2, reliability: 2 };

/** The progress file's suites: those started and not finished, and the finished ones. */
function progressOf(file) {
  const running = new Map();
  let complete = false;
  if (!fs.existsSync(file)) return { running, complete };
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [at, event, suite] = line.split('\t');
    if (event === 'start') running.set(suite, Number(at));
    else if (event === 'end') running.delete(suite);
    else if (event === 'complete') complete = true;
  }
  return { running, complete };
}

/**
 * Runs a Jest lane: `project`, and `also` (more projects run in the same invocation: one Jest
 * start, one template database — the projects share their global setup — and one pool of workers,
 * so no core waits for the last suite of one lane while the next lane has not started).
 */
async function jest(project, also = []) {
  const projects = [project, ...also];
  const name = projects.join('+');
  const out = path.join(artifacts, `jest-${project}.json`);
  const progress = path.join(artifacts, `jest-${project}.progress`);
  fs.rmSync(out, { force: true });
  fs.rmSync(progress, { force: true });
  const workers = Number(process.env[`JEST_WORKERS_${project.toUpperCase()}`]) || WORKERS[project];
  const sayRunning = () => {
    const { running } = progressOf(progress);
    if (running.size === 0) console.log(`=== jest ${name}: no suite was running`);
    for (const [suite, at] of running)
      console.log(
        `=== jest ${name}: still running ${path.relative(root, suite)} (for ${((Date.now() - at) / 1000).toFixed(0)} s)`,
      );
  };
  let doneAt = null;
  // The name every database of this lane's run starts with (tests/medium/global-setup.ts).
  const dbRun = `pos_r${Date.now().toString(36)}`;
  const code = await run(
    `jest ${name}`,
    'npx',
    [
      'jest',
      '--selectProjects',
      ...projects,
      ...(workers > 1 ? [`--maxWorkers=${workers}`] : ['--runInBand']),
      '--json',
      `--outputFile=${out}`,
      '--reporters=default',
      '--reporters=<rootDir>/tests/support-progress-reporter.js',
    ],
    { POS_JEST_PROGRESS: progress, POS_TEST_RUN: dbRun },
    null,
    {
      limit: projects.reduce((sum, p) => sum + limitOf(p), 0),
      onTimeout: sayRunning,
      // Jest's run is over (its report written) but the process stays: something a test started
      // is still open. A minute later the lane is ended and that is reported.
      watch: (stop) => () => {
        if (!progressOf(progress).complete) return;
        doneAt ??= Date.now();
        if (Date.now() - doneAt > 60_000) stop();
      },
    },
  );
  if (code === 'timeout') {
    failed += 1;
    broken.push(`jest ${name}: ran out of its time limit`);
  }
  if (code === 'timeout' || code === 'stuck') {
    // killed before its global teardown: drop the run's template and suite databases here
    const dropped = await require('./support-db.js')
      .sweepDatabases({ namePrefix: dbRun })
      .catch(() => []);
    if (dropped.length)
      console.log(`=== jest ${name}: dropped ${dropped.length} database(s) of the run`);
  }
  if (code === 'stuck')
    broken.push(
      `jest ${name}: did not exit a minute after its run (open handles: run it with --detectOpenHandles)`,
    );
  if (!fs.existsSync(out)) {
    if (code !== 'timeout') broken.push(`jest ${name} (exit ${code}, no report)`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numRuntimeErrorTestSuites > 0)
    broken.push(`jest ${name}: ${report.numRuntimeErrorTestSuites} suite(s) failed to run`);
  if (report.numTotalTests === 0) broken.push(`jest ${name}: no tests ran`);
  if (
    typeof code === 'number' &&
    code !== 0 &&
    report.numFailedTests === 0 &&
    report.numRuntimeErrorTestSuites === 0
  )
    broken.push(`jest ${name} exit ${code}`);
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
  // One server per Playwright worker on port + w, its ETA simulator on + 1000, the e-invoice
  // spec's own simulator on + 1500 (tests/e2e/playwright.config.ts): the whole block must be free.
  const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
  const blockFree = async (port) => {
    for (let w = 0; w < workers; w += 1)
      for (const offset of [0, 1000, 1500]) if (!(await portFree(port + w + offset))) return false;
    return true;
  };
  for (let port = 3100; port < 3400; port += 10) if (await blockFree(port)) return String(port);
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
      // Two workers, each its own server, database and browser (CI has two cores): the races the
      // first two-worker runs met were fixed (docs/decisions/0061, 0065, 0067); E2E_WORKERS=1 for one.
      E2E_WORKERS: process.env.E2E_WORKERS ?? '2',
    },
    logFile,
    { limit: limitOf('e2e') },
  );
  if (code === 'timeout') {
    failed += 1;
    broken.push(`playwright: ran out of its ${limitOf('e2e')} s time limit`);
  }
  if (!fs.existsSync(out)) {
    if (code !== 'timeout') broken.push(`playwright (exit ${code}, no report)`);
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
  if (typeof code === 'number' && code !== 0 && stats.unexpected === 0)
    broken.push(`playwright exit ${code}`);
}

async function main() {
  if (
    !process.env.SKIP_BUILD &&
    (await run('build', 'npm', ['run', 'build'], {}, null, { limit: limitOf('build') })) !== 0
  ) {
    console.log('\nThe build failed.');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const serial = process.env.E2E_LANE !== 'parallel';
  const e2eLog = path.join(artifacts, 'e2e.log');
  fs.rmSync(e2eLog, { force: true });
  const e2e = want('e2e') && !serial ? playwright(e2eLog) : Promise.resolve();
  // The static checks on the two cores as two chains of about the same length: ESLint then
  // Prettier's check on one (≈ 70 + 45 s on a quiet machine), the type-check then the unit tests on
  // the other (≈ 70 + 65 s). The first chain's output is printed as one block per check when it
  // ends.
  const lintThenFormat = (async () => {
    if (want('lint')) await check('lint', 'npm', ['run', 'lint'], path.join(artifacts, 'lint.log'));
    if (want('format'))
      await check(
        'format',
        'npx',
        ['prettier', '--check', '.'],
        path.join(artifacts, 'format.log'),
      );
  })();
  if (want('typecheck')) await check('typecheck', 'npm', ['run', 'typecheck']);
  if (want('unit')) await jest('unit');
  await lintThenFormat;
  // The medium and security suites in one Jest run (same setup, same two workers).
  const lanes = ['medium', 'security'].filter(want);
  if (lanes.length) await jest(lanes[0], lanes.slice(1));
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
