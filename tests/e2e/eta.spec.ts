import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  dismissLowStockWhenShown,
  openInApp,
  scanAndPay,
  serverPort,
  signIn,
  writeHeaders,
} from './support';

// Issue 17 acceptance (e-receipts), three browser contexts against the e2e server and its local ETA
// simulator (tests/e2e/serve.js, port PORT + 1000): the owner fills the company info and turns
// e-receipts on for the second demo branch (its ETA branch code, POS serial and credentials); a
// cashier of that branch sells; the printed receipt carries the QR and the UUID; /E-receipts, open
// beforehand, shows the receipt go from pending to valid without a reload. Then ETA finds the next
// receipt invalid: its error shows in Arabic on /E-receipts/{id}.

const stamp = Date.now().toString(36);
// This worker's server's simulator (playwright.config.ts: one server per worker).
const SIM = `http://127.0.0.1:${serverPort() + 1000}`;
const SERIAL = `E2E-POS-${stamp}`.toUpperCase();
const BRANCH = 'فرع مدينة نصر';

/** JSON calls with the signed-in context's cookies and CSRF token. */
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

/** Orders failures from the simulator for its next submissions. */
async function simFailures(request: APIRequestContext, failures: object[]) {
  const res = await request.post(`${SIM}/sim/failures`, { data: { failures } });
  expect(res.ok()).toBe(true);
}

/** Sells one unit of the item in cash at the POS; returns the sale's number. */
async function sellOne(page: Page, barcode: string): Promise<string> {
  await scanAndPay(page, barcode);
  const total = (await page.getByTestId('pay-total').innerText()).replace(/[^\d.]/g, '');
  await page.getByTestId('pay-amount-cash').fill(total);
  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('payment-dialog')).toBeHidden();
  return (await page.getByTestId('last-sale-number').innerText()).trim();
}

