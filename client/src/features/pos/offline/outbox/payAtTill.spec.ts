import { LIMITS, type CreateSaleDto } from '@pos/contracts';
import { isApiClientError } from '../../../../shared/api/ApiClientError';
import { newCart } from '../../../../shared/lib/cart';
import { newId } from '../../../../shared/lib/ids';
import { payAtTill } from './payAtTill';
import { checkoutSale } from './useOutbox';

jest.mock('../../../eta', () => ({ rememberLocalEReceipt: jest.fn() }));
jest.mock('./useOutbox', () => ({
  checkoutSale: jest.fn(async () => ({ kind: 'sent', sale: { id: 'sold' } })),
  planTillEReceipt: jest.fn(async () => null),
}));

// Decision 0131: change beyond LIMITS.maxChange is refused on the till before the sale is stored
// in the outbox, so a sale the device would complete offline never hands it over.
describe('payAtTill change bound', () => {
  const methods = [
    { id: 'cash', type: 'cash' as const, nameAr: 'نقدي' },
    { id: 'card', type: 'card' as const, nameAr: 'بطاقة' },
  ];
  const attempt = (cashAmount: number) => {
    const id = newId();
    const dto: CreateSaleDto = {
      id,
      lines: [{ variantId: newId(), quantity: 1 }],
      payments: [
        { methodId: 'card', amount: 5_400 },
        { methodId: 'cash', amount: cashAmount },
      ],
    };
    const direct = jest.fn();
    const paid = payAtTill({
      dto,
      cart: newCart(id),
      payments: dto.payments,
      total: 25_400,
      methods,
      user: { id: newId(), name: 'كاشير', branchId: newId() },
      register: 1,
      direct,
    });
    return { paid, direct };
  };
  beforeEach(() => jest.mocked(checkoutSale).mockClear());

  it('refuses 100,000.00 received for a 254.00 sale as the server does, storing nothing', async () => {
    const { paid, direct } = attempt(10_000_000);
    const err: unknown = await paid.catch((e: unknown) => e);
    expect(isApiClientError(err)).toBe(true);
    expect(err).toMatchObject({
      status: 400,
      code: 'CHANGE_TOO_LARGE',
      message:
        'الحقل "المبلغ في الدفعة 2" يجعل الباقي للعميل 99,800.00، وهو أكبر من أقصى باقٍ يُرد (1,000.00)؛ راجع المبلغ المستلم',
    });
    expect(checkoutSale).not.toHaveBeenCalled();
    expect(direct).not.toHaveBeenCalled();
  });

  it('takes change up to the bound to the outbox', async () => {
    const { paid } = attempt(20_000 + LIMITS.maxChange);
    await expect(paid).resolves.toEqual({ sale: { id: 'sold' }, queued: false });
    expect(checkoutSale).toHaveBeenCalledTimes(1);
  });
});
