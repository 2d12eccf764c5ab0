import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

// Debian's Chromium (no browser download is possible here), quiet on a closed network.
export default defineConfig({
  testDir: '.',
  outputDir: '../.artifacts/e2e-results',
  fullyParallel: false,
  workers: 1,
  // On CI (two cores, every suite in one run) one retry absorbs a timing hiccup; run-all.js lists
  // any test that needed it ("flaky"), so it is seen, not hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: 'node tests/e2e/serve.js',
    cwd: '../..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    // the e-invoice specs start the ETA simulator here (one port per E2E_PORT: parallel runs)
    env: { PORT: String(PORT), ETA_SIM_URL: `http://127.0.0.1:${PORT + 1500}` },
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
