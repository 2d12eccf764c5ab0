import { v7 as uuidv7 } from 'uuid';
import { encodeDrawerPulse, encodeReceipt, toRaster } from '@pos/contracts';
import { startVirtualPrinter, type VirtualPrinter } from '../support-virtual-printer';
import { PrintBridge } from '../../server/src/print-bridge/print-bridge';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// Issue 35 items 1–2 (docs/decisions/0113): a till's printer set by an administrator, the server's
// relay of ESC/POS bytes to a network printer (branch and permission checked, bad input 400 naming
// the field by its label), and "open drawer" without a sale (can_open_cash_drawer, audited).
describe('printing', () => {
  let t: TestApp;
  let admin: Client;
  let printer: VirtualPrinter;
  let branchId: string;
  let otherBranchId: string;
  let deviceId: string;
  let otherDeviceId: string;

  const signedIn = async (permissions: Parameters<typeof createUserWith>[1], branch = branchId) => {
    const user = await createUserWith(t.ds, permissions, { branchId: branch });
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    return c;
  };
  const printerOf = (address: string, drawer = true) => ({
    printerKind: 'network',
    printerAddress: address,
    paperWidth: 80,
    codePage: null,
    drawer,
  });
  const receipt = (drawer: boolean) => {
    const w = 576;
    const px = new Uint8ClampedArray(w * 40 * 4).fill(255);
    for (let x = 0; x < w; x++) px[(20 * w + x) * 4] = px[(20 * w + x) * 4 + 1] = 0;
    for (let x = 0; x < w; x++) px[(20 * w + x) * 4 + 2] = 0;
    return Buffer.from(encodeReceipt({ raster: toRaster(px, w, 40), drawer })).toString('base64');
  };

  beforeAll(async () => {
    t = await createTestApp();
    printer = await startVirtualPrinter();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    otherBranchId = uuidv7();
    await t.ds.query(`INSERT INTO branches (id, name) VALUES ($1, $2)`, [
      otherBranchId,
      `فرع طابعة ${otherBranchId.slice(-6)}`,
    ]);
    deviceId = uuidv7();
    expect((await admin.post('/api/PosDevices', { id: deviceId, name: 'طابعة' })).status).toBe(201);
    otherDeviceId = uuidv7();
    await t.ds.query(
      `INSERT INTO pos_devices (id, branch_id, name, number, receipt_prefix)
       VALUES ($1, $2, 'بعيد', 1, $3)`,
      [otherDeviceId, otherBranchId, `P${otherDeviceId.slice(-8)}`],
    );
  });
  afterAll(async () => {
    await printer.close();
    await t.close();
  });

  it('sets a till printer (administrators, audited) and the till reads it', async () => {
    const fresh = await admin.get(`/api/PosDevices/${deviceId}/printer`);
    expect(fresh.body).toEqual({
      printerKind: 'browser',
      printerAddress: null,
      paperWidth: 80,
      codePage: null,
      drawer: false,
      printBridgeUrl: null,
      labelLanguage: null,
      labelPrinterAddress: null,
      labelSize: '40x25',
    });
    const cashier = await signedIn([]);
    expect(
      (await cashier.put(`/api/PosDevices/${deviceId}/printer`, printerOf(printer.address))).status,
    ).toBe(403);
    const set = await admin.put(`/api/PosDevices/${deviceId}/printer`, printerOf(printer.address));
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      printerKind: 'network',
      printerAddress: printer.address,
      drawer: true,
    });
    expect((await cashier.get(`/api/PosDevices/${deviceId}/printer`)).body.printerAddress).toBe(
      printer.address,
    );
    const [audit] = await t.ds.query(
      `SELECT before, after FROM audit_logs WHERE action = 'pos_device.printer' AND entity_id = $1`,
      [deviceId],
    );
    expect(audit.before).toMatchObject({ printerKind: 'browser' });
    expect(audit.after).toMatchObject({ printerKind: 'network', paperWidth: 80 });
  });

  it('refuses a bad printer: 400 naming the field by its label', async () => {
    const bad = await admin.put(`/api/PosDevices/${deviceId}/printer`, {
      ...printerOf('not a host'),
      paperWidth: 70,
    });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body);
    expect(text).toContain('عنوان الطابعة');
    expect(text).toContain('عرض الورق');
    const noAddress = await admin.put(`/api/PosDevices/${deviceId}/printer`, {
      ...printerOf(''),
      printerAddress: null,
    });
    expect(noAddress.status).toBe(400);
    expect(JSON.stringify(noAddress.body)).toContain('عنوان الطابعة');
  });

  it('relays a receipt to the network printer for a person of the branch', async () => {
    const cashier = await signedIn([]);
    const res = await cashier.post(`/api/PosDevices/${deviceId}/print`, { data: receipt(true) });
    expect(res.status).toBe(204);
    const job = await printer.nextJob();
    expect(job).toMatchObject({ inits: 1, pulses: 1, cuts: 1, unknown: 0 });
    expect(job.raster).toMatchObject({ width: 576, height: 40 });
  });

  it("refuses another branch's till (404), bad data (400), a job too large (400 or 413)", async () => {
    const cashier = await signedIn([]);
    expect(
      (await cashier.post(`/api/PosDevices/${otherDeviceId}/print`, { data: receipt(false) }))
        .status,
    ).toBe(404);
    const notBase64 = await cashier.post(`/api/PosDevices/${deviceId}/print`, { data: '%%%' });
    expect(notBase64.status).toBe(400);
    expect(JSON.stringify(notBase64.body)).toContain('بيانات الطباعة');
    expect((await cashier.post(`/api/PosDevices/${deviceId}/print`, {})).status).toBe(400);
    const huge = await cashier.post(`/api/PosDevices/${deviceId}/print`, {
      data: 'A'.repeat(950 * 1024),
    });
    expect([400, 413]).toContain(huge.status);
    expect(
      (await cashier.post(`/api/PosDevices/not-a-uuid/print`, { data: receipt(false) })).status,
    ).toBe(400);
  });

  it('answers 502 when the printer does not answer, 409 for a till without a network printer', async () => {
    const gone = await startVirtualPrinter();
    await gone.close();
    await admin.put(`/api/PosDevices/${deviceId}/printer`, printerOf(gone.address));
    const res = await admin.post(`/api/PosDevices/${deviceId}/print`, { data: receipt(false) });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PRINTER_UNREACHABLE');
    await admin.put(`/api/PosDevices/${deviceId}/printer`, {
      ...printerOf(''),
      printerKind: 'usb',
      printerAddress: null,
    });
    const none = await admin.post(`/api/PosDevices/${deviceId}/print`, { data: receipt(false) });
    expect(none.status).toBe(409);
    await admin.put(`/api/PosDevices/${deviceId}/printer`, printerOf(printer.address));
  });

  it('opens the drawer without a sale only with can_open_cash_drawer, audited; the relay is no way around it', async () => {
    const cashier = await signedIn([]);
    expect((await cashier.post(`/api/PosDevices/${deviceId}/drawer`)).status).toBe(403);
    const pulseOnly = Buffer.from(encodeDrawerPulse()).toString('base64');
    expect(
      (await cashier.post(`/api/PosDevices/${deviceId}/print`, { data: pulseOnly })).status,
    ).toBe(403);
    expect(printer.jobs.length).toBe(1);

    const manager = await signedIn(['can_open_cash_drawer']);
    const open = await manager.post(`/api/PosDevices/${deviceId}/drawer`);
    expect(open.status).toBe(201);
    expect(open.body).toEqual({ opened: 'server' });
    const job = await printer.nextJob();
    expect(job).toMatchObject({ pulses: 1, cuts: 0, raster: null });
    const audits = await t.ds.query(
      `SELECT user_id FROM audit_logs WHERE action = 'pos_device.open-drawer' AND entity_id = $1`,
      [deviceId],
    );
    expect(audits).toHaveLength(1);
    // another branch's till: not found, nothing recorded
    const far = await signedIn(['can_open_cash_drawer']);
    expect((await far.post(`/api/PosDevices/${otherDeviceId}/drawer`)).status).toBe(404);
  });
});

