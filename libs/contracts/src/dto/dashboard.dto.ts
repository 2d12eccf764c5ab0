import type { DueChequeDto } from './cheques.dto';
import { IsOptional, IsUUID } from 'class-validator';

// GET /api/Dashboard: the live home page of a branch, for the store's business day. Each part is
// present only when the user may read it (the same keys as the matching reads and live pushes).
export class DashboardQueryDto {
  /** Another branch than the user's own: only with can_see_branches (or isAdmin). */
  @IsOptional() @IsUUID() branchId?: string;
}

export type DashboardShiftDto = {
  shiftId: string;
  register: number;
  cashierId: string;
  cashierName: string;
  openedAt: string;
  openingCash: number;
  /** only with can_see_shift_totals */
  totals?: {
    invoiceCount: number;
    sales: number;
    returns: number;
    byMethod: { methodId: string; methodName: string; amount: number }[];
  };
};

export type DashboardDto = {
  branchId: string | null;
  branchName: string | null;
  /** YYYY-MM-DD in the store's time zone */
  date: string;
  timeZone: string;
  /** false until the sales tables exist (the figures are then absent, not zero) */
  salesAvailable: boolean;
  /** with can_see_invoices */
  invoiceCount?: number;
  /** piasters, with can_see_invoices_totals */
  sales?: number;
  returns?: number;
  net?: number;
  averageBasket?: number;
  byMethod?: {
    methodId: string;
    methodName: string;
    methodNameEn: string | null;
    amount: number;
  }[];
  /** piasters, with can_see_profit */
  profit?: number;
  /** own shift only unless view_all_shifts */
  openShifts: DashboardShiftDto[];
  /** with can_see_invoices; `total` with can_see_invoices_totals */
  recentSales?: {
    invoiceId: string;
    number: string;
    cashierName: string;
    createdAt: string;
    status: string;
    total?: number;
  }[];
  /** with can_see_near_end_products */
  lowStockCount?: number;
  /** with can_see_vault_totals: open cheques due within CHEQUE_DUE_DAYS (overdue ones first) */
  dueCheques?: DueChequeDto[];
};
