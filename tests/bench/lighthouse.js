// `npm run bench -- lighthouse [--runs N] [--port P] [--pages /login,/,/POS] [--forms mobile]`:
// Lighthouse performance and CLS of the BUILT app (run `npm run build` first; this builds
// nothing), desktop and mobile (`--forms`: one of them). The app runs in its own process
// (tests/e2e/serve.js: a throwaway database with the demo data, dropped at the end); the
// authenticated pages get the admin's session cookie through Lighthouse's extraHeaders. Chromium
// is /usr/bin/chromium (CHROMIUM_PATH to override).
// Goals (issue 20): desktop performance ≥ 95 on every page, mobile ≥ 80 on /login and /POS,
// CLS < 0.1 everywhere. With several runs the median score is reported.
const path = require('node:path');
const os = require('node:os');
const { spawn } = require('node:child_process');
const { root, arg, signIn } = require('./lib.js');

const PORT = Number(arg('port', process.env.LIGHTHOUSE_PORT ?? 3199));
const RUNS = Number(arg('runs', 1));
const PAGES = arg('pages', '/login,/,/POS').split(',');
const FORMS = arg('forms', 'desktop,mobile').split(',');
const BASE = `http://127.0.0.1:${PORT}`;
const SAVE = arg('save', null); // a folder: each run's full JSON report is written there
const GOALS = {
  desktop: { '/login': 95, '/': 95, '/POS': 95 },
  mobile: { '/login': 80, '/POS': 80 },
};

function startApp() {
  const child = spawn(process.execPath, [path.join(root, 'tests/e2e/serve.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('e2e server on')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before it listened`)));
  });
}

async function stopApp(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const short = (url) => url.replace(/^https?:\/\/[^/]+/, '');

/**
 * What does not depend on the machine's load, from the last run of a page: the requests and JS
 * bytes of the load, the LCP element, the biggest unused-JS and main-thread items.
 */
function details(lhr) {
  const a = lhr.audits;
  const requests = a['network-requests']?.details?.items ?? [];
  const js = requests.filter((r) => r.resourceType === 'Script');
  const sum = (rows) => rows.reduce((t, r) => t + (r.transferSize ?? 0), 0);
  const lcpNode = (a['lcp-breakdown-insight']?.details?.items ?? []).find((i) => i.type === 'node');
  const unused = (a['unused-javascript']?.details?.items ?? [])
    .slice(0, 3)
    .map((i) => `${short(i.url)} ${kb(i.wastedBytes)} of ${kb(i.totalBytes)}`);
  const work = (a['mainthread-work-breakdown']?.details?.items ?? [])
    .slice(0, 3)
    .map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)} ms`);
  const boot = (a['bootup-time']?.details?.items ?? [])
    .slice(0, 3)
    .map((i) => `${short(i.url)} ${Math.round(i.total)} ms`);
  return [
    `           ${requests.length} requests, ${kb(sum(requests))}; JS ${js.length} files, ${kb(sum(js))}`,
    `           LCP element: ${lcpNode ? `${lcpNode.selector} "${String(lcpNode.nodeLabel).slice(0, 40)}"` : '-'}`,
    `           unused JS: ${unused.join('; ') || '-'}`,
    `           main thread: ${work.join('; ')}; script by file: ${boot.join('; ')}`,
  ].join('\n');
}

async function main() {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  console.log(
    `lighthouse: load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  const app = await startApp();
  let chrome;
  const rows = [];
  try {
    const { cookie } = await signIn(BASE, 'admin', 'demo1234');
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
      ],
    });
    for (const form of FORMS) {
      for (const page of PAGES) {
        const scores = [];
        const cls = [];
        const lcp = [];
        const fcp = [];
        const tbt = [];
        const si = [];
        let last = null;
        for (let i = 0; i < RUNS; i++) {
          const flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            // /login is what a signed-out visitor sees; the others need the session.
            extraHeaders: page === '/login' ? {} : { Cookie: cookie },
          };
          // Lighthouse sometimes loses the trace of a load (NO_NAVSTART) and asks to be run again:
          // up to three tries per run.
          let result;
          for (let attempt = 1; ; attempt++) {
            result = await lighthouse(
              `${BASE}${page}`,
              flags,
              form === 'desktop' ? desktopConfig : undefined,
            );
            if (result.lhr.runtimeError?.code !== 'NO_NAVSTART' || attempt === 3) break;
          }
          const lhr = result.lhr;
          if (SAVE) {
            require('node:fs').mkdirSync(SAVE, { recursive: true });
            require('node:fs').writeFileSync(
              path.join(SAVE, `${form}${page.replace(/\W/g, '_')}-${i}.json`),
              result.report,
            );
          }
          if (lhr.runtimeError)
            throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          if (page !== '/login' && /\/login/.test(lhr.finalDisplayedUrl))
            throw new Error(`${page} redirected to ${lhr.finalDisplayedUrl}: not signed in`);
          scores.push(Math.round(lhr.categories.performance.score * 100));
          cls.push(lhr.audits['cumulative-layout-shift'].numericValue);
          lcp.push(lhr.audits['largest-contentful-paint'].numericValue);
          fcp.push(lhr.audits['first-contentful-paint'].numericValue);
          tbt.push(lhr.audits['total-blocking-time'].numericValue);
          si.push(lhr.audits['speed-index'].numericValue);
          last = lhr;
        }
        const goal = GOALS[form][page];
        const row = {
          form,
          page,
          score: median(scores),
          all: scores,
          cls: median(cls),
          lcp: median(lcp),
          fcp: median(fcp),
          tbt: median(tbt),
          si: median(si),
          goal,
        };
        row.met = (goal === undefined || row.score >= goal) && row.cls < 0.1;
        rows.push(row);
        console.log(
          `${form.padEnd(8)} ${page.padEnd(7)} performance ${String(row.score).padStart(3)}${RUNS > 1 ? ` (${scores.join(', ')})` : ''}` +
            `  FCP ${(row.fcp / 1000).toFixed(2)} s  LCP ${(row.lcp / 1000).toFixed(2)} s  SI ${(row.si / 1000).toFixed(2)} s  TBT ${Math.round(row.tbt)} ms  CLS ${row.cls.toFixed(3)}` +
            `  goal ${goal === undefined ? '-' : `≥ ${goal}`}, CLS < 0.1: ${row.met ? 'met' : 'NOT met'}`,
        );
        console.log(details(last));
      }
    }
  } finally {
    if (chrome) await chrome.kill();
    await stopApp(app);
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const missed = rows.filter((r) => !r.met).length;
  console.log(`${rows.length - missed} met, ${missed} not met`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
