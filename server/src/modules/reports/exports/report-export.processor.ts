import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locale, ReportQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { ReportExportService } from './report-export.service';

export const REPORT_EXPORTS_QUEUE = 'report-exports';

export type ReportExportJobData = {
  key: string;
  query: ReportQueryDto;
  user: AuthUser;
  locale: Locale;
};

export type ReportExportJobResult = { rows: number; file: string };

/** Where a finished export waits for its download (one file per job, named by the job id). */
export const exportFile = (jobId: string) => join(tmpdir(), 'pos-report-exports', `${jobId}.xlsx`);

/**
 * A long export in the background: the same streamed workbook as the direct download, written to
 * a file, with the job's progress (rows written / rows in all) for the screen's progress bar.
 */
@Processor(REPORT_EXPORTS_QUEUE)
export class ReportExportProcessor extends WorkerHost {
  private readonly logger = new Logger('ReportExport');

  constructor(private readonly exports: ReportExportService) {
    super();
  }

  async process(job: Job<ReportExportJobData>): Promise<ReportExportJobResult> {
    const { key, query, user, locale } = job.data;
    const report = await this.exports.prepare(key, query, user, locale);
    const total = await this.exports.count(report);
    const file = exportFile(String(job.id));
    await mkdir(join(tmpdir(), 'pos-report-exports'), { recursive: true });
    const out = createWriteStream(file);
    const closed = new Promise<void>((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
    });
    let last = -1;
    const rows = await this.exports.write(report, locale, out, async (done) => {
      const pct = total ? Math.min(99, Math.floor((done / total) * 100)) : 99;
      if (pct !== last) {
        last = pct;
        await job.updateProgress(pct);
      }
    });
    await closed;
    await job.updateProgress(100);
    this.logger.log(`Exported ${key}: ${rows} rows for ${user.username}`);
    return { rows, file };
  }
}
