// `npm run bench -- pricing [--runs 2000] [--warmup 200] [--cases 200] [--no-browser]`
// (after `npm run build -w @pos/contracts`). Issue 33: a 50-line cart against 500 active
// promotions and 10 price lists (2,000 prices each), priced by the built libs' priceCart, p50/p95/
// p99 over --runs runs, against computeSale alone on the same priced cart in the same run; in Node
// and in Chromium (the same built code bundled with rolldown, the headless shell at
// /usr/bin/chromium-headless-shell or $CHROMIUM_PATH). Also prices --cases random carts and rule
// sets in both runtimes and compares the results. Target: p95 ≤ 5 ms (priceCart, rules compiled).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { arg, percentiles, report } = require('./lib');
const { runBench } = require('./pricing-lib/workload');

const RUNS = Number(arg('runs', '2000'));
const WARMUP = Number(arg('warmup', '200'));
const CASES = Number(arg('cases', '200'));
const BROWSER = !process.argv.includes('--no-browser');
const TARGET_P95 = 5;
const contractsDist = path.resolve(__dirname, '..', '..', 'libs', 'contracts', 'dist');

function print(runtime, r) {
  console.log(`\n${runtime}`);
  report('computeSale (baseline)', percentiles(r.baseline));
  const warm = percentiles(r.warm);
  report('priceCart', warm);
  report('priceCart + compile rules', percentiles(r.cold));
  return warm.p95;
}

/** The built pricing code and the workload as one script for a page (globalThis.pricingBench). */
async function browserBundle() {
  const { rolldown } = require('rolldown');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricing-bench-'));
  const entry = path.join(dir, 'entry.js');
  fs.writeFileSync(
    entry,
    [
      `const { priceCart, toSaleMathInput } = require(${JSON.stringify(path.join(contractsDist, 'pricing', 'engine.js'))});`,
      `const { computeSale } = require(${JSON.stringify(path.join(contractsDist, 'sale-math.js'))});`,
      `const { runBench } = require(${JSON.stringify(path.join(__dirname, 'pricing-lib', 'workload.js'))});`,
      'globalThis.pricingBench = (o) => runBench({ priceCart, toSaleMathInput, computeSale }, o);',
    ].join('\n'),
  );
  const bundle = await rolldown({ input: entry, platform: 'browser', logLevel: 'silent' });
  const { output } = await bundle.generate({ format: 'iife', minify: true });
  await bundle.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return output[0].code;
}

async function inChromium(options) {
  const { chromium } = require('playwright-core');
  const executablePath =
    process.env.CHROMIUM_PATH ??
    (fs.existsSync('/usr/bin/chromium-headless-shell')
      ? '/usr/bin/chromium-headless-shell'
      : '/usr/bin/chromium');
  const code = await browserBundle();
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>pricing bench</title>');
    await page.addScriptTag({ content: code });
    const version = browser.version();
    const result = await page.evaluate((o) => globalThis.pricingBench(o), options);
    return { version, result };
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!fs.existsSync(path.join(contractsDist, 'pricing', 'engine.js')))
    throw new Error(
      'libs/contracts/dist has no pricing engine: run `npm run build -w @pos/contracts`',
    );
  const lib = require('@pos/contracts');
  const options = { runs: RUNS, warmup: WARMUP, cases: CASES };
  console.log(
    `pricing: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}; ${RUNS} runs after ${WARMUP} warm-up`,
  );
  const node = runBench(lib, options);
  console.log('workload', node.summary);
  const failures = [];
  const nodeP95 = print(`Node ${process.version}`, node);
  if (nodeP95 > TARGET_P95) failures.push(`Node p95 ${nodeP95.toFixed(2)} ms > ${TARGET_P95} ms`);
  if (BROWSER) {
    const { version, result } = await inChromium(options);
    const p95 = print(`Chromium ${version}`, result);
    if (p95 > TARGET_P95) failures.push(`Chromium p95 ${p95.toFixed(2)} ms > ${TARGET_P95} ms`);
    const differ = node.prints.filter((p, i) => p !== result.prints[i]).length;
    const same = result.summary.fingerprint === node.summary.fingerprint && differ === 0;
    console.log(
      `\nNode and Chromium results: ${same ? 'identical' : 'DIFFERENT'} (the bench cart and ${node.prints.length} random carts and rule sets; ${differ} differ)`,
    );
    if (!same) failures.push('Node and Chromium priced differently');
  } else {
    console.log('\nChromium: skipped (--no-browser)');
  }
  console.log(failures.length ? `\nFAIL: ${failures.join('; ')}` : `\nOK: p95 ≤ ${TARGET_P95} ms`);
  process.exitCode = failures.length ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
