import { Backoffs } from 'bullmq';
import { EtaHttpError } from '../eta/eta-client';
import {
  backoffMs,
  ETA_BACKOFF,
  etaBackoffStrategy,
  etaJobRetry,
  etaWorkerSettings,
  PollBackoff,
} from './eta-backoff';

// ETA's retries on BullMQ's back-off (issue 31 item 4): 2 s × 2ⁿ⁻¹ up to 10 min by default.

const s = etaWorkerSettings({});
const down = () => new EtaHttpError('transient', 503, 'ETA unreachable');

describe('ETA back-off', () => {
  it('is BullMQ exponential from 2 s, capped at 10 min; the dead letter waits the cap', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => backoffMs(n, { ...s, maxAttempts: 20 }, null))).toEqual([
      2000, 4000, 8000, 16000, 32000, 512000,
    ]);
    expect(backoffMs(10, { ...s, maxAttempts: 20 }, null)).toBe(600_000);
    expect(backoffMs(s.maxAttempts, s, null)).toBe(600_000);
    expect(backoffMs(2, s, 7000)).toBe(7000);
  });

  it("the worker's jobs retry through BullMQ with the same strategy", async () => {
    expect(etaJobRetry(s)).toEqual({ attempts: 8, backoff: { type: ETA_BACKOFF } });
    const strategy = etaBackoffStrategy(() => s);
    const delay = (n: number, err: Error) =>
      Backoffs.calculate({ type: ETA_BACKOFF }, n, err, {} as never, strategy);
    expect(await delay(1, new Error('db'))).toBe(2000);
    expect(await delay(3, new Error('db'))).toBe(8000);
    const limited = new EtaHttpError('transient', 429, 'slow down', 45_000);
    expect(await delay(1, limited)).toBe(45_000);
  });

  it('holds the status polls back while ETA is unreachable, and lets them go on an answer', () => {
    const polls = new PollBackoff(() => s);
    expect(polls.due('POS-1', 0)).toBe(true);
    expect(polls.next('POS-1', 0)).toBe(s.pollMs);
    expect(polls.failed('POS-1', 0, new Error('not ETA'))).toBe(false);
    expect(polls.failed('POS-1', 0, down())).toBe(true);
    expect(polls.due('POS-1', 1999)).toBe(false);
    expect(polls.next('POS-1', 500)).toBe(1500);
    expect(polls.failed('POS-1', 2000, down())).toBe(true);
    expect(polls.next('POS-1', 2000)).toBe(4000);
    expect(polls.due('POS-2', 2000)).toBe(true);
    polls.answered('POS-1');
    expect(polls.due('POS-1', 2001)).toBe(true);
    expect(polls.next('POS-1', 2001)).toBe(s.pollMs);
  });
});
