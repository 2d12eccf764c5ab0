// The local ETA simulator (issue 17): `npm run eta:sim` (after `npm run build`).
// ETA_SIM_PORT (default 4780), ETA_SIM_DELAY_MS (validation delay), ETA_SIM_ACCEPT_DELAY_MS and
// ETA_SIM_ANSWER_DELAY_MS (a slow receipt submission: before it is stored, before it is answered;
// for crash drills), ETA_SIM_FAILURES (a JSON list, e.g. [{"type":"429","retryAfter":2},
// {"type":"5xx"},{"type":"401"}]); more failures: POST /sim/failures.
// Point the app at it with ETA_SIM_URL=http://127.0.0.1:4780 and environment "sim" in company info.
import { EtaSimulator, type SimFailure } from '../eta-sim/eta-simulator';

async function main() {
  const sim = new EtaSimulator({
    port: Number(process.env.ETA_SIM_PORT ?? 4780),
    host: process.env.ETA_SIM_HOST ?? '127.0.0.1',
    validationDelayMs: Number(process.env.ETA_SIM_DELAY_MS ?? 1000),
    acceptDelayMs: Number(process.env.ETA_SIM_ACCEPT_DELAY_MS ?? 0),
    answerDelayMs: Number(process.env.ETA_SIM_ANSWER_DELAY_MS ?? 0),
    failures: JSON.parse(process.env.ETA_SIM_FAILURES ?? '[]') as SimFailure[],
  });
  const url = await sim.start();
  process.stdout.write(`ETA simulator on ${url}\n`);
  const stop = () => void sim.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
