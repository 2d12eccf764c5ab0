import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { normalizeArabic } from '@pos/contracts';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { branchDocumentNumber } from '../../../../core/numbering';
import { insertDeliveryEvent } from '../../delivery-flow';
import { CreateDeliveryCommand } from './create-delivery.command';

export type CreateDeliveryResult = { id: string; created: boolean };

/**
 * CreateDelivery: a delivery order for an existing invoice of the user's branch (one per invoice;
 * a returned invoice cannot be delivered). The cash on delivery the driver will collect is what
 * the invoice left due (on the customer's account, or on the COD receivable for a cash-on-delivery
 * sale) plus the delivery fee. The client's id makes a
 * retry harmless.
 */
@CommandHandler(CreateDeliveryCommand)
export class CreateDeliveryHandler extends TransactionalCommandHandler<
  CreateDeliveryCommand,
  CreateDeliveryResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: CreateDeliveryCommand,
    tx: CommandTransaction,
  ): Promise<CreateDeliveryResult> {
    const { m } = tx;
    const [sale] = await m.query(
      `SELECT id, number, branch_id, status, due_amount FROM sales_invoices WHERE id = $1 FOR UPDATE`,
      [dto.saleId],
    );
    const scope = branchWriteScope(user);
    if (!sale || (scope && sale.branch_id !== scope)) throw Errors.notFound();
    const [seen] = await m.query(
      'SELECT id, number, sale_id FROM delivery_orders WHERE id = $1 OR sale_id = $2',
      [dto.id, dto.saleId],
    );
    if (seen) {
      if (seen.id === dto.id && seen.sale_id === dto.saleId) return { id: dto.id, created: false };
      if (seen.id === dto.id) throw new AppException('ID_ALREADY_EXISTS', HttpStatus.CONFLICT);
      throw new AppException('DELIVERY_ALREADY_EXISTS', HttpStatus.CONFLICT, {
        number: seen.number,
      });
    }
    if (sale.status === 'returned')
      throw new AppException('DELIVERY_SALE_INVALID', HttpStatus.BAD_REQUEST, {
        number: sale.number,
      });
    const number = await branchDocumentNumber(m, 'delivery', sale.branch_id);
    const codAmount = Number(sale.due_amount) + dto.fee;
    await m.query(
      `INSERT INTO delivery_orders (id, number, sale_id, branch_id, status, address, phone, area, fee, cod_amount, notes, created_by, search_text)
       VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        dto.id,
        number,
        dto.saleId,
        sale.branch_id,
        dto.address.trim(),
        dto.phone.trim(),
        dto.area?.trim() || null,
        dto.fee,
        codAmount,
        dto.notes?.trim() || null,
        user.id,
        normalizeArabic([dto.address, dto.area ?? '', dto.phone].join(' ')),
      ],
    );
    await insertDeliveryEvent(m, dto.id, null, 'pending', { driverId: null, userId: user.id });
    tx.push(sale.branch_id, 'delivery.changed', {
      orderId: dto.id,
      number,
      status: 'pending',
      driverId: null,
    });
    tx.audit({ action: 'delivery.create', entity: 'delivery', entityId: dto.id, after: dto });
    return { id: dto.id, created: true };
  }
}
