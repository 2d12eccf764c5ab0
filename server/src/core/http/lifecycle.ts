import type { NextFunction, Request, Response } from 'express';

// The instance's life as the load balancer sees it (issue 36): it takes requests until a stop
// begins (SIGTERM); from then /health/ready answers 503, every answer closes its connection, and
// the stop waits for the requests in flight before it closes anything they use.

let draining = false;
let inflight = 0;
const idle = new Set<() => void>();

/** The stop has begun: ready is 503 from now on, and connections are not kept alive. */
export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}

/** Requests this process is answering now. */
export function requestsInFlight(): number {
  return inflight;
}

/** A new app in this process (tests start several) is not stopping. */
export function resetLifecycle(): void {
  draining = false;
}

/** Counts each request until its answer is sent or its connection is gone. */
export function trackRequests(req: Request, res: Response, next: NextFunction): void {
  inflight += 1;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    inflight -= 1;
    if (inflight === 0) for (const wake of [...idle]) wake();
  };
  res.once('finish', finish);
  res.once('close', finish);
  if (draining) res.setHeader('Connection', 'close');
  next();
}

/** Resolves true once no request is in flight, false when `timeoutMs` passes first. */
export function waitForRequests(timeoutMs: number): Promise<boolean> {
  if (inflight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      idle.delete(wake);
      resolve(true);
    };
    const timer = setTimeout(() => {
      idle.delete(wake);
      resolve(false);
    }, timeoutMs);
    timer.unref();
    idle.add(wake);
  });
}
