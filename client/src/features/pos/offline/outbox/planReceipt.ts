import type { CreateSaleDto, PaymentMethodDto } from '@pos/contracts';
import type { Cart, PaymentEntry } from '../../../../shared/lib/cart';
import { loadCatalogService } from '../catalog';
import { deviceReceiptBuilder } from './eReceipt';
import { localSale } from './localSale';
import type { DeviceReceiptBuilder } from './store';

/**
 * The till's e-receipt for this sale, when the till is the ETA POS of record (its serial, e-receipts
 * on): built for every sale as it is stored in the outbox (checkout.ts, docs/decisions/0077), from
 * the sale as localSale computes it and the catalog's items. The Pay button's (payAtTill) and the
 * acceptance specs' (engine.ts re-exports it) one way to it.
 */
export async function planEReceipt(input: {
  dto: CreateSaleDto;
  cart: Cart;
  payments: PaymentEntry[];
  total: number;
  methods: Pick<PaymentMethodDto, 'id' | 'type' | 'nameAr'>[];
  user: { id: string; name: string; branchId: string | null };
  register: number;
}): Promise<DeviceReceiptBuilder | null> {
  const catalog = await loadCatalogService();
  const data = await catalog.deviceEReceiptData();
  if (!data?.enabled || !data.serial) return null;
  const preview = localSale(
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
  const variants = await catalog.deviceVariants(preview.lines.map((l) => l.variantId));
  const { sha256Hex } = await import('./sha256');
  return deviceReceiptBuilder(preview, data, new Map(variants.map((v) => [v.id, v])), sha256Hex);
}
