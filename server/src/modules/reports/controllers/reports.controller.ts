import { InjectQueue } from '@nestjs/bullmq';
import { Controller, Get, Param, Post, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Queue } from 'bullmq';
import type { Request } from 'express';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { uuidv7 } from '../../../core/database/ids';
import { ReportQueryDto, type ReportExportJobDto, type ReportResultDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser } from '../../../core/auth/decorators';
import { Errors } from '../../../core/errors/app.exception';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { requestLocale } from '../../../core/i18n/locale';
import { ReportRunner } from '../registry/report-runner';
import {
  exportFile,
  REPORT_EXPORTS_QUEUE,
  type ReportExportJobData,
  type ReportExportJobResult,
} from '../exports/report-export.processor';
import { ReportExportService, XLSX_TYPE } from '../exports/report-export.service';

/**
 * /api/Reports/{key} (issue 19): every registered report. Signing in is all the route asks; the
 * report's own permission keys and the shaping keys (period, branch, profit, totals) are applied
 * by ReportRunner on the server. `?format=xlsx` streams the workbook; `POST …/exports` makes it
 * in the background with progress (`GET /api/Reports/exports/{id}`, then `…/file`).
 * The export routes come first: `/Reports/exports/…` is not a report key.
 */
@ApiTags('reports')
@Controller('Reports')
export class ReportsController {
  constructor(
    private readonly runner: ReportRunner,
    private readonly exports: ReportExportService,
    @InjectQueue(REPORT_EXPORTS_QUEUE) private readonly queue: Queue<ReportExportJobData>,
  ) {}

  @Authenticated()
  @Get('exports/:id/file')
  async file(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: AuthUser,
  ): Promise<StreamableFile> {
    const job = await this.ownJob(id, user);
    if ((await job.getState()) !== 'completed') throw Errors.notFound();
    const path = exportFile(id);
    const info = await stat(path).catch(() => null);
    if (!info) throw Errors.notFound();
    return new StreamableFile(createReadStream(path), {
      type: XLSX_TYPE,
      disposition: `attachment; filename="${job.data.key}.xlsx"`,
      length: info.size,
    });
  }

  @Authenticated()
  @Get('exports/:id')
  async exportState(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: AuthUser,
  ): Promise<ReportExportJobDto> {
    const job = await this.ownJob(id, user);
    const state = await job.getState();
    const result = job.returnvalue as ReportExportJobResult | undefined;
    return {
      id,
      state: (['waiting', 'active', 'completed', 'failed'].includes(state)
        ? state
        : state === 'delayed' || state === 'prioritized' || state === 'waiting-children'
          ? 'waiting'
          : 'unknown') as ReportExportJobDto['state'],
      progress: typeof job.progress === 'number' ? job.progress : 0,
      rows: state === 'completed' ? (result?.rows ?? 0) : 0,
      downloadUrl: state === 'completed' ? `/api/Reports/exports/${id}/file` : null,
    };
  }

  @Authenticated()
  @Post(':key/exports')
  async startExport(
    @Param('key') key: string,
    @Query() query: ReportQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ): Promise<{ id: string }> {
    const locale = requestLocale(req);
    // Refused now (unknown report, missing permission) rather than in the job.
    const report = await this.runner.prepare(key, query, user, locale);
    const id = uuidv7();
    await this.queue.add(
      'export',
      { key: report.definition.key, query, user, locale },
      { jobId: id, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 24 * 3600 } },
    );
    return { id };
  }

  @Authenticated()
  @Get(':key')
  async report(
    @Param('key') key: string,
    @Query() query: ReportQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ): Promise<ReportResultDto | StreamableFile> {
    const locale = requestLocale(req);
    if (query.format !== 'xlsx') return this.runner.run(key, query, user, locale);
    const report = await this.exports.prepare(key, query, user, locale);
    // Streamed as it is written: the response starts with the first rows.
    const out = new PassThrough();
    this.exports.write(report, locale, out).catch((error: unknown) => out.destroy(error as Error));
    return new StreamableFile(out, {
      type: XLSX_TYPE,
      disposition: `attachment; filename="${report.definition.key}.xlsx"`,
    });
  }

  private async ownJob(id: string, user: AuthUser) {
    const job = await this.queue.getJob(id);
    if (!job || job.data?.user?.id !== user.id) throw Errors.notFound();
    return job;
  }
}