// The shop's LAN bridge (npm run print-bridge): the same relay without the server.
describe('print bridge', () => {
  let printer: VirtualPrinter;
  let bridge: PrintBridge;
  let url: string;
  const job = (body: object, origin = 'https://pos.example') =>
    fetch(`${url}/print`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    printer = await startVirtualPrinter();
    bridge = new PrintBridge({
      port: 0,
      host: '127.0.0.1',
      origins: ['https://pos.example'],
      printers: [printer.address],
    });
    url = await bridge.start();
  });
  afterAll(async () => {
    await bridge.stop();
    await printer.close();
  });

  it('relays a job from an allowed origin to an allowed printer, with CORS and private-network headers', async () => {
    const pre = await fetch(`${url}/print`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://pos.example', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://pos.example');
    expect(pre.headers.get('access-control-allow-private-network')).toBe('true');
    const data = Buffer.from(encodeDrawerPulse()).toString('base64');
    const res = await job({ printer: printer.address, data });
    expect(res.status).toBe(204);
    expect(await printer.nextJob()).toMatchObject({ inits: 1, pulses: 1 });
  });

  it('refuses other origins, other printers, bad data; 502 for a printer that does not answer', async () => {
    const data = Buffer.from(encodeDrawerPulse()).toString('base64');
    expect((await job({ printer: printer.address, data }, 'https://evil.example')).status).toBe(
      403,
    );
    expect((await job({ printer: '10.0.0.1:9100', data })).status).toBe(400);
    expect((await job({ printer: printer.address, data: '%%' })).status).toBe(400);
    const open = new PrintBridge({ port: 0, host: '127.0.0.1', origins: [], printers: [] });
    const openUrl = await open.start();
    const far = await fetch(`${openUrl}/print`, {
      method: 'POST',
      body: JSON.stringify({ printer: '127.0.0.1:22', data }),
    });
    expect(far.status).toBe(400); // only port 9100 without a list of printers
    const gone = await startVirtualPrinter();
    await gone.close();
    const bridge2 = new PrintBridge({
      port: 0,
      host: '127.0.0.1',
      origins: [],
      printers: [gone.address],
    });
    const url2 = await bridge2.start();
    const res = await fetch(`${url2}/print`, {
      method: 'POST',
      body: JSON.stringify({ printer: gone.address, data }),
    });
    expect(res.status).toBe(502);
    await bridge2.stop();
    await open.stop();
    expect(printer.jobs).toHaveLength(1);
  });
});
