import type { ImportReportDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';
import type { ParsedRow } from '../../services/excel.service';

/**
 * A checked product file written in one go: rows whose SKU exists (`existing`: SKU → variant id)
 * update that variant, the others create products (one per Arabic name) and variants. Answers the
 * report, imported (`dryRun: false`): what a retry under the same Idempotency-Key answers.
 */
export class ImportProductsCommand {
  constructor(
    readonly rows: ParsedRow[],
    readonly existing: ReadonlyMap<string, string>,
    readonly report: ImportReportDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
    readonly progress?: (percent: number) => Promise<void>,
  ) {}
}
