import { v7 as uuidv7 } from 'uuid';
import { encodeLabels, encodeReceipt, toRaster, type Raster } from '@pos/contracts';
import { startVirtualPrinter, type VirtualPrinter } from '../support-virtual-printer';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// Issue 35 item 4 (docs/decisions/0114): a till's label printer (ZPL or TSPL, its address and
// label size) set beside its receipt printer, and the server's relay of labels to it — only labels
// in the printer's language go there; the receipt printer is left as it was.
describe('labels relay', () => {
  let t: TestApp;
  let admin: Client;
  let receipts: VirtualPrinter;
  let labels: VirtualPrinter;
  let deviceId: string;

  const label = (): Raster => {
    const w = 320;
    const h = 200;
    const px = new Uint8ClampedArray(w * h * 4).fill(255);
    for (let x = 10; x < 300; x++) px.fill(0, (100 * w + x) * 4, (100 * w + x) * 4 + 3);
    return toRaster(px, w, h);
  };
  const job = (language: 'zpl' | 'tspl', copies: number) =>
    Buffer.from(
      encodeLabels({ language, size: '40x25', labels: [{ raster: label(), copies }] }),
    ).toString('base64');
  const receiptPrinter = (address: string) => ({
    printerKind: 'network',
    printerAddress: address,
    paperWidth: 80,
    codePage: null,
    drawer: false,
  });

  beforeAll(async () => {
    t = await createTestApp();
    receipts = await startVirtualPrinter();
    labels = await startVirtualPrinter();
    admin = new Client(t.app);
    await admin.signIn('admin');
    deviceId = uuidv7();
    expect((await admin.post('/api/PosDevices', { id: deviceId, name: 'ملصقات' })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    await receipts.close();
    await labels.close();
    await t.close();
  });

  it('has no label printer until one is set: 409', async () => {
    const res = await admin.post(`/api/PosDevices/${deviceId}/print`, {
      data: job('zpl', 1),
      target: 'label',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NO_LABEL_PRINTER');
  });

  it('sets the label printer beside the receipt printer (audited) and keeps it when left out', async () => {
    const set = await admin.put(`/api/PosDevices/${deviceId}/printer`, {
      ...receiptPrinter(receipts.address),
      labelLanguage: 'zpl',
      labelPrinterAddress: labels.address,
      labelSize: '50x30',
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      printerAddress: receipts.address,
      labelLanguage: 'zpl',
      labelPrinterAddress: labels.address,
      labelSize: '50x30',
    });
    // the receipt printer's form without the label fields leaves the label printer as it was
    const again = await admin.put(
      `/api/PosDevices/${deviceId}/printer`,
      receiptPrinter(receipts.address),
    );
    expect(again.body).toMatchObject({ labelLanguage: 'zpl', labelSize: '50x30' });
    const [audit] = await t.ds.query(
      `SELECT after FROM audit_logs WHERE action = 'pos_device.printer' AND entity_id = $1
        ORDER BY id LIMIT 1`,
      [deviceId],
    );
    expect(audit.after).toMatchObject({
      labelLanguage: 'zpl',
      labelPrinterAddress: labels.address,
    });
  });

  it('refuses a bad label printer: 400 naming the fields by their labels', async () => {
    const bad = await admin.put(`/api/PosDevices/${deviceId}/printer`, {
      ...receiptPrinter(receipts.address),
      labelLanguage: 'epl',
      labelPrinterAddress: 'not a host',
      labelSize: '10x10',
    });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body);
    expect(text).toContain('لغة طابعة الملصقات');
    expect(text).toContain('عنوان طابعة الملصقات');
    expect(text).toContain('مقاس الملصق');
  });

  it('relays ZPL labels to the label printer, not the receipt printer', async () => {
    const cashier = new Client(t.app);
    const [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    const user = await createUserWith(t.ds, [], { branchId });
    await cashier.signIn(user.username, user.password);
    const res = await cashier.post(`/api/PosDevices/${deviceId}/print`, {
      data: job('zpl', 3),
      target: 'label',
    });
    expect(res.status).toBe(204);
    const printed = await labels.nextJob();
    expect(printed.labels?.language).toBe('zpl');
    expect(printed.labels?.labels).toHaveLength(3);
    expect(printed.labels?.labels[0]).toMatchObject({ width: 320, height: 200 });
    expect(receipts.jobs).toHaveLength(0);
  });

  it('refuses what is not labels in the printer language (400), and ESC/POS there', async () => {
    const tspl = await admin.post(`/api/PosDevices/${deviceId}/print`, {
      data: job('tspl', 1),
      target: 'label',
    });
    expect(tspl.status).toBe(400);
    expect(tspl.body.code).toBe('NOT_A_LABEL_JOB');
    const escPos = Buffer.from(
      encodeReceipt({ raster: toRaster(new Uint8ClampedArray(8 * 4), 8, 1) }),
    ).toString('base64');
    const wrong = await admin.post(`/api/PosDevices/${deviceId}/print`, {
      data: escPos,
      target: 'label',
    });
    expect(wrong.status).toBe(400);
    const target = await admin.post(`/api/PosDevices/${deviceId}/print`, {
      data: escPos,
      target: 'drawer',
    });
    expect(target.status).toBe(400);
  });

  it('relays TSPL to a TSPL printer; 502 when the printer does not answer', async () => {
    await admin.put(`/api/PosDevices/${deviceId}/printer`, {
      ...receiptPrinter(receipts.address),
      labelLanguage: 'tspl',
      labelPrinterAddress: labels.address,
      labelSize: '40x25',
    });
    expect(
      (
        await admin.post(`/api/PosDevices/${deviceId}/print`, {
          data: job('tspl', 2),
          target: 'label',
        })
      ).status,
    ).toBe(204);
    const printed = await labels.nextJob();
    expect(printed.labels?.language).toBe('tspl');
    expect(printed.labels?.labels).toHaveLength(2);
    expect([printed.labels?.width, printed.labels?.height]).toEqual([320, 200]);
    await admin.put(`/api/PosDevices/${deviceId}/printer`, {
      ...receiptPrinter(receipts.address),
      labelPrinterAddress: '127.0.0.1:1',
    });
    const down = await admin.post(`/api/PosDevices/${deviceId}/print`, {
      data: job('tspl', 1),
      target: 'label',
    });
    expect(down.status).toBe(502);
  });
});
