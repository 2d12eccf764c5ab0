import { Logger } from '@nestjs/common';
import { isRedisConnectionError } from '../jobs/quiet-bullmq';

const logger = new Logger('Process');
let counted = 0;

/** How many promises failed with nobody to handle them since the process started (/metrics). */
export function unhandledRejections(): number {
  return counted;
}

/**
 * A promise that failed with nobody awaiting it — in practice a library's command rejected while
 * its connection was being reset (BullMQ's watchdog on a blocking Redis connection, a QUIT in
 * flight). Node's default ends the process; a till's server keeps serving instead: the requests in
 * flight would be lost with the process, and every command is one transaction that either
 * committed or did not, so no state is half-made. Logged (a Redis connection error as a warning,
 * anything else as an error with its stack) and counted. docs/decisions/0121.
 */
export function onUnhandledRejection(
  reason: unknown,
  log: Pick<Logger, 'warn' | 'error'> = logger,
) {
  counted++;
  const error = reason instanceof Error ? reason : new Error(String(reason));
  if (isRedisConnectionError(error as Error & { code?: string }))
    log.warn(`A Redis command failed with nobody waiting for it: ${error.message}`);
  else log.error(`A promise failed with nobody waiting for it: ${error.stack ?? error.message}`);
}

/** Installed once by the server's entry point (main.ts), never by the tests' apps. */
export function keepServingOnUnhandledRejections(): void {
  process.on('unhandledRejection', (reason) => onUnhandledRejection(reason));
}
