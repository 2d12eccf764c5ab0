import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import type { Request } from 'express';
import helmet from 'helmet';
import { setFlagsFromString } from 'node:v8';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { loadConfig } from './core/config/config';
import { runMigrations } from './core/database/data-source';
import { ensureDatabase } from './core/database/ensure-database';
import { jsonLogger, requestId } from './core/logging/logging';
import { markRedisStopping } from './core/redis/redis.service';
import { startEmbeddedPostgres, type EmbeddedHandle } from './core/database/embedded';
import { AllExceptionsFilter } from './core/errors/all-exceptions.filter';
import { createValidationPipe } from './core/errors/validation.pipe';
import { rejectNulBytes } from './core/http/nul-guard';
import { reportSlowRequests } from './core/http/slow-requests';
import { PROBE_PATHS } from './core/http/health.controller';
import { MetricsService } from './core/http/metrics';
import {
  requestsInFlight,
  resetLifecycle,
  startDraining,
  trackRequests,
  waitForRequests,
} from './core/http/lifecycle';
import { withDtoSchemas } from './core/http/openapi-schemas';
import { staticClient } from './core/http/static-client';
import { seedFirstStart, type FirstStartCredentials } from './seed/first-start';

/** Where the database is: DATABASE_URL, or the embedded default started here. */
export async function resolveDatabase(): Promise<{ url: string; embedded: EmbeddedHandle | null }> {
  const config = loadConfig();
  if (config.databaseUrl) {
    await ensureDatabase(config.databaseUrl);
    return { url: config.databaseUrl, embedded: null };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir);
  await ensureDatabase(embedded.url);
  return { url: embedded.url, embedded };
}

/** `ws://host` (or `wss://` behind TLS) of the host the page was asked from. */
function sameHostWebSocket(req: Request): string {
  const host = (req.get('host') ?? '').replace(/[^a-zA-Z0-9.:[\]-]/g, '');
  return host ? `${req.secure ? 'wss' : 'ws'}://${host}` : "'self'";
}

/** The app's database, when it has one (a slow request's report reads what it is doing). */
function dataSourceOf(app: NestExpressApplication): DataSource | null {
  try {
    return app.get(DataSource, { strict: false });
  } catch {
    return null;
  }
}

/** The app's metrics, when it has them (every app of AppModule does). */
function metricsOf(app: NestExpressApplication): MetricsService | null {
  try {
    return app.get(MetricsService, { strict: false });
  } catch {
    return null;
  }
}

/** The HTTP pipeline, shared by the server and the tests. */
export function configureApp(app: NestExpressApplication): void {
  const config = loadConfig();
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(requestId);
  app.use(trackRequests);
  app.use(reportSlowRequests(dataSourceOf(app)));
  const metrics = metricsOf(app);
  if (metrics) app.use(metrics.timer());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // The page's own origin and its own websocket (socket.io), nothing else. 'self' covers
          // ws/wss of the same host in CSP 3; the explicit entry covers browsers that predate it.
          connectSrc: ["'self'", (req) => sameHostWebSocket(req as Request)],
          upgradeInsecureRequests: null,
        },
      },
      // HSTS only when configured: a plain-HTTP LAN install must not pin HTTPS for its host name.
      strictTransportSecurity:
        config.hstsSeconds > 0 ? { maxAge: config.hstsSeconds, includeSubDomains: false } : false,
    }),
  );
  app.use(cookieParser());
  app.useBodyParser('json', { limit: '1mb' });
  app.useBodyParser('urlencoded', { extended: false, limit: '100kb' });
  app.use(rejectNulBytes);
  // The load balancer's probes sit outside /api (/health/live, /health/ready), and Prometheus'
  // /metrics; /api/health stays.
  app.setGlobalPrefix('api', { exclude: PROBE_PATHS });
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createValidationPipe());

  const document = withDtoSchemas(
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('POS API')
        .setDescription('POS SYSTEM')
        .setVersion('1')
        .build(),
    ),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  // The built client: precompressed static files, then index.html for every other non-API GET.
  const client = staticClient(config.clientDist);
  if (client) app.use(client);
}

export type RunningServer = {
  app: NestExpressApplication;
  url: string;
  close: () => Promise<void>;
  /** The first user's generated password when this start created it (printed by main.ts, last). */
  firstStart: FirstStartCredentials | null;
};

export type StartOptions = {
  databaseUrl?: string;
  port?: number;
  /** Runs after migrations and the first-start seed, before the app listens (demo data). */
  beforeListen?: (databaseUrl: string) => Promise<void>;
};

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // V8 drops the bytecode of a function that has not run for a while (a few major collections),
  // and the server's collections go on while it waits for sales (the relay, the live gateway):
  // after a quiet spell the first sales compiled the sale's whole path again, 2,000+ functions,
  // hundreds of ms on a slow machine (decision 0138). A server keeps what it compiled.
  setFlagsFromString('--no-flush-bytecode');
  const config = loadConfig();
  // JSON lines through pino from the first entry (the database's start, the migrations) on.
  const json = jsonLogger();
  Logger.overrideLogger(json);
  const logger = new Logger('Bootstrap');
  const { url, embedded } = options.databaseUrl
    ? (await ensureDatabase(options.databaseUrl), { url: options.databaseUrl, embedded: null })
    : await resolveDatabase();
  const applied = await runMigrations(url);
  if (applied.length) logger.log(`Applied migrations: ${applied.join(', ')}`);
  const firstStart = await seedFirstStart(url);
  if (options.beforeListen) await options.beforeListen(url);

  // LOG_LEVEL picks pino's level ('silent': errors only; core/logging/logging.ts).
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.register({ databaseUrl: url }),
    {
      logger: json,
      bodyParser: false,
    },
  );
  configureApp(app);
  // Node closes an idle keep-alive connection after 5 s. A client that reuses it at that moment
  // (its event loop busy when the close arrived) writes into a closed socket and gets ECONNRESET,
  // as the browser tests' API requests did on a loaded machine; a load balancer keeping its own
  // connections (HAProxy's http-keep-alive 10 s, nginx's 60 s) meets the same race. The server
  // keeps them longer than any of those (decision 0141); a stop still closes idle ones at once.
  const http = app.getHttpServer() as import('node:http').Server;
  http.keepAliveTimeout = config.httpKeepAliveMs;
  const port = options.port ?? config.port;
  resetLifecycle();
  await app.listen(port, '0.0.0.0');
  const address = `http://localhost:${port}`;
  const drainMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
  return {
    app,
    url: address,
    firstStart,
    close: async () => {
      // A graceful stop (issue 36): /health/ready answers 503 and the port stops accepting; the
      // requests in flight finish (within SHUTDOWN_TIMEOUT_MS); then the modules stop — socket.io,
      // the outbox relay, the BullMQ workers (each finishes its job), Redis, the database pool.
      startDraining();
      const server = app.getHttpServer() as import('node:http').Server;
      server.close();
      server.closeIdleConnections();
      if (!(await waitForRequests(drainMs)))
        logger.warn(
          `Stopping with ${requestsInFlight()} request(s) still in flight after ${drainMs} ms`,
        );
      server.closeAllConnections();
      // A normal stop: connections closing now are not an outage to warn about.
      markRedisStopping();
      // Never let a slow shutdown (open sockets, a job in flight) keep the embedded database running.
      await Promise.race([
        app.close().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 5000).unref()),
      ]);
      if (embedded) await embedded.stop();
    },
  };
}
