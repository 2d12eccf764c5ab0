import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { parseNationalId } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { fillNationalId, invoiceSettledOnAccount, lockCustomer } from '../../../customers';
import { readStoreSettings } from '../../../settings';
import { pushDue, requestHash, storeToday } from '../../plan-rules';
import { writePlan } from '../../plan-writer';
import { CreateInstallmentPlanCommand } from './create-installment-plan.command';

export type CreateInstallmentPlanResult = { id: string; created: boolean };

/** Latin digits of a national ID typed with Arabic-Indic ones. */
export const nationalIdDigits = (value: string) =>
  value
    .trim()
    .replace(/[٠-٩]/g, (c) => String(c.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (c) => String(c.charCodeAt(0) - 0x06f0));

/**
 * CreateInstallmentPlan: a plan for what a posted sale left on its customer (installment or credit
 * tenders, i.e. its amount due less what returns took off it and what customer payments on
 * account settled of it). The sale's debt is already on the
 * customer; the plan adds its interest and fee (ledger 'installment_charge', posted to installment
 * income). The customer's national ID is kept on the customer when they had none. The client's id
 * makes a retry return the same plan; a sale is planned once (409 otherwise).
 */
@CommandHandler(CreateInstallmentPlanCommand)
export class CreateInstallmentPlanHandler extends TransactionalCommandHandler<
  CreateInstallmentPlanCommand,
  CreateInstallmentPlanResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: CreateInstallmentPlanCommand,
    tx: CommandTransaction,
  ): Promise<CreateInstallmentPlanResult> {
    const { m } = tx;
    const settings = await readStoreSettings(m);
    const today = await storeToday(m, settings.timeZone);
    for (const id of [dto.nationalId, ...dto.guarantors.map((g) => g.nationalId)])
      if (!parseNationalId(id, today))
        throw new AppException('INSTALLMENT_NATIONAL_ID', HttpStatus.BAD_REQUEST, {
          nationalId: id,
        });

    const ids = [dto.nationalId, ...dto.guarantors.map((g) => g.nationalId)].map(nationalIdDigits);
    if (new Set(ids).size !== ids.length)
      throw new AppException('INSTALLMENT_GUARANTOR', HttpStatus.BAD_REQUEST);

    const [sale] = await m.query(
      `SELECT id, number, branch_id, customer_id, total, due_amount, cod,
              (SELECT COALESCE(sum(credit_reduction), 0) FROM sale_returns r WHERE r.invoice_id = s.id)::bigint AS reduced
         FROM sales_invoices s WHERE id = $1 FOR UPDATE`,
      [dto.saleId],
    );
    if (!sale) throw Errors.notFound();
    const scope = branchWriteScope(user);
    if (scope !== null && sale.branch_id !== scope) throw Errors.notFound();
    if (!sale.customer_id || sale.cod)
      throw new AppException('INSTALLMENT_SALE_NOT_ELIGIBLE', HttpStatus.CONFLICT, {
        number: sale.number,
      });

    // Locks: the sale (as a return or an edit of it), the customer, then the plan's id.
    await lockCustomer(m, sale.customer_id);
    const [card] = await m.query('SELECT national_id FROM customers WHERE id = $1', [
      sale.customer_id,
    ]);
    const known = card?.national_id ? nationalIdDigits(card.national_id) : '';
    if (known && known !== nationalIdDigits(dto.nationalId))
      throw new AppException('INSTALLMENT_NATIONAL_ID_MISMATCH', HttpStatus.BAD_REQUEST, {
        nationalId: known,
      });
    const hash = requestHash({ ...dto, nationalId: nationalIdDigits(dto.nationalId) });
    const [seen] = await m.query(
      'SELECT sale_id, request_hash FROM installment_plans WHERE id = $1 FOR UPDATE',
      [dto.id],
    );
    if (seen) {
      if (seen.sale_id !== dto.saleId || seen.request_hash !== hash)
        throw new AppException('INSTALLMENT_ID_CONFLICT', HttpStatus.CONFLICT);
      return { id: dto.id, created: false };
    }
    const [planned] = await m.query(
      'SELECT 1 FROM installment_plans WHERE sale_id = $1 AND parent_plan_id IS NULL',
      [dto.saleId],
    );
    // What customer payments on account already settled of the invoice is not financed again.
    const financed =
      Number(sale.due_amount) - Number(sale.reduced) - (await invoiceSettledOnAccount(m, sale.id));
    if (planned || financed <= 0)
      throw new AppException('INSTALLMENT_NOTHING_TO_FINANCE', HttpStatus.CONFLICT, {
        number: sale.number,
      });

    const nationalId = nationalIdDigits(dto.nationalId);
    const note = dto.note?.trim() || null;
    const { number, toPay, charge } = await writePlan(tx, {
      id: dto.id,
      branchId: sale.branch_id,
      customerId: sale.customer_id,
      saleId: sale.id,
      parentPlanId: null,
      total: Number(sale.total),
      financed,
      terms: dto,
      guarantors: dto.guarantors.map((g) => ({ ...g, nationalId: nationalIdDigits(g.nationalId) })),
      note,
      requestHash: hash,
      userId: user.id,
    });
    await fillNationalId(m, sale.customer_id, nationalId);
    await pushDue(tx, [sale.branch_id], today);
    tx.audit({
      action: 'installment.create',
      entity: 'installment_plan',
      entityId: dto.id,
      after: {
        number,
        saleId: sale.id,
        saleNumber: sale.number,
        financed,
        charge,
        toPay,
        count: dto.count,
        period: dto.period,
        firstDueDate: dto.firstDueDate,
        monthlyRateBp: dto.monthlyRateBp,
        fee: dto.fee,
        guarantors: dto.guarantors.length,
        note,
      },
    });
    return { id: dto.id, created: true };
  }
}
