import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  confirmOf,
  DEMO_PASSWORD,
  dismissLowStockWhenShown,
  openInApp,
  scan,
  signIn,
  writeHeaders,
} from './support';

// The till's service worker is part of what this file tests (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

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
    const product = (await a.post('/api/Products', {
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
    })) as { variants: { id: string }[] };
    const variantId = product.variants[0].id;
    // an offer on it (issue 33 item 6, 0089): the till's receipt names it as a commercial
    // discount, and the server's rebuild of it must still be the same bytes
    const offer = `عرض دون اتصال ${stamp}`;
    await a.post('/api/Promotions', {
      name: offer,
      kind: 'item-discount',
      branchIds: [branch.id],
      target: { variantIds: [variantId] },
      off: { amount: 1000 },
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
    await openInApp(owner, '/E-invoices/CompanyInfo');
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
    // answer and is completed on the till: it carries the e-receipt the till built before the try
    // (docs/decisions/0077: every sale of a till with a serial, so the first sale after an
    // unnoticed drop is on the till's chain too). The next one is known offline (a sale waits):
    // chained after it.
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
        new Promise<{ id: string; eReceipt?: string; previous?: string }[]>((resolve, reject) => {
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
                    dto: { device: { eReceipt?: { uuid: string; previousUuid: string } } };
                  }[]
                )
                  .sort((x, y) => x.receiptNo - y.receiptNo)
                  .map((r) => ({
                    id: r.id,
                    eReceipt: r.dto.device.eReceipt?.uuid,
                    previous: r.dto.device.eReceipt?.previousUuid,
                  })),
              );
            all.onerror = () => reject(all.error);
          };
        }),
    );
    expect(queued).toHaveLength(2);
    expect(queued[0].eReceipt).toMatch(/^[0-9a-f]{64}$/);
    expect(queued[1].previous).toBe(queued[0].eReceipt);
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
      id: string;
      uuid: string;
      posSerial?: string;
      status: string;
    }[];
    const mine = list.find((r) => r.uuid === printed)!;
    expect(mine.status).not.toBe('chain_broken');
    const sent = JSON.parse(((await a.get(`/api/E-receipts/${mine.id}`)) as { json: string }).json);
    expect(sent.itemData[0].commercialDiscountData).toEqual([
      { amount: 8.77193, description: offer },
    ]);
    // the first sale's receipt: the one the till built, on the till's serial, not held
    await expect
      .poll(async () => {
        const res = await owner.request.get(`/api/E-receipts/sale/${queued[0].id}`);
        return res.ok() ? ((await res.json()) as { uuid: string }[]).map((r) => r.uuid) : [];
      })
      .toEqual([queued[0].eReceipt]);
    const first = list.find((r) => r.uuid === queued[0].eReceipt);
    expect(first?.status).not.toBe('chain_broken');

    // --- A held receipt (a sale of the till whose receipt does not follow the serial's last one,
    // as after a sale the server refused): the owner issues it anew on the branch's serial from its
    // page; the page then shows the new receipt, the held one links to it.
    const [cashMethod] = ((await a.get('/api/PaymentMethods')) as { id: string; type: string }[])
      .filter((m) => m.type === 'cash')
      .map((m) => m.id);
    const tillApi = await api(till.request);
    const heldSale = (await tillApi.post('/api/Sales', {
      id: crypto.randomUUID(),
      lines: [{ variantId, quantity: 1, unitPrice: 11400 }],
      payments: [{ methodId: cashMethod, amount: 11400 }],
      device: {
        deviceId: device.id,
        receiptNo: 90,
        rungAt: new Date(Date.now() - 60_000).toISOString(),
        offline: true,
        eReceipt: {
          serial: TILL_SERIAL,
          uuid: 'a'.repeat(64),
          previousUuid: 'b'.repeat(64),
          dateTimeIssued: new Date(Date.now() - 61_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        },
      },
    })) as { id: string };
    const [held] = (await a.get(`/api/E-receipts/sale/${heldSale.id}`)) as { id: string }[];
    await openInApp(owner, `/E-receipts/${held.id}`);
    await expect(owner.getByTestId('e-receipt-held')).toBeVisible();
    const reissue = owner.getByTestId('e-receipt-reissue');
    await expect(reissue).toHaveText('إصداره على رقم الفرع التسلسلي');
    await reissue.click();
    await confirmOf(owner).click();
    await expect(owner).not.toHaveURL(new RegExp(`/E-receipts/${held.id}$`));
    await expect(owner.getByTestId('e-receipt-held')).toHaveCount(0);
    const receipts = (await a.get(`/api/E-receipts/sale/${heldSale.id}`)) as {
      id: string;
      uuid: string;
    }[];
    expect(receipts).toHaveLength(2);
    const anew = receipts.find((r) => r.id !== held.id)!;
    await expect(owner.getByTestId('e-receipt-uuid')).toHaveText(anew.uuid);
    expect(((await a.get(`/api/E-receipts/${anew.id}`)) as { posSerial: string }).posSerial).toBe(
      BRANCH_SERIAL,
    );
    expect((await a.get(`/api/E-receipts/${held.id}`)) as { correctedById: string }).toMatchObject({
      correctedById: receipts.find((r) => r.id !== held.id)!.id,
    });
    await openInApp(owner, `/E-receipts/${held.id}`);
    await expect(owner.getByTestId('e-receipt-held')).toBeVisible();
    await expect(owner.getByTestId('e-receipt-reissue')).toHaveCount(0);
  } finally {
    await ownerContext.close();
    await tillContext.close();
  }
});
