import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '../auth/decorators';
import { RedisService } from '../redis/redis.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly redis: RedisService,
  ) {}

  @Public()
  @Get()
  async health() {
    const db = await this.ds.query('SELECT 1').then(
      () => 'up',
      () => 'down',
    );
    return {
      status: db === 'up' ? 'ok' : 'degraded',
      database: db,
      redis: this.redis.isReady ? 'up' : 'down',
    };
  }
}
