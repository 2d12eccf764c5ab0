import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuditService } from './audit/audit.service';
import { AuthGuard } from './auth/auth.guard';
import { CommandRunner } from './cqrs/command-runner';
import { DomainEventSubscribers } from './cqrs/domain-event-subscribers';
import { LiveProjection } from './realtime/live-projection';
import { SecretsService } from './auth/secrets.service';
import { SessionService } from './auth/session.service';
import { SettingsReader } from './auth/settings.reader';
import { OutboxService } from './outbox/outbox.service';
import { RedisService } from './redis/redis.service';
import { HealthController } from './http/health.controller';

/** Cross-cutting services every context uses: auth, audit, settings, Redis. */
@Global()
@Module({
  controllers: [HealthController],
  providers: [
    AuditService,
    SecretsService,
    SessionService,
    SettingsReader,
    RedisService,
    OutboxService,
    CommandRunner,
    DomainEventSubscribers,
    LiveProjection,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuditService, SecretsService, SessionService, SettingsReader, RedisService, OutboxService, CommandRunner, DomainEventSubscribers],
})
export class CoreModule {}
