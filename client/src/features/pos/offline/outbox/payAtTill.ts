import {
  changeOverLimit,
  changeTooLargeDetail,
  parseLocale,
  translateValidation,
  type CreateSaleDto,
  type PaymentMethodDto,
  type SaleDto,
} from '@pos/contracts';
import i18n from 'i18next';
import { ApiClientError, isApiClientError } from '../../../../shared/api/ApiClientError';
import type { Cart, PaymentEntry } from '../../../../shared/lib/cart';
import { withNetworkRetry } from '../../../../shared/lib/ids';
import { tillMark } from '../../../../shared/lib/tillMarks';
import { rememberLocalEReceipt } from '../../../eta';
import { localSale } from './localSale';
import { checkoutSale, planTillEReceipt } from './useOutbox';

/**
 * The till's payment through the outbox: the server's invoice (`queued` false), or the sale
 * completed on the device with its own receipt number while it waits to be sent (`queued` true).
 * A refusal while the cashier waits throws the server's error, for the payment dialog to show as
 * before. Where the outbox cannot be used (IndexedDB refused by the browser, a till registered in
 * another branch), the sale is sent straight as before: it is the same sale (same id) either way.
 */
export async function payAtTill(input: {
  dto: CreateSaleDto;
  cart: Cart;
  payments: PaymentEntry[];
  total: number;
  methods: Pick<PaymentMethodDto, 'id' | 'type' | 'nameAr'>[];
  user: { id: string; name: string; branchId: string | null };
  register: number;
  direct: (dto: CreateSaleDto) => Promise<SaleDto>;
}): Promise<{ sale: SaleDto; queued: boolean }> {
  // Change beyond LIMITS.maxChange (decision 0131): refused here as the server refuses it online,
  // before the sale can be completed on the device (the server takes such an offline sale).
  refuseTooMuchChange(input);
  // A gift card (issue 33 item 5) is spent only where its balance is checked: on the server, now.
  // Such a sale is never completed on the device (docs/decisions/0083).
  // Loyalty points (issue 33 item 4) likewise: their balance is the server's.
  const points = new Set(input.methods.filter((m) => m.type === 'loyalty').map((m) => m.id));
  if (input.dto.payments.some((p) => p.giftCardCode || (points.has(p.methodId) && p.amount > 0))) {
    tillMark('pay:sending');
    return sent(await withNetworkRetry(() => input.direct(input.dto)));
  }
  let outcome;
  try {
    outcome = await checkoutSale({
      dto: input.dto,
      cart: input.cart,
      total: input.total,
      userId: input.user.id,
      branchId: input.user.branchId,
      eReceipt: await planTillEReceipt(preview(input)).catch(() => null),
    });
  } catch (err) {
    if (isApiClientError(err)) throw err;
    tillMark('pay:sending');
    return sent(await withNetworkRetry(() => input.direct(input.dto)));
  }
  if (outcome.kind === 'sent') return sent(outcome.sale, outcome.made);
  if (outcome.kind === 'refused')
    throw new ApiClientError({
      status: outcome.status,
      code: outcome.code ?? `HTTP_${outcome.status}`,
      message: outcome.reason,
      statusMessage: outcome.reason,
    });
  const sale = localSale(outcome.row, input.cart, input.payments, input.methods, {
    ...input.user,
    register: input.register,
  });
  // the e-receipt the till built prints with it (the receipt's QR and UUID, as online)
  if (outcome.row.eReceipt) rememberLocalEReceipt(sale.id, outcome.row.eReceipt);
  return { sale, queued: true };
}

/**
 * A sale the server made: its e-receipt prints without a read when the answer carries it, or when
 * the answer is the one that made the sale (`made`) and carries none (no e-receipt was issued).
 */
function sent(sale: SaleDto, made = false): { sale: SaleDto; queued: false } {
  if (sale.eReceipt || made) rememberLocalEReceipt(sale.id, sale.eReceipt ?? null);
  return { sale, queued: false };
}

/**
 * The sale the server is expected to answer with, before it has (the till's computeSale over the
 * cart, as offline): its receipt is drawn while the sale is stored (issue 35). The number and the
 * time are the answer's: placeholders here (a number its barcode can be drawn of, as high as the
 * real one's).
 */
export function expectedSale(input: Parameters<typeof payAtTill>[0]): SaleDto {
  const at = new Date().toISOString();
  return {
    ...preview(input),
    number: '0',
    deviceReceipt: '0',
    createdAt: at,
    rungAt: at,
    offline: false,
  };
}

/** The sale as the till completes it (localSale), before it has a number: what its e-receipt is built from. */
function preview(input: Parameters<typeof payAtTill>[0]) {
  return localSale(
    {
      id: input.dto.id,
      receiptNo: 0,
      dto: { ...input.dto, device: { deviceId: '', receiptNo: 0, rungAt: '', offline: true } },
      receipt: '',
      total: input.total,
      userId: input.user.id,
      rungAt: '',
      attempts: 0,
      lastError: null,
      directUntil: 0,
    },
    input.cart,
    input.payments,
    input.methods,
    { ...input.user, register: input.register },
  );
}

/** The server's CHANGE_TOO_LARGE, said the same way, for change beyond the bound. */
function refuseTooMuchChange(input: Parameters<typeof payAtTill>[0]): void {
  const cash = new Set(input.methods.filter((m) => m.type === 'cash').map((m) => m.id));
  const over = changeOverLimit(input.dto.payments, input.total, (id) => cash.has(id));
  if (!over) return;
  const { key, params } = changeTooLargeDetail(over);
  const message = translateValidation(parseLocale(i18n.language?.slice(0, 2)), key, params);
  throw new ApiClientError({
    status: 400,
    code: 'CHANGE_TOO_LARGE',
    message,
    statusMessage: message,
  });
}
