import { InjectQueue } from '@nestjs/bullmq';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Queue } from 'bullmq';
import type { AuthUser } from '../auth/auth.types';
import { Authenticated, CurrentUser } from '../auth/decorators';
import { Errors } from '../errors/app.exception';
import { UuidPipe } from '../http/uuid.pipe';
import { IMPORTS_QUEUE } from './queues';

/** Progress of a background job, for the user who started it. */
@ApiTags('jobs')
@Controller('jobs')
export class JobsController {
  constructor(@InjectQueue(IMPORTS_QUEUE) private readonly imports: Queue) {}

  @Authenticated({ apiKey: ['can_manage_products'] })
  @Get(':id')
  async get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    // The state first, then the job: BullMQ stores a job's return value in the same step that
    // makes it 'completed', so a job read after a 'completed' state always holds it (read the
    // other way round, a job finishing in between answered 'completed' with no result).
    const state = await this.imports.getJobState(id);
    const job = state === 'unknown' ? undefined : await this.imports.getJob(id);
    if (!job || job.data?.user?.id !== user.id) throw Errors.notFound();
    return {
      id,
      state,
      progress: typeof job.progress === 'number' ? job.progress : 0,
      result: state === 'completed' ? job.returnvalue : undefined,
      error: state === 'failed' ? job.failedReason : undefined,
    };
  }
}