test('the owner registers with ETA and turns e-receipts on; a sale prints the QR and UUID and goes valid live; an invalid one shows ETA’s error in Arabic', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const contexts = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const [owner, watcher, cashier] = await Promise.all(contexts.map((c) => c.newPage()));
  for (const page of [owner, watcher, cashier]) await dismissLowStockWhenShown(page);
  await cashier.addInitScript(() => {
    window.print = () => undefined;
  });
  try {
    await signIn(owner, 'admin', DEMO_PASSWORD, { to: '/E-invoices/CompanyInfo' });
    const a = await api(owner.request);
    const info = (await a.get('/api/E-invoices/CompanyInfo')) as {
      branches: { branchId: string; branchName: string }[];
    };
    const branchId = info.branches.find((b) => b.branchName === BRANCH)!.branchId;

    // --- The owner fills the company info.
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText(
      'بيانات الشركة للفاتورة الإلكترونية',
    );
    const fields: Record<string, string> = {
      rin: '123',
      name: 'شركة التجزئة الحديثة',
      activityCode: '4719',
      country: 'EG',
      governate: 'القاهرة',
      regionCity: 'مدينة نصر',
      street: 'شارع عباس العقاد',
      buildingNumber: '45',
      postalCode: '11371',
      erpClientId: `erp-${stamp}`,
    };
    for (const [key, value] of Object.entries(fields))
      await owner.getByTestId(`eta-${key}`).fill(value);
    await owner.getByTestId('eta-erpClientSecret').fill(`erp-secret-${stamp}`);
    await owner.getByTestId('eta-environment').click();
    await owner.getByTestId('eta-environment-sim').click();
    // A RIN is 9 digits: refused in the form, in Arabic
    await owner.getByTestId('eta-company-save').click();
    await expect(owner.getByTestId('eta-rin')).toHaveAttribute('aria-invalid', 'true');
    await expect(owner.getByText('تم حفظ بيانات الشركة')).toHaveCount(0);
    await owner.getByTestId('eta-rin').fill('100200300');
    await owner.getByTestId('eta-company-save').click();
    await expect(owner.getByText('تم حفظ بيانات الشركة')).toBeVisible();
    await expect(owner.getByTestId('eta-erp-secret-state')).toHaveText('محفوظ');
    // the secret is write-only: the field is empty again and no response carries it
    await expect(owner.getByTestId('eta-erpClientSecret')).toHaveValue('');
    expect(JSON.stringify(await a.get('/api/E-invoices/CompanyInfo'))).not.toContain(
      `erp-secret-${stamp}`,
    );

    // --- The branch: its ETA code, POS serial and credentials, then e-receipts on.
    await owner.getByTestId(`branch-eta-edit-${branchId}`).click();
    const dialog = owner.getByRole('dialog');
    await expect(dialog).toContainText(BRANCH);
    await dialog.getByTestId('branch-eta-taxBranchNumber').fill('1');
    await dialog.getByTestId('branch-eta-receiptPosSerial').fill(SERIAL);
    await dialog.getByTestId('branch-eta-receiptsOsVersion').fill('Windows 11');
    await dialog.getByTestId('branch-eta-receiptClientId').fill(`pos-${stamp}`);
    await dialog.getByTestId('branch-eta-receiptClientSecret').fill(`pos-secret-${stamp}`);
    await dialog.getByTestId('branch-eta-save').click();
    await expect(dialog).toBeHidden();
    await expect(owner.getByTestId(`branch-secret-${branchId}`)).toHaveText('محفوظ');
    const toggle = owner.getByTestId(`branch-e-receipts-${branchId}`);
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(owner.getByText(`تم تشغيل الإيصال الإلكتروني في ${BRANCH}`)).toBeVisible();
    await expect(toggle).toBeChecked();
    await owner.reload();
    await expect(toggle).toBeChecked();

    // --- A cashier of that branch, an item with stock there.
    const [inventory] = (await a.get(`/api/Inventories?branchId=${branchId}`)) as { id: string }[];
    const roles = (await a.get('/api/Roles')) as { id: string; name: string }[];
    await a.post('/api/Users', {
      username: `etac${stamp}`,
      displayName: `كاشير الإيصالات ${stamp}`,
      password: 'password-123',
      roleId: roles.find((r) => r.name === 'كاشير')!.id,
      branchId,
    });
    const item = (
      (await a.get(`/api/variants?inventoryId=${inventory.id}&pageSize=200`)) as {
        barcodes: string[];
        active: boolean;
        onHand?: number;
        sellPrice: number;
      }[]
    ).find((v) => v.active && v.barcodes.length > 0 && (v.onHand ?? 0) >= 3 && v.sellPrice > 0)!;
    expect(item).toBeDefined();
    await signIn(cashier, `etac${stamp}`, 'password-123', { to: '/POS' });
    const panel = cashier.getByTestId('open-shift-panel');
    await expect(panel.or(cashier.getByTestId('pos-screen'))).toBeVisible();
    if (await panel.isVisible()) {
      await cashier.getByTestId('opening-cash').fill('100');
      await cashier.getByTestId('shift-register').fill('5');
      await cashier.getByTestId('open-shift-submit').click();
    }
    await expect(cashier.getByTestId('pos-screen')).toBeVisible();

    // --- /E-receipts of the branch, open before the sale; it must never reload.
    await signIn(watcher, 'admin', DEMO_PASSWORD, { to: '/E-receipts' });
    await expect(watcher.getByRole('heading', { level: 1 })).toHaveText('الإيصالات الإلكترونية');
    await watcher.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // ETA is busy for a moment (429, Retry-After 4 s): the receipt is seen pending first.
    await simFailures(owner.request, [{ type: '429', retryAfter: 4 }]);
    const number = await sellOne(cashier, item.barcodes[0]);

    // --- The print: the QR image and the UUID.
    const receipt = cashier.getByTestId('print-area').getByTestId('sale-receipt');
    await expect(receipt.getByTestId('receipt-number')).toHaveText(number);
    const qr = receipt.getByTestId('receipt-eta-qr');
    // (the print area is hidden on screen: only the print stylesheet shows it)
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    const printedUuid = (await receipt.getByTestId('receipt-eta-uuid').innerText()).trim();
    expect(printedUuid).toMatch(/^[0-9a-f]{64}$/);
    // ETA's QR text: the share link of this UUID with the total and the issuer's RIN
    const qrText = await qr.getAttribute('data-qr');
    expect(qrText).toContain(`/receipts/search/${printedUuid}/share/`);
    expect(qrText).toContain('IssuerRIN:100200300');
    // the issuer's tax registration number and ETA branch code, as sent (issue 30 item 25)
    await expect(receipt.getByTestId('receipt-eta-rin')).toHaveText(
      'رقم التسجيل الضريبي: 100200300',
    );
    await expect(receipt.getByTestId('receipt-eta-branch')).toHaveText(
      'كود الفرع بمصلحة الضرائب: 1',
    );
    // the image decodes to a real picture
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(50);
    await expect(receipt).toHaveAttribute('dir', 'rtl');

    // --- /E-receipts: the new receipt appears pending, then valid, live.
    const row = watcher.getByTestId('e-receipt-row').filter({ hasText: number });
    await expect(row).toHaveCount(1);
    const status = row.getByTestId('e-receipt-status');
    await expect(status).toHaveAttribute('data-status', /^(queued|submitted)$/);
    await expect(status).toHaveText(/في الانتظار|قيد التحقق/);
    await expect(status).toHaveAttribute('data-status', 'valid', { timeout: 30_000 });
    await expect(status).toHaveText('صالح');
    expect(
      await watcher.evaluate(
        () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
      ),
    ).toBe(true);

    // its page: the UUID printed, the exact JSON sent
    await row.click();
    await expect(watcher.getByTestId('e-receipt-uuid')).toHaveText(printedUuid);
    const json = watcher.getByTestId('e-receipt-json');
    await expect(json).toContainText(`"deviceSerialNumber": "${SERIAL}"`);
    await expect(json).toHaveAttribute('dir', 'ltr');

    // --- ETA finds the next receipt invalid: its error in Arabic.
    await simFailures(owner.request, [
      { type: 'invalid', code: 'RV004', message: 'Calculation is not valid: totalAmount' },
    ]);
    await openInApp(watcher, '/E-receipts');
    const second = await sellOne(cashier, item.barcodes[0]);
    const bad = watcher.getByTestId('e-receipt-row').filter({ hasText: second });
    await expect(bad.getByTestId('e-receipt-status')).toHaveAttribute('data-status', 'invalid', {
      timeout: 30_000,
    });
    await expect(bad.getByTestId('e-receipt-status')).toHaveText('غير صالح');
    await bad.click();
    const errors = watcher.getByTestId('e-receipt-error');
    await expect(errors).toHaveCount(1);
    await expect(errors).toContainText('حسابات الإيصال غير صحيحة');
    await expect(errors).toHaveAttribute('data-code', 'RV004');
    // the admin may issue the correction
    await expect(watcher.getByTestId('e-receipt-reissue')).toBeVisible();

    // --- A code we have no text for: a localised line naming it, ETA's own text under it.
    await simFailures(owner.request, [
      { type: 'invalid', code: 'EX901', message: 'A rule ETA added later' },
    ]);
    await openInApp(watcher, '/E-receipts');
    const third = await sellOne(cashier, item.barcodes[0]);
    const odd = watcher.getByTestId('e-receipt-row').filter({ hasText: third });
    await expect(odd.getByTestId('e-receipt-status')).toHaveAttribute('data-status', 'invalid', {
      timeout: 30_000,
    });
    await odd.click();
    const unknown = watcher.getByTestId('e-receipt-error');
    await expect(unknown).toHaveAttribute('data-code', 'EX901');
    await expect(unknown).toContainText('رفضت مصلحة الضرائب المستند (رمز EX901)');
    await expect(unknown.getByTestId('e-receipt-error-raw')).toHaveText('A rule ETA added later');
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
