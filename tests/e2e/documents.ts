import { expect, type APIRequestContext } from '@playwright/test';
import { openShiftOnFreeRegister, writeHeaders } from './support';

// Real documents for the pages that show one (the demo data has products only): a sale in a shift
// (closed again, so other tests find the admin without an open shift), a transfer request and a
// stock-taking session. Made once per server through the signed-in admin's API.

export type Documents = {
  invoiceId: string;
  invoiceNumber: string;
  shiftId: string;
  transferId: string;
  stockTakingId: string;
  customerId: string;
  saleAt: string;
};

async function api(request: APIRequestContext) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const call = async (method: 'get' | 'post', path: string, data?: unknown) => {
    const res = await request[method](path, {
      headers: writeHeaders(csrfToken, method, path),
      ...(data ? { data } : {}),
    });
    expect(res.ok(), `${method.toUpperCase()} ${path} → ${res.status()} ${await res.text()}`).toBe(
      true,
    );
    return res.json();
  };
  return {
    get: (path: string) => call('get', path),
    post: (path: string, data: unknown) => call('post', path, data),
  };
}

/** The documents, created on the first call (an admin must be signed in on `request`). */
export async function ensureDocuments(request: APIRequestContext): Promise<Documents> {
  const a = await api(request);
  const session = (await a.get('/api/auth/session')) as { user: { branchId: string } };
  const inventories = (await a.get('/api/Inventories')) as {
    id: string;
    branchId: string;
    isDefault: boolean;
    name: string;
  }[];
  const own = inventories.find((i) => i.branchId === session.user.branchId && i.isDefault)!;
  const other = inventories.find((i) => i.branchId !== session.user.branchId && i.isDefault)!;

  const found = (await a.get('/api/invoices?pageSize=50')) as {
    id: string;
    number: string;
    shiftId: string | null;
    createdAt: string;
  }[];
  // A till sale (in a shift): invoices made elsewhere (a repair, a delivery) have none.
  let invoice = found.find((i): i is (typeof found)[number] & { shiftId: string } => !!i.shiftId);
  if (!invoice) {
    const variants = (await a.get(
      `/api/variants/search?q=DEMO&inventoryId=${own.id}&limit=20`,
    )) as { id: string; sellPrice: number; onHand?: number }[];
    const item = variants.find((v) => (v.onHand ?? 0) >= 5)!;
    const shift = await openShiftOnFreeRegister(request, 10_000, 20);
    const methods = (await a.get('/api/PaymentMethods?active=true')) as {
      id: string;
      type: string;
    }[];
    const cash = methods.find((m) => m.type === 'cash')!;
    const sale = (await a.post('/api/Sales', {
      id: crypto.randomUUID(),
      lines: [{ variantId: item.id, quantity: 1 }],
      payments: [{ methodId: cash.id, amount: item.sellPrice }],
    })) as { id: string; number: string; createdAt: string };
    const current = (await a.get(`/api/Shift/${shift.id}`)) as {
      totals?: { expectedCash?: number };
      expectedCash?: number;
    };
    await a.post(`/api/Shift/${shift.id}/close`, {
      countedCash: current.expectedCash ?? current.totals?.expectedCash ?? 10_000 + item.sellPrice,
    });
    invoice = { id: sale.id, number: sale.number, shiftId: shift.id, createdAt: sale.createdAt };
  }

  let [transfer] = (await a.get('/api/TransferRequests?pageSize=1')) as { id: string }[];
  if (!transfer) {
    const variants = (await a.get(
      `/api/variants/search?q=DEMO&inventoryId=${own.id}&limit=20`,
    )) as { id: string; onHand?: number }[];
    const item = variants.find((v) => (v.onHand ?? 0) >= 2)!;
    transfer = await a.post('/api/TransferRequests', {
      fromInventoryId: own.id,
      toInventoryId: other.id,
      lines: [{ variantId: item.id, quantity: 1 }],
    });
    // Cancelled at once: a request waiting for approval would count in the branch badges that
    // other tests check.
    await a.post(`/api/TransferRequests/${transfer.id}/cancel`, {});
  }

  // The stock-taking counts an inventory of its own: an open session would hold a real one.
  const countName = 'مخزن عرض الجرد';
  const countInventory =
    inventories.find((i) => i.name === countName) ??
    ((await a.post('/api/Inventories', { branchId: other.branchId, name: countName })) as {
      id: string;
    });
  let [stockTaking] = (await a.get(
    `/api/StockTakings?inventoryId=${countInventory.id}&pageSize=1`,
  )) as {
    id: string;
  }[];
  if (!stockTaking)
    stockTaking = await a.post('/api/StockTakings', {
      inventoryId: countInventory.id,
      scope: 'all',
    });

  let [customer] = (await a.get('/api/Customers?pageSize=1')) as { id: string }[];
  if (!customer)
    customer = await a.post('/api/Customers', { name: 'عميل تجريبي', phone: '01000000000' });

  return {
    customerId: customer.id,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    shiftId: invoice.shiftId,
    transferId: transfer.id,
    stockTakingId: stockTaking.id,
    saleAt: invoice.createdAt,
  };
}

/**
 * A delivery order for /Delivery/{id} (issue 18): the demo's first one, or one made for the given
 * invoice (an admin must be signed in on `request`).
 */
export async function ensureDeliveryOrder(
  request: APIRequestContext,
  invoiceId: string,
): Promise<string> {
  const a = await api(request);
  const [found] = (await a.get('/api/Delivery?pageSize=1')) as { id: string }[];
  if (found) return found.id;
  const made = (await a.post('/api/Delivery', {
    id: crypto.randomUUID(),
    saleId: invoiceId,
    address: 'القاهرة، مدينة نصر، شارع مكرم عبيد 7',
    phone: '01001234567',
    area: 'مدينة نصر',
    fee: 2000,
  })) as { id: string };
  return made.id;
}
