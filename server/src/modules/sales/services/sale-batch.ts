import { HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import type { CreateSaleDto, SaleBatchItemDto, SaleDto } from '@pos/contracts';
import { AllExceptionsFilter } from '../../../core/errors/all-exceptions.filter';

const errors = new AllExceptionsFilter();

/**
 * The sales of `POST /api/Sales/batch` (docs/decisions/0075), already checked as CreateSaleDtos,
 * one after the other in the batch's order, each made by `make` (one CreateSale command: its own
 * transaction, its own permission and branch checks, its id its idempotency key).
 *
 * - a sale made now or before → its invoice;
 * - a refusal (4xx: a rule refuses the sale) → reported for that sale as `POST /api/Sales` words it,
 *   and the next sales go on, as the till's sender does with a refused sale sent alone;
 * - no final answer (5xx: the database away, anything unexpected) → reported for that sale, and
 *   the batch stops there: the later sales are not tried, so none of them is made before it.
 */
export async function createSales(
  sales: CreateSaleDto[],
  req: Request,
  make: (dto: CreateSaleDto) => Promise<{ created: boolean; sale: SaleDto }>,
): Promise<{ results: SaleBatchItemDto[]; created: boolean }> {
  const results: SaleBatchItemDto[] = [];
  let created = false;
  for (const dto of sales) {
    try {
      const made = await make(dto);
      created ||= made.created;
      results.push({ id: dto.id, ok: true, sale: made.sale });
    } catch (exception) {
      const error = errors.toBody(exception, req);
      results.push({ id: dto.id, ok: false, error });
      if (error.statusCode >= HttpStatus.INTERNAL_SERVER_ERROR) break;
    }
  }
  return { results, created };
}
