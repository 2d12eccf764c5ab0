import type { CreateSaleDto, EReceiptPrintDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';
import type { SaleRow } from '../../services/sales-reader';

export class CreateSaleCommand {
  constructor(
    readonly dto: CreateSaleDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}

/**
 * `sale`: the invoice just written, as readSale would read it back (a new sale only; a retry of a
 * sale made before is read from the database).
 */
export type CreateSaleResult = {
  invoiceId: string;
  created: boolean;
  sale?: SaleRow;
  /** the e-receipt issued with a sale made now, if any (absent for a sale made before) */
  eReceipt?: EReceiptPrintDto;
};
