import { Module } from '@nestjs/common';
import { OutboxRelay } from '../outbox/outbox-relay.service';
import { LiveGateway } from './live.gateway';

/** Live events: the outbox relay (commit → Redis) and the socket gateway (Redis → sockets). */
@Module({
  providers: [OutboxRelay, LiveGateway],
  exports: [LiveGateway, OutboxRelay],
})
export class RealtimeModule {}
