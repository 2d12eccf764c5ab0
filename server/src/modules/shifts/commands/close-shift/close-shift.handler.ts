import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { ShiftEntity } from '../../entities/shift.entity';
import { ShiftsService } from '../../queries/shifts.queries';
import { CloseShiftCommand } from './close-shift.command';

/**
 * CloseShift: the shift row is locked (a sale in flight holds it shared, so the close waits for
 * it and later sales find the shift closed); the totals are computed from the documents and
 * kept with the counted cash and the difference.
 */
@CommandHandler(CloseShiftCommand)
export class CloseShiftHandler extends TransactionalCommandHandler<CloseShiftCommand, void> {
  constructor(
    runner: CommandRunner,
    private readonly shifts: ShiftsService,
  ) {
    super(runner);
  }

  protected async handle(
    { shiftId: id, dto, user }: CloseShiftCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const shift = await m.findOne(ShiftEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!shift || (shift.branchId !== user.branchId && !user.isAdmin)) throw Errors.notFound();
    if (shift.cashierId !== user.id && !user.permissions.includes('view_all_shifts')) {
      throw new AppException('SHIFT_NOT_YOURS', HttpStatus.FORBIDDEN);
    }
    if (shift.status !== 'open') throw new AppException('CONFLICT', HttpStatus.CONFLICT);
    const totals = await this.shifts.totals(m, id, true);
    const patch = {
      status: 'closed' as const,
      closedAt: new Date(),
      countedCash: dto.countedCash,
      expectedCash: totals.expectedCash,
      difference: dto.countedCash - totals.expectedCash,
      denominations: dto.denominations ?? null,
      closingTotals: totals as unknown as Record<string, unknown>,
      note: dto.note ?? null,
    };
    // jsonb columns typed as records trip TypeORM's deep-partial type; the patch is complete.
    await m.update(ShiftEntity, { id }, patch as never);
    tx.audit({
      action: 'shift.close',
      entity: 'shift',
      entityId: id,
      before: shift,
      after: { ...shift, ...patch },
    });
    const [cashier] = await m.query('SELECT display_name FROM users WHERE id = $1', [
      shift.cashierId,
    ]);
    await tx.raise('shift.closed', {
      shiftId: id,
      branchId: shift.branchId,
      cashierId: shift.cashierId,
      cashierName: cashier.display_name,
      sales: totals.sales,
      returns: totals.returns,
      invoiceCount: totals.invoiceCount,
      byMethod: totals.byMethod.map((b) => ({ methodId: b.methodId, amount: b.net })),
      countedCash: patch.countedCash,
      expectedCash: patch.expectedCash,
      openingCash: shift.openingCash,
      difference: patch.difference,
    });
  }
}
