import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { ImportReportDto, Locale } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import { IMPORTS_QUEUE } from '../../../core/jobs/queues';
import { ExcelService } from '../services/excel.service';

export type ImportProductsJobData = {
  file: string;
  user: AuthUser;
  meta: RequestMeta;
  locale: Locale;
};

/** Large product imports, in the background, with progress; still one transaction. */
@Processor(IMPORTS_QUEUE)
export class ImportProductsProcessor extends WorkerHost {
  private readonly logger = new Logger('ImportProducts');

  constructor(private readonly excel: ExcelService) {
    super();
  }

  async process(job: Job<ImportProductsJobData>): Promise<ImportReportDto> {
    const { file, user, meta, locale } = job.data;
    const parsed = await this.excel.parse(Buffer.from(file, 'base64'), user, locale);
    await job.updateProgress(5);
    const report = await this.excel.apply(parsed, false, user, meta, locale, (p) =>
      job.updateProgress(Math.max(5, Math.min(99, p))),
    );
    await job.updateProgress(100);
    this.logger.log(`Imported ${report.totalRows} rows for ${user.username}`);
    return report;
  }
}
