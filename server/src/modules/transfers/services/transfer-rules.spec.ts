import type { PermissionKey, TransferState } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AppException } from '../../../core/errors/app.exception';
import { allowedActions, assertStep, type TransferRow } from './transfer-rules';

const B1 = '00000000-0000-7000-8000-000000000001';
const B2 = '00000000-0000-7000-8000-000000000002';
const user = (
  branchId: string,
  permissions: PermissionKey[] = ['can_transfer_products'],
  isAdmin = false,
): AuthUser => ({
  id: 'u',
  username: 'u',
  name: 'u',
  branchId,
  isAdmin,
  permissions,
  screens: [],
  maxDiscountPercent: 0,
  sessionId: 's',
});
const transfer = (state: TransferState): TransferRow => ({
  id: 't',
  number: 'B01-TR-000001',
  state,
  from_inventory_id: 'i1',
  to_inventory_id: 'i2',
  from_branch_id: B1,
  to_branch_id: B2,
  note: null,
});
const codeOf = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (e) {
    return [(e as AppException).code, (e as AppException).getStatus()];
  }
};

describe('transfer rules', () => {
  it('gives each branch its side of the steps', () => {
    expect(allowedActions(user(B1), transfer('requested')).sort()).toEqual([
      'approve',
      'cancel',
      'reject',
    ]);
    expect(allowedActions(user(B2), transfer('requested'))).toEqual(['cancel']);
    expect(allowedActions(user(B1), transfer('approved')).sort()).toEqual(['cancel', 'ship']);
    expect(allowedActions(user(B2), transfer('shipped'))).toEqual(['receive']);
    expect(allowedActions(user(B1), transfer('shipped'))).toEqual([]);
    expect(allowedActions(user(B2), transfer('draft')).sort()).toEqual([
      'cancel',
      'edit',
      'request',
    ]);
    expect(allowedActions(user(B1, []), transfer('requested'))).toEqual([]);
    expect(
      allowedActions(user(B2, ['can_transfer_products'], true), transfer('requested')).sort(),
    ).toEqual(['approve', 'cancel', 'reject']);
  });

  it('refuses illegal transitions with 409 and wrong sides with 403', () => {
    expect(codeOf(() => assertStep(user(B1), transfer('shipped'), 'approve'))).toEqual([
      'TRANSFER_ILLEGAL_TRANSITION',
      409,
    ]);
    expect(codeOf(() => assertStep(user(B1), transfer('received'), 'cancel'))).toEqual([
      'TRANSFER_ILLEGAL_TRANSITION',
      409,
    ]);
    expect(codeOf(() => assertStep(user(B2), transfer('requested'), 'approve'))).toEqual([
      'TRANSFER_NOT_SOURCE',
      403,
    ]);
    expect(codeOf(() => assertStep(user(B1), transfer('shipped'), 'receive'))).toEqual([
      'TRANSFER_NOT_DESTINATION',
      403,
    ]);
    expect(codeOf(() => assertStep(user(B2), transfer('shipped'), 'receive'))).toBeNull();
  });
});
