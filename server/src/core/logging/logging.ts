import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { Logger as NestPinoLogger, PinoLogger, type Params } from 'nestjs-pino';
import pino, { type DestinationStream, type Level } from 'pino';
import type { Options } from 'pino-http';
import type { AuthUser } from '../auth/auth.types';

// Structured logs (issue 36): one JSON line per entry on stdout (pino), every entry of a request
// with its id (`reqId`), the signed-in user and branch, and inside a command handler the command's
// name. Nothing secret is logged: the request line carries the method, the path (query values of
// secret-looking names masked), the status and the time, never headers or bodies; `redact` masks
// the secret fields of any object a log call passes, as a second line of defence.

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** An incoming id is kept when it is this tame (no log injection); otherwise a new one is made. */
const TAME_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Query parameters whose values are never logged. */
const SECRET_NAME = /pass|secret|token|key|otp|totp|code|auth|cookie|csrf|signature|pin/i;

/** LOG_LEVEL: 'silent' (tests) keeps errors only, 'normal' or unset is info, or a pino level. */
export function logLevel(env: NodeJS.ProcessEnv = process.env): Level {
  const raw = (env.LOG_LEVEL ?? '').toLowerCase();
  if (raw === 'silent') return 'error';
  if (['fatal', 'error', 'warn', 'info', 'debug', 'trace'].includes(raw)) return raw as Level;
  return 'info';
}

/** Names whose values are never logged: at the top of a logged object, or one level in. */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'passphrase',
  'p12Password',
  'totp',
  'totpCode',
  'code',
  'otp',
  'token',
  'csrfToken',
  'apiKey',
  'key',
  'secret',
  'clientSecret',
  'authorization',
  'cookie',
];
const CENSOR = '[Redacted]';

/**
 * Paths `redact` masks in anything logged: the headers, and the secret names at the top. Exact
 * paths only: pino checks each where its first key is logged. The same names one level in
 * (`{ dto: { password } }`) are masked by `withoutNestedSecrets` instead of `*.name` paths, which
 * pino parsed again for every value of every child logger's bindings and every line (three child
 * loggers a request: docs/decisions/0140).
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["x-pos-device-grant"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-csrf-token"]',
  ...SECRET_FIELDS,
];

/**
 * `value` with its own secret-named fields masked, as a copy; `value` itself when it has none, is
 * not an object, is an array, or writes itself (`toJSON`: a date, a decimal).
 */
export function withoutSecrets<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  let copy: Record<string, unknown> | null = null;
  for (const name of SECRET_FIELDS) {
    if (Object.hasOwn(value, name)) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[name] = CENSOR;
    }
  }
  return (copy ?? value) as T;
}

/** The keys pino serializes itself (below): their serializers mask them. */
const SERIALIZED = new Set(['req', 'res', 'err']);

/**
 * A logged object with the secret names masked one level in (what `*.password` paths did): a
 * copy when there is one to mask, else the object itself. The caller's objects are not changed.
 */
export function withoutNestedSecrets(entry: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in entry) {
    if (SERIALIZED.has(key)) continue;
    const value = entry[key];
    const masked = withoutSecrets(value);
    if (masked !== value) {
      copy ??= { ...entry };
      copy[key] = masked;
    }
  }
  return copy ?? entry;
}

/** The path with the values of secret-looking query parameters replaced. */
export function safeUrl(url: string | undefined): string {
  const raw = url ?? '';
  const q = raw.indexOf('?');
  if (q < 0) return raw;
  const params = new URLSearchParams(raw.slice(q + 1));
  for (const name of [...params.keys()]) if (SECRET_NAME.test(name)) params.set(name, '[Redacted]');
  return `${raw.slice(0, q)}?${params.toString()}`;
}

type LoggedRequest = IncomingMessage & { id?: string; user?: AuthUser; originalUrl?: string };

/** Who is asking: the signed-in user and branch (the till's when signed in by a device grant). */
function whoFields(user: AuthUser | undefined): Record<string, string> {
  if (!user) return {};
  const branchId = user.deviceGrant?.branchId ?? user.branchId;
  return { userId: user.id, ...(branchId ? { branchId } : {}) };
}

