import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Two workers by default (CI has two cores). Each worker has its own server and database on
// PORT + its parallel index (and that server's ETA simulator on PORT + index + 1000), so files on
// different workers share no state: no store setting, shift, company info or simulator queue changes
// under another file's feet. Within a worker the files run one after another, as before.
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
// This file is loaded again in every worker process, after Playwright set TEST_PARALLEL_INDEX
// (0 … WORKERS-1, kept by a worker's replacement): each worker's pages and requests go to its server.
const INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

// Debian's Chromium (no browser download is possible here), quiet on a closed network. Its headless
// shell (package chromium-headless-shell, the old headless mode without the full browser's UI
// layers) when installed: the same Blink, about 15 % less time a spec on CI's two cores.
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  outputDir: '../.artifacts/e2e-results',
  fullyParallel: false,
  workers: WORKERS,
  // No retries, on CI either: a test that passes only on a second try is a bug to fix, not to absorb.
  retries: 0,
  // Two workers, their servers and CI's other lanes share two cores: a test's time doubles there.
  timeout: 120_000,
  // (A page's data can take over 10 s there when the machine is loaded: seen on the statistics KPIs.)
  expect: { timeout: 15_000 },
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT + INDEX}`,
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
    // The app drops its fades, slides and ripples for it (theme.ts): less browser work per step.
    reducedMotion: 'reduce',
    // The till's service worker precaches every chunk of the app on the first /POS of a context:
    // about 2 s of browser CPU and 0.2 s of the server's a test, twice a plain /POS load
    // (docs/decisions/0105). The offline-*.spec files, which test it, allow it again.
    serviceWorkers: 'block',
    // A click or a fill that cannot happen (a covered or disabled button) fails at its own line
    // after 30 s instead of waiting out the whole test's 120 s with no word on where it stood.
    actionTimeout: 30_000,
    navigationTimeout: 45_000,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: 'node tests/e2e/serve.js',
    cwd: '../..',
    url: `http://127.0.0.1:${PORT + index}/api/health`,
    env: { PORT: String(PORT + index) },
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
