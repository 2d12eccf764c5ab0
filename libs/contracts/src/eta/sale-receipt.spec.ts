import { createHash } from 'node:crypto';
import { buildDeviceReceipt } from './device-receipt';
import { buildEtaInvoice, checkEtaInvoiceEquations } from './invoice';
import {
  buildEtaReceipt,
  checkEtaReceiptEquations,
  etaLineFromInclusive,
  etaReceiptUuid,
} from './receipt';
import {
  etaPromotionParts,
  etaSaleReceiptInput,
  type EtaIssuer,
  type EtaSaleLine,
} from './sale-receipt';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const issuer: EtaIssuer = {
  rin: '123456789',
  name: 'متجر النور',
  activityCode: '4711',
  address: {
    country: 'EG',
    governate: 'Cairo',
    regionCity: 'Nasr City',
    street: 'Abbas El Akkad',
    buildingNumber: '12',
    postalCode: '',
  },
  branchCode: '0',
};
const tea: EtaSaleLine = {
  sku: 'TEA-1',
  name: 'شاي',
  etaItemType: null,
  etaItemCode: null,
  unit: 'pack',
  quantity: 2,
  grossPiasters: 5000,
  lineTotalPiasters: 4500,
  vatRate: 14,
};
const rice: EtaSaleLine = {
  ...tea,
  sku: 'RICE-5',
  name: 'أرز',
  etaItemType: 'GS1',
  etaItemCode: '6224000000012',
  unit: 'kg',
  quantity: 1.5,
  grossPiasters: 4275,
  lineTotalPiasters: 4275,
};

const receipt = (previousUUID: string, number: string, lines = [tea, rice]) =>
  etaSaleReceiptInput({
    kind: 's',
    dateTimeIssued: '2026-12-05T10:00:00Z',
    receiptNumber: number,
    previousUUID,
    issuer,
    serial: 'DEV-7',
    lines,
    tenders: [
      { type: 'cash', amount: 5000 },
      { type: 'card', amount: 3775 },
    ],
  });

describe('a sale’s receipt input, the same on the server and on a till selling offline', () => {
  it('maps items, units and the payment method the way the receipt needs them', () => {
    const input = receipt('', 'D7-1')!;
    expect(input.seller).toMatchObject({ deviceSerialNumber: 'DEV-7', branchCode: '0' });
    expect(input.lines.map((l) => [l.itemType, l.itemCode, l.unitType])).toEqual([
      ['EGS', 'EG-123456789-TEA-1', 'PK'],
      ['GS1', '6224000000012', 'KGM'],
    ]);
    expect(input.paymentMethod).toBe('C');
    expect(input.buyer).toEqual({ type: 'P' });
  });

  it('leaves out lines without a quantity, and gives nothing when none is left', () => {
    expect(receipt('', 'D7-1', [tea, { ...rice, quantity: 0 }])!.lines).toHaveLength(1);
    expect(receipt('', 'D7-1', [{ ...tea, quantity: 0 }])).toBeNull();
  });

  it('chains: each receipt’s UUID recomputes from its text, and names the previous one', () => {
    const first = buildEtaReceipt(receipt('', 'D7-1')!, sha);
    const second = buildEtaReceipt(receipt(first.uuid, 'D7-2')!, sha);
    expect(etaReceiptUuid(first.json, sha)).toBe(first.uuid);
    expect(etaReceiptUuid(second.json, sha)).toBe(second.uuid);
    expect(JSON.parse(second.json).header.previousUUID).toBe(first.uuid);
    // a receipt built again from the same data is the same receipt; another head breaks it
    expect(buildEtaReceipt(receipt(first.uuid, 'D7-2')!, sha).uuid).toBe(second.uuid);
    expect(buildEtaReceipt(receipt('', 'D7-2')!, sha).uuid).not.toBe(second.uuid);
  });
});

