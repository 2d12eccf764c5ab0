import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { IdempotencyGuard } from './http/idempotency';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogEntity } from './audit/audit-log.entity';
import { AuditService } from './audit/audit.service';
import { AuthGuard } from './auth/auth.guard';
import { CommandRunner } from './cqrs/command-runner';
import { DomainEventSubscribers } from './cqrs/domain-event-subscribers';
import { LiveProjection } from './realtime/live-projection';
import { AppSecretEntity } from './auth/app-secret.entity';
import { SecretsService } from './auth/secrets.service';
import { SessionEntity } from './auth/session.entity';
import { SessionService } from './auth/session.service';
import { DeviceGrantService } from './auth/device-grants';
import { SessionCache } from './auth/session-cache';
import { DocumentSequenceEntity } from './numbering/document-sequence.entity';
import { OutboxEntity } from './outbox/outbox.entity';
import { OutboxService } from './outbox/outbox.service';
import { OutboxWakeup } from './outbox/outbox-wakeup';
import { RedisService } from './redis/redis.service';
import { ReplicaReads } from './database/replica-reads';
import { HealthController } from './http/health.controller';
import { MetricsController, MetricsService } from './http/metrics';

/** The core services every module may inject. */
const SHARED = [
  AuditService,
  SecretsService,
  SessionCache,
  SessionService,
  DeviceGrantService,
  RedisService,
  OutboxService,
  OutboxWakeup,
  CommandRunner,
  DomainEventSubscribers,
  MetricsService,
  ReplicaReads,
];

/**
 * Cross-cutting services every context uses: auth, audit, outbox, numbering, Redis, and core's own
 * tables. Core asks the modules for what it needs through abstract providers they supply
 * (`SettingsReader` from settings, `BearerAuthenticator` from api-keys).
 */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    TypeOrmModule.forFeature([
      AuditLogEntity,
      OutboxEntity,
      DocumentSequenceEntity,
      SessionEntity,
      AppSecretEntity,
    ]),
  ],
  controllers: [HealthController, MetricsController],
  providers: [
    ...SHARED,
    LiveProjection,
    { provide: APP_GUARD, useClass: AuthGuard },
    // After the AuthGuard (guards run in the order they are provided): 401/403 before 400.
    { provide: APP_GUARD, useClass: IdempotencyGuard },
  ],
  exports: SHARED,
})
export class CoreModule {}
