import { createHash, randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import {
  checkEtaReceiptEquations,
  etaReceiptUuid,
  priceSaleLines,
  type PricingRulesDto,
} from '@pos/contracts';
import { EtaSimulator } from '../../server/src/eta-sim/eta-simulator';
import { EtaSubmissionService } from '../../server/src/modules/einvoicing';
import { TEST_ETA_COMPANY } from '../fixtures/eta-company';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// Issue 33 items 6–7 (docs/decisions/0089, 0090): a sale priced with a promotion and a coupon
// promotion, and the cashier's own discount on top. Its e-receipt names each promotion as a
// commercial discount and is valid at the ETA simulator; the books post what the promotions gave
// on their own account; the PromotionEffect report counts it per promotion and code.
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('promotions: the e-receipt, the books and the effect report', () => {
  let t: TestApp;
  let admin: Client;
  let sim: EtaSimulator;
  let worker: EtaSubmissionService;
  let cashier: Client;
  let branchId: string;
  let serial: string;
  let deviceId: string;
  let cash: string;
  let today: string;
  let variantId: string;
  let productId: string;
  let offId: string;
  let couponId: string;
  let code: string;
  let receiptNo = 0;

  beforeAll(async () => {
    process.env.ETA_WORKER = 'off';
    sim = new EtaSimulator();
    process.env.ETA_SIM_URL = await sim.start();
    t = await createTestApp();
    worker = t.app.get(EtaSubmissionService);
    worker.settings = { ...worker.settings, retryBaseMs: 20, retryMaxMs: 200, pollMs: 20 };
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    [{ today }] = await t.ds.query(
      `SELECT to_char((now() AT TIME ZONE COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), 'Africa/Cairo'))::date, 'YYYY-MM-DD') AS today`,
    );
    expect(
      (
        await admin.put('/api/E-invoices/CompanyInfo', {
          ...TEST_ETA_COMPANY,
          erpClientSecret: 'erp-secret-never-shown-1234',
        })
      ).status,
    ).toBe(200);
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    serial = `PROMO-POS-${randomUUID().slice(0, 8)}`;
    const branch = await admin.post('/api/Branch', {
      name: `فرع العروض ${serial}`,
      taxBranchNumber: '7',
      receiptPosSerial: serial,
      receiptClientId: `client-${serial}`,
      receiptClientSecret: 'pos-secret-never-shown-5678',
      receiptsOsVersion: 'linux',
    });
    expect(branch.status).toBe(201);
    branchId = branch.body.id;
    expect(
      (
        await admin.put(`/api/E-invoices/CompanyInfo/branches/${branchId}`, {
          eReceiptsEnabled: true,
        })
      ).status,
    ).toBe(200);
    const [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const product = await admin.post('/api/Products', {
      nameAr: `صنف بعرض ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`PE-${randomUUID().slice(0, 12)}`],
          sellPrice: 2000,
          avgCost: 1000,
          openingStock: [{ inventoryId, quantity: 100 }],
        },
      ],
    });
    expect(product.status).toBe(201);
    productId = product.body.id;
    variantId = product.body.variants[0].id;
    const off = await admin.post('/api/Promotions', {
      name: 'خصم 3 جنيه',
      kind: 'item-discount',
      branchIds: [branchId],
      target: { variantIds: [variantId] },
      off: { amount: 300 },
    });
    expect(off.status).toBe(201);
    offId = off.body.id;
    const coupon = await admin.post('/api/Promotions', {
      name: 'كوبون "العيد"',
      kind: 'item-discount',
      coupon: true,
      stackable: true,
      branchIds: [branchId],
      target: { variantIds: [variantId] },
      off: { amount: 150 },
    });
    expect(coupon.status).toBe(201);
    couponId = coupon.body.id;
    code = `EID-${randomUUID().slice(0, 6)}`.toUpperCase();
    expect(
      (await admin.post('/api/Coupons', { promotionId: couponId, code, maxUses: 10 })).status,
    ).toBe(201);
    const user = await createUserWith(t.ds, [], { branchId });
    await t.ds.query('UPDATE users SET max_discount_percent = 50 WHERE id = $1', [user.id]);
    cashier = new Client(t.app);
    await cashier.signIn(user.username, user.password);
    expect((await cashier.post('/api/Shift/open', { openingCash: 0, register: 1 })).status).toBe(
      201,
    );
    deviceId = uuidv7();
    expect((await cashier.post('/api/PosDevices', { id: deviceId, name: 'كاشير' })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    await t.close();
    await sim.stop();
    delete process.env.ETA_WORKER;
  });

  /** A sale of `quantity` units priced as the till prices it (the rules of the branch). */
  const sell = async (quantity: number, opts: { codes?: string[]; discount?: number } = {}) => {
    const rules = (await cashier.get(`/api/PricingRules?branchId=${branchId}`))
      .body as PricingRulesDto;
    const priced = priceSaleLines({
      rules,
      branchId,
      now: new Date(),
      coupons: (opts.codes ?? []).map((c) => ({ code: c, promotionId: couponId })),
      lines: [
        {
          key: 'l1',
          variantId,
          productId,
          categoryId: null,
          quantity,
          listPrice: 2000,
          vatRate: 14,
        },
      ],
    });
    const promotionDiscount = priced.lines[0].promotionDiscount;
    const res = await cashier.post('/api/Sales', {
      id: uuidv7(),
      device: {
        deviceId,
        receiptNo: ++receiptNo,
        rungAt: new Date().toISOString(),
        offline: false,
      },
      pricing: { version: rules.version },
      lines: [
        {
          variantId,
          quantity,
          ...(promotionDiscount ? { promotionDiscount } : {}),
          ...(opts.discount ? { discount: opts.discount } : {}),
        },
      ],
      ...(opts.codes ? { coupons: opts.codes } : {}),
      payments: [{ methodId: cash, amount: 100_000 }],
    });
    if (res.status !== 201) throw new Error(`sale refused: ${JSON.stringify(res.body)}`);
    return res.body as {
      id: string;
      total: number;
      vatTotal: number;
      lines: { lineTotal: number; promotions: { promotionId: string; amount: number }[] }[];
    };
  };

  const settle = async () => {
    for (let i = 0; i < 50; i++) {
      const next = await worker.processSerial(serial);
      if (next === null) return;
      await new Promise((r) => setTimeout(r, Math.min(next, 100)));
    }
  };

  const journal = async (saleId: string) =>
    Object.fromEntries(
      (
        (await t.ds.query(
          `SELECT a.system_key AS account, sum(l.debit - l.credit)::bigint AS net
             FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
            WHERE e.source_type = 'sale' AND e.source_id = $1 GROUP BY a.system_key`,
          [saleId],
        )) as { account: string; net: string }[]
      ).map((r) => [r.account, Number(r.net)]),
    );

  it('a promoted sale’s e-receipt names each promotion, holds ETA’s equations and is valid at the simulator', async () => {
    // 3 × 20.00: 3 × 3.00 off, the coupon 3 × 1.50 off, the cashier's 1.00: 45.50
    const sale = await sell(3, { codes: [code.toLowerCase()], discount: 100 });
    expect(sale.total).toBe(4550);
    const [row] = await t.ds.query('SELECT uuid, json, status FROM e_receipts WHERE sale_id = $1', [
      sale.id,
    ]);
    expect(etaReceiptUuid(row.json, sha)).toBe(row.uuid);
    expect(checkEtaReceiptEquations(row.json)).toEqual([]);
    const doc = JSON.parse(row.json) as {
      itemData: {
        unitPrice: number;
        commercialDiscountData: { amount: number; description: string }[];
      }[];
      totalAmount: number;
    };
    // the price before the promotions and discounts, before VAT (20.00 / 1.14 rounded up)
    expect(doc.itemData[0].unitPrice).toBe(17.54386);
    const parts = doc.itemData[0].commercialDiscountData;
    const byPromotion = [
      [offId, 'خصم 3 جنيه', 900],
      [couponId, `كوبون العيد - ${code}`, 450],
    ]
      .sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1))
      .map(([, description, piasters]) => ({
        description,
        amount: Math.round(((piasters as number) / 1.14) * 1000) / 100000,
      }));
    expect(parts.slice(0, 2)).toEqual(byPromotion);
    expect(parts[2].description).toBe('discount');
    expect(doc.totalAmount).toBe(45.5);
    await settle();
    const [after] = await t.ds.query('SELECT status FROM e_receipts WHERE sale_id = $1', [sale.id]);
    expect(after.status).toBe('valid');
    expect(sim.chain(serial)).toContain(row.uuid);
  });

  it('posts the promotions on their own account, sales before them, the entry balanced', async () => {
    const sale = await sell(2, { codes: [code] });
    // 2 × 20.00 − 2 × 3.00 − 2 × 1.50 = 31.00
    expect(sale.total).toBe(3100);
    // per line: its promotions (6.00 + 3.00) without the VAT, to the piaster
    const given = Math.round(900 / 1.14);
    const books = await journal(sale.id);
    expect(books.sales_discounts_promotions).toBe(given);
    expect(books.sales).toBe(-(sale.total - sale.vatTotal + given));
    expect(books.vat_output).toBe(-sale.vatTotal);
    expect(Object.values(books).reduce((s, x) => s + x, 0)).toBe(0);
    // a sale without promotions posts nothing there
    const plain = await cashier.post('/api/Sales', {
      id: uuidv7(),
      lines: [{ variantId: (await newPlainVariant()).id, quantity: 1 }],
      payments: [{ methodId: cash, amount: 1000 }],
    });
    expect(plain.status).toBe(201);
    expect((await journal(plain.body.id)).sales_discounts_promotions).toBeUndefined();
  });

  it('PromotionEffect: per promotion and code, the sales, units, discount and net sales', async () => {
    const res = await admin.get(
      `/api/Reports/PromotionEffect?from=${today}&to=${today}&branchId=${branchId}`,
    );
    expect(res.status).toBe(200);
    const rows = (res.body.rows as Record<string, string | number>[]).map((r) => ({
      id: r.id,
      promotion: r.promotion,
      code: r.code,
      invoices: r.invoices,
      quantity: Number(r.quantity),
      discounts: Number(r.discounts),
      net_sales: Number(r.net_sales),
    }));
    // the two sales above: 3 units (45.50) and 2 units (31.00)
    expect(rows).toEqual([
      {
        id: offId,
        promotion: 'خصم 3 جنيه',
        code: '',
        invoices: 2,
        quantity: 5,
        discounts: 1500,
        net_sales: 7650,
      },
      {
        id: `${couponId}:${code}`,
        promotion: 'كوبون "العيد"',
        code,
        invoices: 2,
        quantity: 5,
        discounts: 750,
        net_sales: 7650,
      },
    ]);
    expect(res.body.totals).toMatchObject({ discounts: 2250 });
    const xlsx = await admin.get(
      `/api/Reports/PromotionEffect?from=${today}&to=${today}&branchId=${branchId}&format=xlsx`,
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  /** A variant no promotion reaches. */
  async function newPlainVariant(): Promise<{ id: string }> {
    const [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const res = await admin.post('/api/Products', {
      nameAr: `صنف بلا عرض ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`PN-${randomUUID().slice(0, 12)}`],
          sellPrice: 1000,
          avgCost: 500,
          openingStock: [{ inventoryId, quantity: 10 }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return { id: res.body.variants[0].id };
  }
});
