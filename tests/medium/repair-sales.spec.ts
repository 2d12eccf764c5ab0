import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { MaintenanceStatus } from '@pos/contracts';
import { TEST_ETA_COMPANY } from '../fixtures/eta-company';
import { Client, createTestApp, createUserWith, openOwnShift, type TestApp } from './support/app';

// Issue 30 item 20: a repair delivered and paid — on /Maintenance/{id} (into a vault) and at the
// till (into the cashier's shift) — makes a sale document: numbered like every sale, listed with
// the invoices (and the shift when paid at the till), counted by the daily report and the shift's
// totals, posted to the books once (the ticket's settle entry; the sale posts nothing), the parts
// taken out of stock once (when used), and its e-receipt queued where the branch issues them.
describe('repair sales', () => {
  let t: TestApp;
  let admin: Client;
  let desk: Client;
  let deskUser: { id: string; username: string };
  let branchId: string;
  let inventoryId: string;
  let cash: string;

  beforeAll(async () => {
    process.env.ETA_WORKER = 'off';
    t = await createTestApp();
    admin = new Client(t.app, 'ar');
    await admin.signIn('admin');
    const info = await admin.put('/api/E-invoices/CompanyInfo', {
      ...TEST_ETA_COMPANY,
      erpClientSecret: 'erp-secret-repair-1234',
    });
    expect(info.status).toBe(200);
    // a branch that issues e-receipts
    const serial = `REPAIR-POS-${randomUUID().slice(0, 8)}`;
    const branch = await admin.post('/api/Branch', {
      name: `فرع صيانة ${serial}`,
      taxBranchNumber: '7',
      receiptPosSerial: serial,
      receiptClientId: `client-${serial}`,
      receiptClientSecret: 'pos-secret-repair-5678',
      receiptsOsVersion: 'linux',
    });
    expect(branch.status).toBe(201);
    branchId = branch.body.id;
    const on = await admin.put(`/api/E-invoices/CompanyInfo/branches/${branchId}`, {
      eReceiptsEnabled: true,
    });
    expect(on.status).toBe(200);
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const user = await createUserWith(
      t.ds,
      ['can_see_invoices', 'can_see_invoices_totals', 'can_return_products'],
      {
        branchId,
      },
    );
    deskUser = user;
    desk = new Client(t.app, 'ar');
    await desk.signIn(user.username, user.password);
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
  });
  afterAll(async () => {
    await t.close();
    delete process.env.ETA_WORKER;
  });

  const part = async () => {
    const product = await admin.post('/api/Products', {
      nameAr: `شاشة ${randomUUID().slice(0, 8)}`,
      vatRate: 14,
      variants: [
        {
          barcodes: [`R-${randomUUID().slice(0, 12)}`],
          sellPrice: 15_000,
          minSellPrice: 0,
          avgCost: 6_000,
          openingStock: [{ inventoryId, quantity: 10 }],
        },
      ],
    });
    expect(product.status).toBe(201);
    return product.body.variants[0].id as string;
  };
  const customer = async () => {
    const res = await admin.post('/api/Customers', {
      name: `عميل صيانة ${randomUUID().slice(0, 8)}`,
      phone: `011${String(Date.now()).slice(-8)}`,
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const move = (id: string, to: MaintenanceStatus, extra: object = {}) =>
    desk.post(`/api/Maintenance/${id}/status`, { to, ...extra });
  /** A ticket ready for delivery with its deposit, parts (2 × 150.00 of a new part) and labour. */
  const readyTicket = async (deposit: number, labour: number, withParts: boolean) => {
    const created = await desk.post('/api/Maintenance', {
      id: uuidv7(),
      customerId: await customer(),
      deviceType: 'phone',
      brand: 'شاومي',
      problem: 'الشاشة مكسورة',
      deposit,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await move(id, 'diagnosing')).status).toBe(200);
    const variantId = withParts ? await part() : null;
    if (variantId)
      expect(
        (await desk.post(`/api/Maintenance/${id}/parts`, { parts: [{ variantId, quantity: 2 }] }))
          .status,
      ).toBe(200);
    expect((await desk.patch(`/api/Maintenance/${id}`, { labour })).status).toBe(200);
    expect((await move(id, 'in_repair')).status).toBe(200);
    expect((await move(id, 'ready')).status).toBe(200);
    return { id, number: created.body.number as string, variantId };
  };
  const saleOf = async (ticketId: string) => {
    const rows = await t.ds.query(
      `SELECT id, number, shift_id, total::int, vat_total::int, paid_total::int, due_amount::int, cost_total::int
         FROM sales_invoices WHERE maintenance_ticket_id = $1`,
      [ticketId],
    );
    expect(rows).toHaveLength(1);
    return rows[0] as {
      id: string;
      number: string;
      shift_id: string | null;
      total: number;
      vat_total: number;
      paid_total: number;
      due_amount: number;
      cost_total: number;
    };
  };
  /** The books: every entry balanced, and the revenue of a ticket and its sale posted once. */
  const books = async (ticketId: string, saleId: string) => {
    const [unbalanced] = await t.ds.query(
      `SELECT count(*)::int AS n FROM (SELECT e.id FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
          WHERE e.source_id = ANY($1) GROUP BY e.id HAVING sum(l.debit) <> sum(l.credit)) x`,
      [[ticketId, saleId]],
    );
    expect(unbalanced.n).toBe(0);
    const [row] = await t.ds.query(
      `SELECT COALESCE(sum(l.credit - l.debit) FILTER (WHERE a.system_key IN ('repair_revenue', 'sales')), 0)::int AS revenue,
              COALESCE(sum(l.credit - l.debit) FILTER (WHERE a.system_key = 'vat_output'), 0)::int AS vat,
              count(*) FILTER (WHERE e.source_type = 'sale')::int AS sale_lines
         FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
        WHERE e.source_id = ANY($1)`,
      [[ticketId, saleId]],
    );
    return row as { revenue: number; vat: number; sale_lines: number };
  };
  const eReceipt = async (saleId: string) =>
    (await t.ds.query(
      `SELECT kind, status, receipt_number, json FROM e_receipts WHERE sale_id = $1`,
      [saleId],
    )) as { kind: string; status: string; receipt_number: string; json: string }[];

  it('delivered and paid into a vault on /Maintenance/{id}: a sale document, its e-receipt, the books once', async () => {
    const ticket = await readyTicket(10_000, 5_000, true);
    const report = async () =>
      (await admin.get(`/api/DailyReport?branchId=${branchId}`)).body as {
        invoiceCount: number;
        sales: number;
        vat: number;
      };
    const before = await report();
    const delivered = await move(ticket.id, 'delivered');
    expect(delivered.status).toBe(200);
    // 300.00 of parts + 50.00 labour = 350.00, VAT 42.98 included; 100.00 deposit, 250.00 now
    expect(delivered.body).toMatchObject({ paid: 25_000, vat: 4_298 });

    const sale = await saleOf(ticket.id);
    expect(sale.number).toMatch(/^[A-Z0-9]+-R01-\d{6}$/);
    expect(sale).toMatchObject({
      shift_id: null,
      total: 35_000,
      vat_total: 4_298,
      paid_total: 35_000,
      due_amount: 0,
      cost_total: 12_000,
    });
    expect(delivered.body).toMatchObject({ saleId: sale.id, saleNumber: sale.number });
    const lines = await t.ds.query(
      `SELECT l.variant_id, v.sku, l.quantity::int, l.unit_price::int, l.line_total::int, l.vat_rate, l.vat_amount::int
         FROM sale_lines l JOIN variants v ON v.id = l.variant_id WHERE l.invoice_id = $1 ORDER BY l.line_no`,
      [sale.id],
    );
    expect(lines).toEqual([
      expect.objectContaining({ sku: 'SRV-REPAIR', quantity: 1, line_total: 5_000, vat_rate: 14 }),
      expect.objectContaining({
        variant_id: ticket.variantId,
        quantity: 2,
        unit_price: 15_000,
        line_total: 30_000,
        vat_rate: 14,
      }),
    ]);
    expect(lines.reduce((s: number, l: { vat_amount: number }) => s + l.vat_amount, 0)).toBe(4_298);
    // no payment row: the money went into the vault (its movement), not a till
    expect(
      await t.ds.query('SELECT 1 FROM sale_payments WHERE invoice_id = $1', [sale.id]),
    ).toEqual([]);

    // listed with the branch's invoices, opened like any sale
    const list = await admin.get(`/api/invoices?branchId=${branchId}&pageSize=50`);
    expect(list.status).toBe(200);
    expect(list.body.map((r: { number: string }) => r.number)).toContain(sale.number);
    const one = await admin.get(`/api/invoices/${sale.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ number: sale.number, total: 35_000 });

    // counted by the daily report
    const after = await report();
    expect(after.invoiceCount).toBe(before.invoiceCount + 1);
    expect(after.sales).toBe(before.sales + 35_000);
    expect(after.vat).toBe(before.vat + 4_298);

    // the parts left stock once (when used), nothing when sold
    const movements = await t.ds.query(
      `SELECT quantity::int, reason FROM stock_movements WHERE variant_id = $1 AND reason <> 'opening' ORDER BY at`,
      [ticket.variantId],
    );
    expect(movements).toEqual([{ quantity: -2, reason: 'repair' }]);

    // the books: balanced, revenue and VAT once (the ticket's settle), nothing posted for the sale
    expect(await books(ticket.id, sale.id)).toEqual({
      revenue: 35_000 - 4_298,
      vat: 4_298,
      sale_lines: 0,
    });

    // its e-receipt, queued in the sale's transaction, the labour as the service item
    const [receipt] = await eReceipt(sale.id);
    expect(receipt).toMatchObject({ kind: 's', status: 'queued', receipt_number: sale.number });
    expect(receipt.json).toContain(`EG-${TEST_ETA_COMPANY.rin}-SRV-REPAIR`);

    // a repair's sale is neither returned nor edited at the till
    const shiftId = await openOwnShift(t, desk, deskUser.username, branchId, 60);
    expect(shiftId).toEqual(expect.any(String));
    const [{ id: saleLineId }] = await t.ds.query(
      'SELECT id FROM sale_lines WHERE invoice_id = $1 ORDER BY line_no DESC LIMIT 1',
      [sale.id],
    );
    const back = await desk.post(`/api/invoices/${sale.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId, quantity: 1 }],
    });
    expect(back.status).toBe(409);
    expect(back.body.code).toBe('SALE_IS_REPAIR');
  });

  it("paid at the till: the sale is in the cashier's shift, the drawer counts it once", async () => {
    const shiftId = await openOwnShift(t, desk, deskUser.username, branchId, 70);
    const ticket = await readyTicket(2_000, 11_400, false);
    const current = async () => (await desk.get('/api/Shift/current')).body;
    const before = (await current()).totals;
    const paid = await move(ticket.id, 'delivered', { methodId: cash });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ paid: 9_400, vat: 1_400 });

    const sale = await saleOf(ticket.id);
    expect(sale).toMatchObject({ shift_id: shiftId, total: 11_400, vat_total: 1_400 });
    expect(sale.number).toMatch(/^[A-Z0-9]+-R\d{2}-\d{6}$/);
    expect(paid.body.saleNumber).toBe(sale.number);
    const payments = await t.ds.query(
      'SELECT method_id, amount::int, kind, shift_id FROM sale_payments WHERE invoice_id = $1',
      [sale.id],
    );
    expect(payments).toEqual([
      { method_id: cash, amount: 9_400, kind: 'payment', shift_id: shiftId },
    ]);

    // the shift's totals: one more invoice, its sales, its cash once (not the sale and the ticket)
    const after = (await current()).totals;
    expect(after.invoiceCount).toBe(before.invoiceCount + 1);
    expect(after.sales).toBe(before.sales + 11_400);
    expect(after.vat).toBe(before.vat + 1_400);
    expect(after.expectedCash).toBe(before.expectedCash + 9_400);
    const [tally] = await t.ds.query(
      'SELECT invoice_count, sales::int FROM shift_sales_tallies WHERE shift_id = $1',
      [shiftId],
    );
    expect(tally).toEqual({ invoice_count: after.invoiceCount, sales: after.sales });
    const inShift = await admin.get(`/api/invoices?shiftId=${shiftId}&pageSize=50`);
    expect(inShift.body.map((r: { number: string }) => r.number)).toContain(sale.number);

    expect(await books(ticket.id, sale.id)).toEqual({
      revenue: 10_000,
      vat: 1_400,
      sale_lines: 0,
    });
    const [receipt] = await eReceipt(sale.id);
    expect(receipt).toMatchObject({ kind: 's', status: 'queued', receipt_number: sale.number });

    // the shift closes with the drawer's cash exactly
    const closing = await desk.post(`/api/Shift/${shiftId}/close`, {
      countedCash: after.expectedCash,
    });
    expect(closing.status).toBe(201);
    expect(closing.body.difference ?? 0).toBe(0);
  });

  it('a deposit larger than the bill at the till: the change given back is a refund of the sale', async () => {
    const shiftId = await openOwnShift(t, desk, deskUser.username, branchId, 80);
    const ticket = await readyTicket(5_000, 3_000, false);
    const before = (await desk.get('/api/Shift/current')).body.totals;
    const paid = await move(ticket.id, 'delivered', { methodId: cash });
    expect(paid.status).toBe(200);
    expect(paid.body.paid).toBe(-2_000);
    const sale = await saleOf(ticket.id);
    expect(sale).toMatchObject({ shift_id: shiftId, total: 3_000, paid_total: 3_000 });
    expect(
      await t.ds.query('SELECT amount::int, kind FROM sale_payments WHERE invoice_id = $1', [
        sale.id,
      ]),
    ).toEqual([{ amount: 2_000, kind: 'refund' }]);
    const after = (await desk.get('/api/Shift/current')).body.totals;
    expect(after.invoiceCount).toBe(before.invoiceCount + 1);
    expect(after.expectedCash).toBe(before.expectedCash - 2_000);
    expect(await books(ticket.id, sale.id)).toEqual({
      revenue: 3_000 - 368,
      vat: 368,
      sale_lines: 0,
    });
  });

  it('a ticket with nothing to bill makes no sale', async () => {
    const ticket = await readyTicket(0, 0, false);
    expect((await move(ticket.id, 'delivered')).status).toBe(200);
    expect(
      await t.ds.query('SELECT 1 FROM sales_invoices WHERE maintenance_ticket_id = $1', [
        ticket.id,
      ]),
    ).toEqual([]);
  });
});
