import { HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import { CreateSaleDto, type SaleBatchItemDto, type SaleDto } from '@pos/contracts';
import { AllExceptionsFilter } from '../../../core/errors/all-exceptions.filter';
import { createValidationPipe } from '../../../core/errors/validation.pipe';

const pipe = createValidationPipe();
const errors = new AllExceptionsFilter();

/**
 * The sales of `POST /api/Sales/batch` (docs/decisions/0075), one after the other in the batch's
 * order, each checked as the body of `POST /api/Sales` and made by `make` (one CreateSale command:
 * its own transaction, its own permission and branch checks, its id its idempotency key).
 *
 * - a sale made now or before → its invoice;
 * - a refusal (4xx: the sale itself is wrong, or a rule refuses it) → reported for that sale, and
 *   the next sales go on, as the till's sender does with a refused sale sent alone;
 * - no final answer (5xx: the database away, anything unexpected) → reported for that sale, and
 *   the batch stops there: the later sales are not tried, so none of them is made before it.
 */
export async function createSales(
  sales: unknown[],
  req: Request,
  make: (dto: CreateSaleDto) => Promise<{ created: boolean; sale: SaleDto }>,
): Promise<{ results: SaleBatchItemDto[]; created: boolean }> {
  const results: SaleBatchItemDto[] = [];
  let created = false;
  for (const raw of sales) {
    const id = saleId(raw);
    try {
      const dto = (await pipe.transform(raw, {
        type: 'body',
        metatype: CreateSaleDto,
      })) as CreateSaleDto;
      const made = await make(dto);
      created ||= made.created;
      results.push({ id: dto.id, ok: true, sale: made.sale });
    } catch (exception) {
      const error = errors.toBody(exception, req);
      results.push({ id, ok: false, error });
      if (error.statusCode >= HttpStatus.INTERNAL_SERVER_ERROR) break;
    }
  }
  return { results, created };
}

/** The sale's id as sent (a sale refused by validation is still named by it), or ''. */
function saleId(raw: unknown): string {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id.slice(0, 64) : '';
}
