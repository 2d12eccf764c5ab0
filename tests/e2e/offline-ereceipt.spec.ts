import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, dismissLowStockWhenShown, scan, signIn, writeHeaders } from './support';

// Issue 32 item 6: a till with its own ETA POS serial in a branch with e-receipts on sells offline;
// its receipt prints the e-receipt's UUID and QR built on the till; back online, the server's
// e-receipt for that sale has the same UUID, on the till's serial.

const stamp = Date.now().toString(36);
const BRANCH_SERIAL = `E2E-BR-${stamp}`.toUpperCase();
const TILL_SERIAL = `E2E-TILL-${stamp}`.toUpperCase();

/** JSON calls with the signed-in context's cookies and CSRF token. */
async function api(request: APIRequestContext) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const call = async (method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
    const res = await request[method](path, {
      headers: writeHeaders(csrfToken, method.toUpperCase(), path),
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
    put: (path: string, data: unknown) => call('put', path, data),
  };
}

test('a till with its own serial prints the e-receipt offline; the server issues the same UUID on sync', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [ownerContext, tillContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
  ]);
  const owner = await ownerContext.newPage();
  const till = await tillContext.newPage();
  for (const page of [owner, till]) await dismissLowStockWhenShown(page);
  await till.addInitScript(() => {
    window.print = () => undefined;
  });
  try {
    // --- The owner: company info, a branch with e-receipts on, an item in stock there, a cashier.
    await signIn(owner, 'admin', DEMO_PASSWORD);
    const a = await api(owner.request);
    await a.put('/api/E-invoices/CompanyInfo', {
      rin: '100200300',
      name: 'شركة التجزئة الحديثة',
      activityCode: '4719',
      country: 'EG',
      governate: 'القاهرة',
      regionCity: 'مدينة نصر',
      street: 'شارع عباس العقاد',
      buildingNumber: '45',
      postalCode: '11371',
      environment: 'sim',
      erpClientId: `erp-${stamp}`,
      erpClientSecret: `erp-secret-${stamp}`,
    });
    const branch = (await a.post('/api/Branch', {
      name: `فرع الإيصالات دون اتصال ${stamp}`,
      taxBranchNumber: '7',
      receiptPosSerial: BRANCH_SERIAL,
      receiptClientId: `pos-${stamp}`,
      receiptClientSecret: `pos-secret-${stamp}`,
      receiptsOsVersion: 'Windows 11',
    })) as { id: string };
    await a.put(`/api/E-invoices/CompanyInfo/branches/${branch.id}`, { eReceiptsEnabled: true });
    const [inventory] = (await a.get(`/api/Inventories?branchId=${branch.id}`)) as { id: string }[];
    const barcode = `OE${Date.now()}`.slice(0, 13);
    await a.post('/api/Products', {
      nameAr: `صنف إيصال دون اتصال ${stamp}`,
      variants: [
        {
          barcodes: [barcode],
          sellPrice: 11400,
          minSellPrice: 5000,
          avgCost: 5000,
          openingStock: [{ inventoryId: inventory.id, quantity: 50 }],
        },
      ],
    });
    const roles = (await a.get('/api/Roles')) as { id: string; name: string }[];
    await a.post('/api/Users', {
      username: `oer${stamp}`,
      displayName: `كاشير دون اتصال ${stamp}`,
      password: 'password-123',
      roleId: roles.find((r) => r.name === 'كاشير')!.id,
      branchId: branch.id,
    });

    // --- The cashier opens the till: the shift, the till registered.
    const registered = till.waitForResponse(
      (r) => r.url().endsWith('/api/PosDevices') && r.request().method() === 'POST',
    );
    await signIn(till, `oer${stamp}`, 'password-123', { to: '/POS' });
    const panel = till.getByTestId('open-shift-panel');
    await expect(panel.or(till.getByTestId('pos-screen'))).toBeVisible();
    if (await panel.isVisible()) {
      await till.getByTestId('opening-cash').fill('100');
      await till.getByTestId('shift-register').fill('3');
      await till.getByTestId('open-shift-submit').click();
    }
    await expect(till.getByTestId('pos-screen')).toBeVisible();
    const device = (await (await registered).json()) as { id: string; receiptPrefix: string };

    // --- The owner gives the till its serial on the e-invoicing settings page.
    await owner.goto('/E-invoices/CompanyInfo');
    const row = owner.getByTestId('eta-device-row').filter({ hasText: device.receiptPrefix });
    await row.getByTestId('eta-device-serial').fill(TILL_SERIAL);
    await row.getByTestId('eta-device-serial-save').click();
    await expect
      .poll(
        async () =>
          ((await a.get(`/api/PosDevices/${device.id}`)) as { etaPosSerial: string }).etaPosSerial,
      )
      .toBe(TILL_SERIAL);

    // --- The till syncs its catalog again: it learns its serial and the issuer.
    const synced = till.waitForResponse(
      (r) => r.url().includes('/api/device-catalog?') && r.url().includes(`deviceId=${device.id}`),
    );
    await till.reload();
    await expect(till.getByTestId('pos-screen')).toBeVisible();
    const start = (await (await synced).json()) as {
      eReceipt: { serial: string; enabled: boolean };
    };
    expect(start.eReceipt).toMatchObject({ serial: TILL_SERIAL, enabled: true });
    await expect(till.getByTestId('device-catalog-status')).toHaveAttribute('data-state', 'ready', {
      timeout: 90_000,
    });

    // --- Offline. The first sale is tried (the browser may not know it is offline), gets no
    // answer and is completed on the till without a till-built e-receipt (its body may have
    // reached the server: nothing can be added to it). The next one is known offline (a sale
    // waits): the till builds its e-receipt, chained on its serial.
    await tillContext.setOffline(true);
    const sellOne = async (count: number) => {
      await till.getByTestId('pos-search').focus();
      await scan(till, barcode);
      await expect(till.getByTestId('cart-line')).toHaveCount(1);
      await till.getByTestId('pos-pay').click();
      await expect(till.getByTestId('payment-dialog')).toBeVisible();
      await till.getByTestId('pay-rest-cash').click();
      await till.getByTestId('pay-submit').click();
      await expect(till.getByTestId('payment-dialog')).toBeHidden();
      await expect(till.getByTestId('outbox-waiting')).toHaveAttribute('data-count', String(count));
      await expect(till.getByTestId('cart-line')).toHaveCount(0);
    };
    await sellOne(1);
    await sellOne(2);
    const receipt = till.getByTestId('print-area').getByTestId('sale-receipt');
    const uuidBox = receipt.getByTestId('receipt-eta-uuid');
    await expect(uuidBox).toHaveText(/^[0-9a-f]{64}$/);
    const printed = (await uuidBox.innerText()).trim();
    const qr = receipt.getByTestId('receipt-eta-qr');
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    const qrText = (await qr.getAttribute('data-qr'))!;
    expect(qrText).toContain(`/receipts/search/${printed}/share/`);
    expect(qrText).toContain('IssuerRIN:100200300');
    const queued = await till.evaluate(
      () =>
        new Promise<{ id: string; eReceipt?: string }[]>((resolve, reject) => {
          const open = indexedDB.open('pos-outbox');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('queue').objectStore('queue').getAll();
            all.onsuccess = () =>
              resolve(
                (
                  all.result as {
                    id: string;
                    receiptNo: number;
                    dto: { device: { eReceipt?: { uuid: string } } };
                  }[]
                )
                  .sort((x, y) => x.receiptNo - y.receiptNo)
                  .map((r) => ({ id: r.id, eReceipt: r.dto.device.eReceipt?.uuid })),
              );
            all.onerror = () => reject(all.error);
          };
        }),
    );
    expect(queued).toHaveLength(2);
    expect(queued[0].eReceipt).toBeUndefined();
    expect(queued[1].eReceipt).toBe(printed);
    const saleId = queued[1].id;

    // --- Back online: the sale is sent; the server's e-receipt for it is the one printed.
    await tillContext.setOffline(false);
    await expect(till.getByTestId('outbox-strip')).toHaveCount(0, { timeout: 60_000 });
    await expect
      .poll(async () => {
        const res = await owner.request.get(`/api/E-receipts/sale/${saleId}`);
        return res.ok() ? ((await res.json()) as { uuid: string }[]).map((r) => r.uuid) : [];
      })
      .toEqual([printed]);
    const list = (await a.get(`/api/E-receipts?branchId=${branch.id}`)) as {
      uuid: string;
      posSerial?: string;
      status: string;
    }[];
    const mine = list.find((r) => r.uuid === printed)!;
    expect(mine.status).not.toBe('chain_broken');
    // the first sale's receipt: issued by the server on the branch's serial when it arrived
    await expect
      .poll(async () => {
        const res = await owner.request.get(`/api/E-receipts/sale/${queued[0].id}`);
        return res.ok() ? ((await res.json()) as unknown[]).length : 0;
      })
      .toBe(1);
  } finally {
    await ownerContext.close();
    await tillContext.close();
  }
});
