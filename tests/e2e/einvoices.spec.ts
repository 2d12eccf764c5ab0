import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { p12File } from '../fixtures/eta-company';
import { ensureDocuments } from './documents';
import { dismissLowStockWhenShown, openInApp, serverPort, signIn } from './support';

// Issue 17 item 4: an e-invoice from a sale, signed with a PKCS#12 seal, sent to the local ETA
// simulator, moves to valid live on its page; then it is cancelled with a reason. The simulator
// runs in this process on the port the server was pointed at (playwright.config.ts ETA_SIM_URL).

const SIM_PORT = serverPort() + 1500;
type Sim = { start(): Promise<string>; stop(): Promise<void> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { EtaSimulator } = require(
  resolve(__dirname, '../../dist/server/src/eta-sim/eta-simulator.js'),
) as { EtaSimulator: new (o: { port: number }) => Sim };

let sim: Sim;
test.beforeAll(async () => {
  sim = new EtaSimulator({ port: SIM_PORT });
  await sim.start();
});
test.afterAll(async () => {
  await sim.stop();
});

test('an e-invoice from a sale becomes valid live, then is cancelled with a reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await dismissLowStockWhenShown(page);
  await signIn(page, 'admin');
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
    csrfToken: string;
  };
  const put = async (path: string, data: unknown) => {
    const res = await page.request.put(path, { headers: { 'X-CSRF-Token': csrfToken }, data });
    expect(res.ok(), `${path} → ${res.status()} ${await res.text()}`).toBe(true);
  };
  await put('/api/E-invoices/CompanyInfo', {
    rin: '100200300',
    name: 'متجر العرض',
    activityCode: '4711',
    country: 'EG',
    governate: 'القاهرة',
    regionCity: 'وسط البلد',
    street: 'طلعت حرب',
    buildingNumber: '10',
    environment: 'sim',
    erpClientId: 'e2e-erp',
    erpClientSecret: 'e2e-erp-secret',
  });
  // Issue 30 item 22: with no signer the e-invoice page says what is missing and links to where
  // it is set; the seal is uploaded there (a wrong password is refused), then its certificate shows
  const signer = (await (await page.request.get('/api/E-invoices/CompanyInfo/signer')).json()) as {
    kind: string | null;
  };
  if (!signer.kind) {
    await openInApp(page, '/E-invoices');
    const missing = page.getByTestId('einvoice-signer-missing');
    await expect(missing).toContainText('لم يُضبط توقيع الفواتير الإلكترونية بعد');
    await missing.getByTestId('einvoice-signer-missing-fix').click();
    await expect(page).toHaveURL(/\/E-invoices\/CompanyInfo$/);
  } else await openInApp(page, '/E-invoices/CompanyInfo');
  const card = page.getByTestId('eta-signer');
  await card.getByTestId('eta-signer-file').setInputFiles(p12File('e2e-seal'));
  await expect(card.getByTestId('eta-signer-file-name')).toHaveText('seal.p12');
  await card.getByTestId('eta-signer-password').fill('wrong-password');
  await card.getByTestId('eta-signer-save').click();
  await expect(card.getByTestId('eta-signer-error')).toContainText('تعذّر فتح ملف الختم الإلكتروني');
  await card.getByTestId('eta-signer-password').fill('e2e-seal');
  await card.getByTestId('eta-signer-save').click();
  await expect(card.getByTestId('eta-signer-certificate')).toContainText('CN=Test Sealing');
  await expect(card.getByTestId('eta-signer-expiry')).toContainText('تنتهي في');
  await expect(card.getByTestId('eta-signer-file-name')).toHaveText('ملف الختم محفوظ (مشفّر)');
  // write-only: the page never gets the file or the password back
  const after = await (await page.request.get('/api/E-invoices/CompanyInfo/signer')).text();
  expect(after).not.toContain('e2e-seal');
  expect(after).toContain('"hasP12File":true');
  await openInApp(page, '/E-invoices');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('einvoice-signer-missing')).toHaveCount(0);
  const docs = await ensureDocuments(page.request);

  await openInApp(page, '/E-invoices/New');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('فاتورة إلكترونية جديدة');
  await page.getByTestId('sale-number').fill(docs.invoiceNumber);
  await page.getByTestId('sale-find').click();
  await expect(page.getByTestId('sale-found')).toContainText(docs.invoiceNumber);
  // the receiver: a business needs a 9-digit RIN; a wrong one is caught before sending
  await page.getByTestId('receiver-id').fill('12345');
  await page.getByTestId('receiver-name').fill('شركة النيل للتوريدات');
  await page.getByTestId('receiver-governate').fill('الجيزة');
  await page.getByTestId('receiver-regionCity').fill('الدقي');
  await page.getByTestId('receiver-street').fill('التحرير');
  await page.getByTestId('receiver-buildingNumber').fill('5');
  await page.getByTestId('einvoice-submit').click();
  await expect(page.getByTestId('einvoice-problems')).toContainText('رقم المستلم لا يطابق نوعه');
  await page.getByTestId('receiver-id').fill('200300400');
  await page.getByTestId('einvoice-submit').click();

  await expect(page).toHaveURL(/\/E-invoices\/[0-9a-f-]{36}$/);
  // queued → submitted → valid, pushed live by the worker (no reload)
  await expect(page.getByTestId('einvoice-detail-status')).toHaveAttribute('data-status', 'valid', {
    timeout: 45_000,
  });
  await expect(page.getByTestId('einvoice-detail-status')).toHaveText('صالحة');
  await expect(page.getByTestId('einvoice-uuid')).toHaveText(/^[A-Z0-9]{26}$/);
  await expect(page.getByTestId('einvoice-json')).toContainText('"signatureType": "I"');

  await page.getByTestId('einvoice-cancel').click();
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByTestId('einvoice-state-confirm') });
  await dialog.getByTestId('einvoice-state-confirm').click();
  await expect(dialog.getByText('أدخل السبب')).toBeVisible();
  await page.getByTestId('einvoice-state-reason-input').fill('خطأ في السعر');
  await dialog.getByTestId('einvoice-state-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('einvoice-detail-status')).toHaveAttribute(
    'data-status',
    'cancelled',
    { timeout: 45_000 },
  );
  await expect(page.getByTestId('einvoice-state-reason')).toContainText('خطأ في السعر');

  await openInApp(page, '/E-invoices');
  const number = await page.request
    .get(page.url().replace(/\/E-invoices$/, '/api/E-invoices/documents?status=cancelled'))
    .then(async (r) => ((await r.json()) as { internalId: string }[])[0].internalId);
  await page.getByTestId('einvoices-search').fill(number);
  await expect(page.getByTestId('einvoice-row')).toHaveCount(1);
  await expect(page.getByTestId('einvoice-row').getByTestId('einvoice-status')).toHaveText('ملغاة');
});