/** The pino-http options: level, redaction, serializers, which requests are logged and how. */
export function pinoHttpOptions(env: NodeJS.ProcessEnv = process.env): Options {
  const level = logLevel(env);
  // A request line below the level is dropped before pino-http builds it: 'silent' tells it so
  // (otherwise it makes a child logger with the user and the line's fields per answer only for
  // pino to drop them; docs/decisions/0134).
  const logged = (wanted: Level) =>
    pino.levels.values[wanted] >= pino.levels.values[level] ? wanted : 'silent';
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    // every line's object, before the serializers (the serialized keys are masked by theirs); a
    // child logger's bindings are the app's ids and names (request, user, branch, command)
    formatters: { log: withoutNestedSecrets },
    base: { pid: process.pid },
    messageKey: 'msg',
    customAttributeKeys: { reqId: 'reqId' },
    // Entries made during a request carry its id; the request line itself comes with the answer.
    quietReqLogger: true,
    genReqId: (req, res) => ensureRequestId(req as LoggedRequest, res),
    serializers: {
      req: (req: { id?: string; method?: string; url?: string; raw?: LoggedRequest }) => ({
        method: req.method,
        url: safeUrl(req.raw?.originalUrl ?? req.url),
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      // an error as pino-http's standard serializer wrote it: its secret-named fields masked
      err: (err: Record<string, unknown>) => withoutSecrets(err),
    },
    // The probes are polled every few seconds by a load balancer: not logged when they pass.
    autoLogging: {
      ignore: (req) =>
        /^\/(api\/)?health(\/live|\/ready)?$/.test(
          ((req as LoggedRequest).url ?? '').split('?')[0],
        ),
    },
    customLogLevel: (_req, res, error) => logged(error || res.statusCode >= 500 ? 'error' : 'info'),
    // No user yet when the request starts (the auth guard adds it: logRequestUser): no child then.
    customProps: (req) => {
      const who = whoFields((req as LoggedRequest).user);
      return who.userId ? who : (undefined as unknown as object);
    },
    customSuccessMessage: (req, res) => `${req.method} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${res.statusCode}`,
  };
}

/** The request's id: a tame incoming X-Request-Id or a new UUID, sent back in the answer. */
function ensureRequestId(req: LoggedRequest, res: ServerResponse): string {
  if (req.id) return req.id;
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && TAME_ID.test(incoming) ? incoming : randomUUID();
  req.id = id;
  if (!res.headersSent) res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** First in the pipeline: every answer (the client's files too) carries its request's id. */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  ensureRequestId(req as unknown as LoggedRequest, res);
  next();
}

/**
 * stdout, written synchronously: entries keep their order with the app's own writes (the first
 * start's framed password comes last), and the last entries before a crash are not lost.
 */
let stdout: DestinationStream | null = null;

/** The module's parameters (AppModule imports LoggerModule.forRoot with them). */
export function loggerParams(env: NodeJS.ProcessEnv = process.env): Params {
  stdout ??= pino.destination({ dest: 1, sync: true });
  return { pinoHttp: [pinoHttpOptions(env), stdout], renameContext: 'context' };
}

let contextLogger: PinoLogger | null = null;
function context(): PinoLogger {
  contextLogger ??= new PinoLogger(loggerParams());
  return contextLogger;
}

/** The Nest logger writing JSON through pino (main.ts and the CLIs hand it to Nest). */
export function jsonLogger(): NestPinoLogger {
  return new NestPinoLogger(context(), loggerParams());
}

/** The signed-in user (and branch) on every later entry of this request (the auth guard calls it). */
export function logRequestUser(user: AuthUser): void {
  try {
    context().assign(whoFields(user));
  } catch {
    // outside a request's logging context (a test's app without the middleware): nothing to bind
  }
}

/** Told of every command that ends (the metrics' durations per command: core/http/metrics.ts). */
type CommandObserver = (name: string, seconds: number, failed: boolean) => void;
let commandObserver: CommandObserver | null = null;
export function observeCommands(observer: CommandObserver | null): void {
  commandObserver = observer;
}

/**
 * Runs a command handler's work with its name on every entry logged inside it; each command's
 * duration goes to the metrics and, at LOG_LEVEL=debug, to the log when it ends.
 */
export function inCommandLog<T>(command: object, work: () => Promise<T>): Promise<T> {
  const log = context();
  const name = command.constructor.name;
  return log.runInContext(
    async () => {
      const started = performance.now();
      let failed = false;
      try {
        return await work();
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        const ms = performance.now() - started;
        commandObserver?.(name, ms / 1000, failed);
        if (log.logger.isLevelEnabled('debug'))
          log.debug({ ms: Math.round(ms * 10) / 10, failed }, 'command finished');
      }
    },
    { bindings: { command: name }, inherit: true },
  );
}
