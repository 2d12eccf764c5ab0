import { HttpStatus } from '@nestjs/common';
import { takesMethod } from '@pos/contracts';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AppException } from '../../../core/errors/app.exception';

/**
 * What selling or topping up a card opens with: the method the buyer pays by (active, a tender:
 * never on account, a gift card or loyalty points: GIFT_CARD_METHOD) and the cashier's open shift, which cash
 * needs (it goes into that drawer, as a customer's payment at the till does).
 */
export async function loadMoney(
  m: EntityManager,
  user: AuthUser,
  methodId: string,
): Promise<{ methodType: string; shiftId: string | null; branchId: string | null }> {
  const [row] = await m.query(
    `SELECT pm.type, pm.active,
            (SELECT json_build_object('id', s.id, 'branchId', s.branch_id) FROM shifts s
              WHERE s.cashier_id = $2 AND s.status = 'open' LIMIT 1) AS shift
       FROM payment_methods pm WHERE pm.id = $1`,
    [methodId, user.id],
  );
  if (!row || !row.active) throw new AppException('PAYMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
  if (!takesMethod('payIn', row.type))
    throw new AppException('GIFT_CARD_METHOD', HttpStatus.BAD_REQUEST);
  const shift = row.shift as { id: string; branchId: string } | null;
  if (!shift && row.type === 'cash')
    throw new AppException('SHIFT_NOT_OPEN', HttpStatus.BAD_REQUEST, {}, [
      { key: 'errors.SHIFT_NOT_OPEN_TILL' },
    ]);
  return {
    methodType: row.type,
    shiftId: shift?.id ?? null,
    branchId: shift?.branchId ?? user.branchId ?? null,
  };
}
