// `npm run bench -- ab --root DIR [--rounds 8] [--seconds 10] [--settle 3] [--warmup 10]
//   [--cashiers 32] [--lines 5] [--products 400]`
// The checkout of two builds, alternating: this worktree's (A) and DIR's (B, a commit built in its
// own worktree), each on its own database with the same shop and tills (ab-lib/side.js), both
// servers up the whole time, the API's closed loop run on one side at a time for `--seconds`
// (after `--settle` seconds of it unmeasured), in ABBA order round after round (A B, B A, A B, …). On a machine whose speed drifts (a shared host:
// the same build's rate moved between 109 and 189 sales/s from one invocation to the next), two
// phases seconds apart see the same machine, and the ratio A/B of each round is compared, not
// rates minutes apart. Prints each round, the ratios' geometric mean with its 95 % confidence
// interval, and their median (issues 31 and 33: "checkout not lower than before").
const { fork } = require('node:child_process');
const path = require('node:path');
const { arg } = require('./lib');

const ROOT = arg('root', null);
const ROUNDS = Number(arg('rounds', '8'));
const SECONDS = Number(arg('seconds', '10'));
const SETTLE = Number(arg('settle', '3'));
const WARMUP = Number(arg('warmup', '10'));
const PORT = Number(arg('port', '3670'));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Student's t, two-sided 95 % (the 0.975 quantile), by degrees of freedom (a statistics table's
// figures); above 30, the normal distribution's 1.96.
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

/**
 * The 95 % confidence interval of the A/B ratio's geometric mean, from the rounds taken in pairs
 * (an AB round and the BA round after it: each side second once, so the order's own effect
 * cancels within a pair): the mean of the pairs' mean log ratios ± t · s / √pairs. Null with
 * fewer than two pairs.
 */
function interval(ratios) {
  const pairs = [];
  for (let k = 0; k + 1 < ratios.length; k += 2)
    pairs.push((Math.log(ratios[k]) + Math.log(ratios[k + 1])) / 2);
  const n = pairs.length;
  if (n < 2) return null;
  const mean = pairs.reduce((a, x) => a + x, 0) / n;
  const sd = Math.sqrt(pairs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  const half = (T975[n - 2] ?? 1.96) * (sd / Math.sqrt(n));
  return { low: Math.exp(mean - half), high: Math.exp(mean + half), pairs: n };
}

/** A side's process: `--root` only for B, the shop's size as given, its own port. */
function side(root, port) {
  const shop = ['cashiers', 'lines', 'products'].flatMap((k) =>
    arg(k, null) ? [`--${k}`, arg(k, null)] : [],
  );
  const child = fork(path.join(__dirname, 'ab-lib', 'side.js'), [
    ...shop,
    '--port',
    String(port),
    ...(root ? ['--root', root] : []),
  ]);
  // the answer to the message just sent (or the side's end, as an error)
  let pending = null;
  child.on('message', (msg) => pending?.resolve(msg));
  child.on('exit', (code) => pending?.reject(new Error(`a side exited (${code})`)));
  const next = () => new Promise((resolve, reject) => (pending = { resolve, reject }));
  return {
    child,
    ready: next(),
    run: (seconds, settle = 0) => {
      const answer = next();
      child.send({ run: seconds, settle });
      return answer;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.send({ stop: true });
      }),
  };
}

async function main() {
  if (!ROOT) {
    console.log('usage: npm run bench -- ab --root DIR [--rounds 8] [--seconds 10]');
    process.exit(1);
  }
  console.log(
    `ab: A = this worktree, B = ${ROOT}; ${ROUNDS} rounds of ${SECONDS} s a side (ABBA order, each after ${SETTLE} s unmeasured) after ${WARMUP} s of warm-up each`,
  );
  // one after the other: the setups are heavy, and each side's is its own
  const a = side(null, PORT);
  await a.ready;
  const b = side(ROOT, PORT + 1);
  await b.ready;
  const sides = { A: a, B: b };
  const rounds = [];
  let errors = 0;
  try {
    await a.run(WARMUP);
    await b.run(WARMUP);
    const line = (r) =>
      `${r.rate.toFixed(1)} sales/s (p50 ${r.p50.toFixed(0)}, p99 ${r.p99.toFixed(0)} ms; server ${r.serverMs.toFixed(2)} + PostgreSQL ${r.pgMs.toFixed(2)} ms a sale)`;
    for (let k = 0; k < ROUNDS; k++) {
      const order = k % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
      const got = {};
      for (const name of order) got[name] = await sides[name].run(SECONDS, SETTLE);
      errors += got.A.errors + got.B.errors;
      rounds.push(got);
      console.log(
        `round ${k + 1} (${order.join(' ')}): A ${line(got.A)}; B ${line(got.B)}; A/B ${(got.A.rate / got.B.rate).toFixed(3)}`,
      );
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
  const of = (name, key) => median(rounds.map((r) => r[name][key]));
  const ratios = rounds.map((r) => r.A.rate / r.B.rate);
  // The side that sells second in a round follows the other's phase (caches cooled): over an even
  // number of ABBA rounds each side is second as often, and the geometric mean of the rounds'
  // ratios weighs both orders alike.
  const geometric = Math.exp(ratios.reduce((a, x) => a + Math.log(x), 0) / ratios.length);
  const cpu = (name) => median(rounds.map((r) => r[name].serverMs + r[name].pgMs));
  const ci = interval(ratios);
  console.log(
    `\nA/B by round: geometric mean ${geometric.toFixed(3)}` +
      (ci
        ? ` (95 % confidence interval ${ci.low.toFixed(3)}–${ci.high.toFixed(3)}, from ${ci.pairs} AB/BA pairs)`
        : '') +
      `, median ${median(ratios).toFixed(3)} (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}); ` +
      `rounds with A ≥ B: ${ratios.filter((x) => x >= 1).length} of ${ratios.length}; ` +
      `CPU a sale (server + PostgreSQL, median) A ${cpu('A').toFixed(2)}, B ${cpu('B').toFixed(2)} ms`,
  );
  console.log(
    `medians: A ${of('A', 'rate').toFixed(1)}, B ${of('B', 'rate').toFixed(1)} sales/s; server CPU a sale A ${of('A', 'serverMs').toFixed(2)}, B ${of('B', 'serverMs').toFixed(2)} ms; ` +
      `PostgreSQL A ${of('A', 'pgMs').toFixed(2)}, B ${of('B', 'pgMs').toFixed(2)} ms; errors ${errors}`,
  );
  if (errors) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
