// The till's device catalog (issue 32 item 2): what the till's components use. The Dexie database,
// the sync and the lookups load lazily (./service), from the till's own chunk.
import type { PaymentMethodDto, VariantResponseDto } from '@pos/contracts';
import { fetchPaymentMethods } from '../../../../shared/api/paymentMethods';
import { catalogApi } from '../../../catalog';
import { customersApi, type CustomerSearchHit } from '../../../customers';

export { DeviceCatalogStrip } from './DeviceCatalogStrip';

export const loadCatalogService = () => import('./service');

/** The server cannot be reached: no network (status 0) or nobody answering behind the proxy. */
export const unreachable = (err: unknown): boolean => {
  const status = (err as { status?: unknown } | null)?.status;
  return status === 0 || status === 502 || status === 503 || status === 504;
};

/**
 * The till's product search: the server's, or the device catalog's when the server cannot be
 * reached (the same variant shape, so the line is added as always).
 */
export async function searchVariantsOrDevice(
  q: string,
  inventoryId: string | undefined,
  limit: number,
  signal?: AbortSignal,
): Promise<VariantResponseDto[]> {
  return serverOrDevice(
    () => catalogApi.searchVariants(q, inventoryId, limit, signal),
    async () => (await loadCatalogService()).deviceSearch(q, limit),
  );
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The server's answer, or the device's when the server cannot be reached. */
async function serverOrDevice<T>(server: () => Promise<T>, device: () => Promise<T>): Promise<T> {
  if (browserOffline()) return device();
  try {
    return await server();
  } catch (err) {
    if (!unreachable(err)) throw err;
    return device();
  }
}

/**
 * The till's customer search: the server's, or the device's customers (balance and credit limit
 * as of the last sync) when the server cannot be reached.
 */
export const searchCustomersOrDevice = (q: string): Promise<CustomerSearchHit[]> =>
  serverOrDevice<CustomerSearchHit[]>(
    () => customersApi.search(q),
    async () =>
      (await (await loadCatalogService()).deviceCustomers(q, 20)).map((c) => ({
        id: c.id,
        name: c.name,
        phone: c.phone,
        balance: c.balance,
        creditLimit: c.creditLimit,
      })),
  );

/** The till's active payment methods: the server's, or the device's copy when it cannot be reached. */
export const paymentMethodsOrDevice = (): Promise<PaymentMethodDto[]> =>
  serverOrDevice<PaymentMethodDto[]>(
    () => fetchPaymentMethods(true),
    async () =>
      (await (await loadCatalogService()).devicePaymentMethods()).map((m) => ({
        id: m.id,
        nameAr: m.nameAr,
        nameEn: m.nameEn,
        type: m.type as PaymentMethodDto['type'],
        active: true,
        sortOrder: m.sortOrder,
        settlementVaultId: null,
        settlementVaultName: null,
      })),
  );