describe('a promoted sale’s receipt and invoice (issue 33 item 6, docs/decisions/0089)', () => {
  // 3 × 20.00 with buy 2 get 1 (20.00 off, promotion b…), a coupon (3.00 off, promotion a…) and
  // the cashier's 1.00; the line's share of a 0.50 invoice discount: 60.00 − 24.50 = 35.50
  const promoted: EtaSaleLine = {
    ...tea,
    quantity: 3,
    grossPiasters: 6000,
    lineTotalPiasters: 3550,
    promotions: [
      { promotionId: 'b-1', name: 'اشتري 2 والثالث مجانًا', amount: 2000 },
      { promotionId: 'a-1', name: 'كوبون "رمضان"', amount: 300, code: 'RAMADAN-10' },
    ],
  };
  const input = (lines: EtaSaleLine[]) => receipt('', 'D7-9', lines)!;
  type Item = {
    unitPrice: number;
    totalSale: number;
    netSale: number;
    total: number;
    commercialDiscountData: { amount: number; description: string }[];
  };

  it('each promotion is a commercial discount named after it, the cashier’s the rest', () => {
    const built = buildEtaReceipt(input([promoted, rice]), sha);
    const doc = JSON.parse(built.json) as { itemData: Item[]; totalCommercialDiscount: number };
    const line = doc.itemData[0];
    // the price before every discount, before VAT: 20.00 / 1.14 rounded up to 5 dp
    expect(line.unitPrice).toBe(17.54386);
    expect(line.totalSale).toBe(52.63158);
    // in promotion id order, the code after the name, quotes out of the free text
    expect(line.commercialDiscountData.map((c) => c.description)).toEqual([
      'كوبون رمضان - RAMADAN-10',
      'اشتري 2 والثالث مجانًا',
      'discount',
    ]);
    // 3.00 / 1.14 and 20.00 / 1.14 to 5 dp; the cashier's 1.50 takes the rest
    expect(line.commercialDiscountData.map((c) => c.amount)).toEqual([2.63158, 17.54386, 1.31579]);
    const parts = line.commercialDiscountData.reduce((s, c) => s + c.amount * 1e5, 0);
    expect(Math.round(parts)).toBe(Math.round((line.totalSale - line.netSale) * 1e5));
    // netSale + VAT − the item residue is the POS's 35.50
    expect(line.total).toBe(35.5);
    expect(doc.totalCommercialDiscount).toBe(21.49123);
    expect(checkEtaReceiptEquations(built.json)).toEqual([]);
  });

  it('a promotion without a cashier’s discount takes the rounding rest itself', () => {
    const alone: EtaSaleLine = { ...promoted, lineTotalPiasters: 3700 };
    const doc = JSON.parse(buildEtaReceipt(input([alone]), sha).json) as { itemData: Item[] };
    const c = doc.itemData[0].commercialDiscountData;
    expect(c.map((x) => x.description)).toEqual([
      'كوبون رمضان - RAMADAN-10',
      'اشتري 2 والثالث مجانًا',
    ]);
    expect(c[0].amount).toBe(2.63158);
    expect(Math.round((c[0].amount + c[1].amount) * 1e5)).toBe(
      Math.round((doc.itemData[0].totalSale - doc.itemData[0].netSale) * 1e5),
    );
  });

  it('the till’s line and the server’s line make the same receipt, whatever the promotions’ order', () => {
    const server = buildEtaReceipt(input([promoted, rice]), sha);
    const till = buildDeviceReceipt(
      {
        data: { enabled: true, serial: 'DEV-7', issuer, portal: 'https://x' },
        previousUuid: '',
        rungAt: '2026-12-05T10:00:01Z',
        receiptNumber: 'D7-9',
        lines: [promoted, rice].map((l) => ({
          sku: l.sku,
          name: l.name,
          etaItemType: l.etaItemType,
          etaItemCode: l.etaItemCode,
          unit: l.unit,
          quantity: l.quantity,
          vatRate: l.vatRate,
          lineTotal: l.lineTotalPiasters,
          discount: l.grossPiasters - l.lineTotalPiasters - (l === promoted ? 50 : 0),
          invoiceDiscountShare: l === promoted ? 50 : 0,
          promotions: l.promotions?.slice().reverse(),
        })),
        tenders: [
          { type: 'cash', amount: 5000 },
          { type: 'card', amount: 3775 },
        ],
      },
      sha,
    )!;
    expect(till.json).toBe(server.json);
    expect(till.uuid).toBe(server.uuid);
  });

  it('a sale without promotions keeps its one "discount" part (receipts already issued hash the same)', () => {
    const doc = JSON.parse(buildEtaReceipt(input([tea]), sha).json) as { itemData: Item[] };
    expect(doc.itemData[0].commercialDiscountData).toEqual([
      { amount: 4.38598, description: 'discount' },
    ]);
  });

  it('the e-invoice carries the promotions in the line’s discount, the price before it as unitValue', () => {
    const m = etaLineFromInclusive({
      quantity: 3,
      grossPiasters: 6000,
      lineTotalPiasters: 3550,
      vatRate: 14,
      promotions: etaPromotionParts(promoted.promotions),
    });
    const built = buildEtaInvoice({
      documentType: 'i',
      dateTimeIssued: '2026-12-05T10:00:00Z',
      internalID: 'INV-9',
      issuer: {
        rin: issuer.rin,
        name: issuer.name,
        branchId: '0',
        activityCode: '4711',
        address: issuer.address,
      },
      receiver: { type: 'B', id: '987654321', name: 'شركة المشتري', address: issuer.address },
      lines: [
        {
          description: 'شاي',
          itemType: 'EGS',
          itemCode: 'EG-123456789-TEA-1',
          unitType: 'PK',
          internalCode: 'TEA-1',
          quantity: m.quantity,
          unitValue: m.unitPrice,
          discountAmount: m.commercialDiscount,
          itemsDiscount: m.itemDiscount,
          vatRate: 14,
        },
      ],
    });
    const doc = JSON.parse(built.json) as {
      invoiceLines: { salesTotal: number; discount: { amount: number }; netTotal: number }[];
      totalDiscountAmount: number;
    };
    expect(doc.invoiceLines[0].salesTotal).toBe(52.63158);
    expect(doc.invoiceLines[0].discount.amount).toBe(21.49123);
    expect(doc.totalDiscountAmount).toBe(21.49123);
    expect(built.totalAmount).toBe('35.50000');
    expect(checkEtaInvoiceEquations(built.json)).toEqual([]);
  });
});
