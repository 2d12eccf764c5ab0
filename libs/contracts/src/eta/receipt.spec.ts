import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  buildEtaReceipt,
  checkEtaReceiptEquations,
  etaLineFromInclusive,
  etaReceiptQr,
  etaReceiptUuid,
  EtaEquationError,
  isValidNationalId,
  isValidRin,
  withReceiptUuid,
  type EtaReceiptInput,
} from './receipt';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const seller = {
  rin: '123456789',
  companyTradeName: 'متجر "النور"',
  branchCode: '0',
  branchAddress: {
    country: 'EG',
    governate: 'Cairo',
    regionCity: 'Nasr City',
    street: 'Abbas El Akkad',
    buildingNumber: '12',
  },
  deviceSerialNumber: 'POS-1',
  activityCode: '4711',
};
const base: EtaReceiptInput = {
  kind: 's',
  dateTimeIssued: '2026-11-26T10:31:05.123Z',
  receiptNumber: 'S-1',
  previousUUID: '',
  seller,
  buyer: { type: 'P' },
  paymentMethod: 'C',
  lines: [
    {
      internalCode: 'SKU-1',
      description: 'Shirt',
      itemType: 'EGS',
      itemCode: 'EG-123456789-1',
      unitType: 'EA',
      quantity: 2,
      unitPrice: '50',
      commercialDiscount: '10',
      vatRate: 14,
    },
    {
      internalCode: 'SKU-2',
      description: 'Socks',
      itemType: 'EGS',
      itemCode: 'EG-123456789-2',
      unitType: 'EA',
      quantity: '1.5',
      unitPrice: '3.33333',
      itemDiscount: '0.5',
      vatRate: 14,
    },
  ],
  extraDiscount: '1',
  feesAmount: '2.5',
};

describe('ETA receipt UUID', () => {
  it('is the SHA-256 of the canonical form with header.uuid empty (hand-built receipt)', () => {
    // canonical form written by hand:
    // "HEADER""UUID""""PREVIOUSUUID""""ITEMDATA""ITEMDATA""QUANTITY""2.00000""TOTAL""11.40000""TOTALAMOUNT""11.40000"
    // and hashed with `printf '%s' … | sha256sum`
    const text =
      '{"header":{"uuid":"ffff","previousUUID":""},"itemData":[{"quantity":2.00000,"total":11.40000}],"totalAmount":11.40000}';
    expect(etaReceiptUuid(text, sha)).toBe(
      'ba585e3ec03e19ccb2350be48304d3c101024fbefa62450483698f6cc4da31c8',
    );
  });

  it('changes when previousUUID changes (the chain is inside the hash)', () => {
    const a = buildEtaReceipt(base, sha);
    const b = buildEtaReceipt({ ...base, previousUUID: a.uuid }, sha);
    expect(b.uuid).not.toBe(a.uuid);
    expect(b.json).toContain(`"previousUUID":"${a.uuid}"`);
    expect(etaReceiptUuid(b.json, sha)).toBe(b.uuid);
  });
});

describe('ETA receipt builder', () => {
  it('builds v1.2 with VAT, a discount and a fee; the equations hold at 5 dp', () => {
    const r = buildEtaReceipt(base, sha);
    expect(r.uuid).toMatch(/^[0-9a-f]{64}$/);
    expect(etaReceiptUuid(r.json, sha)).toBe(r.uuid);
    expect(checkEtaReceiptEquations(r.json)).toEqual([]);
    const doc = JSON.parse(r.json);
    expect(doc.header.dateTimeIssued).toBe('2026-11-26T10:31:05Z');
    expect(doc.documentType).toEqual({ receiptType: 's', typeVersion: '1.2' });
    // line 1: 2 × 50 = 100; − 10 = 90; T1 = 12.6; total 102.6
    expect(r.json).toContain(
      '"quantity":2.00000,"unitPrice":50.00000,"netSale":90.00000,"totalSale":100.00000,"total":102.60000',
    );
    // line 2: 1.5 × 3.33333 = 4.999995 → 5.00000; T1 0.7; total 5 + 0.7 − 0.5 = 5.2
    expect(doc.itemData[1].totalSale).toBe(5);
    expect(doc.itemData[1].taxableItems[0]).toEqual({
      taxType: 'T1',
      amount: 0.7,
      subType: 'V009',
      rate: 14,
    });
    // 102.6 + 5.2 − 1 (extra) + 2.5 (fee) = 109.3
    expect(r.totalAmount).toBe('109.30000');
    expect(doc.taxTotals).toEqual([{ taxType: 'T1', amount: 13.3 }]);
    expect(doc.netAmount).toBe(95);
    // free text loses the quotes (FACTS §3.4)
    expect(doc.seller.companyTradeName).toBe('متجر النور');
  });

  it('a return carries receiptType r and the reference UUID', () => {
    const sale = buildEtaReceipt(base, sha);
    const ret = buildEtaReceipt({ ...base, kind: 'r', referenceUUID: sale.uuid }, sha);
    const doc = JSON.parse(ret.json);
    expect(doc.documentType.receiptType).toBe('r');
    expect(doc.header.referenceUUID).toBe(sale.uuid);
    expect(() => buildEtaReceipt({ ...base, kind: 'r' }, sha)).toThrow(EtaEquationError);
  });

  it('refuses a bad RIN', () => {
    expect(() => buildEtaReceipt({ ...base, seller: { ...seller, rin: '12345' } }, sha)).toThrow(
      EtaEquationError,
    );
  });
});

describe("ETA's equations", () => {
  const good = buildEtaReceipt(base, sha).json;
  it.each([
    ['"totalAmount":109.30000', '"totalAmount":109.30001', 'totalAmount'],
    ['"netSale":90.00000', '"netSale":91.00000', 'itemData[0].netSale'],
    ['"amount":12.60000', '"amount":12.60001', 'itemData[0].T1'],
    ['"totalSales":105.00000', '"totalSales":105.10000', 'totalSales'],
    ['"quantity":2.00000', '"quantity":2.000001', 'itemData[0].quantity.decimals'],
  ])('detects %s changed to %s', (from, to, field) => {
    expect(good).toContain(from);
    expect(checkEtaReceiptEquations(good.replace(from, to))).toContain(field);
  });
});

describe('POS line → ETA figures', () => {
  it.each([
    [1, 1000, 1000, 14],
    [1, 1140, 1140, 14],
    [3, 2997, 2500, 14],
    [0.333, 334, 300, 14],
    [2, 500, 450, 0],
    [7, 70007, 69999, 14],
    [1, 3801, 3801, 14],
    [1, 99, 99, 14],
    [2, 3910, 3910, 14],
    [0.75, 3998, 3884, 14],
  ])('qty %s gross %s total %s at %s%%', (quantity, grossPiasters, lineTotalPiasters, vatRate) => {
    const l = etaLineFromInclusive({ quantity, grossPiasters, lineTotalPiasters, vatRate });
    const r = buildEtaReceipt(
      {
        ...base,
        extraDiscount: 0,
        feesAmount: 0,
        lines: [{ ...base.lines[0], ...l, vatRate }],
      },
      sha,
    );
    expect(checkEtaReceiptEquations(r.json)).toEqual([]);
    expect(new Decimal(l.commercialDiscount).gte(0)).toBe(true);
    // the receipt's total is the POS total, exactly
    expect(r.totalAmount).toBe(new Decimal(lineTotalPiasters).div(100).toFixed(5));
    expect(new Decimal(l.itemDiscount).gte(0)).toBe(true);
    expect(new Decimal(l.itemDiscount).lte('0.00001')).toBe(true);
  });

  it('every amount to 200.00 at 14 %: netSale + T1 − item discount is the amount exactly', () => {
    for (let p = 1; p <= 20000; p++) {
      const l = etaLineFromInclusive({
        quantity: 1,
        grossPiasters: p,
        lineTotalPiasters: p,
        vatRate: 14,
      });
      const ns = new Decimal(l.unitPrice).minus(l.commercialDiscount);
      const t1 = ns.mul('0.14').toDecimalPlaces(5, Decimal.ROUND_HALF_UP);
      expect(ns.plus(t1).minus(l.itemDiscount).toFixed(5)).toBe(new Decimal(p).div(100).toFixed(5));
    }
  });

  it('one total: a 39.00 sale (38.01 + 0.99) is 39.00000 at ETA and in the QR, as on paper', () => {
    const lines = [3801, 99].map((piasters, i) => ({
      ...base.lines[0],
      internalCode: `SKU-${i}`,
      vatRate: 14,
      ...etaLineFromInclusive({
        quantity: 1,
        grossPiasters: piasters,
        lineTotalPiasters: piasters,
        vatRate: 14,
      }),
    }));
    const r = buildEtaReceipt({ ...base, extraDiscount: 0, feesAmount: 0, lines }, sha);
    expect(checkEtaReceiptEquations(r.json)).toEqual([]);
    expect(r.totalAmount).toBe('39.00000');
    expect(r.json).toContain('"totalAmount":39.00000');
    const qr = etaReceiptQr({
      portal: 'https://invoicing.eta.gov.eg',
      uuid: r.uuid,
      dateTimeIssued: '2026-11-26T10:31:05Z',
      totalAmount: r.totalAmount,
      rin: seller.rin,
    });
    expect(qr).toContain('#Total:39.00000,');
  });
});

describe('validators and QR', () => {
  it('RIN: 9 digits', () => {
    expect(isValidRin('674859545')).toBe(true);
    expect(isValidRin('67485954')).toBe(false);
    expect(isValidRin('67485954a')).toBe(false);
  });
  it('national ID: 14 digits, a real birth date, a governorate', () => {
    expect(isValidNationalId('29001011234567')).toBe(true);
    expect(isValidNationalId('29002301234567')).toBe(false);
    expect(isValidNationalId('19001011234567')).toBe(false);
    expect(isValidNationalId('2900101123456')).toBe(false);
    expect(isValidNationalId('29001019934567')).toBe(false);
  });
  it("QR text in ETA's format (FACTS §4.6 example)", () => {
    expect(
      etaReceiptQr({
        portal: 'http://invoicing.eta.gov.eg',
        uuid: '68e656b251e67e8358bef8483ab0d51c6619f3e7a1a9f0e75838d41ff368f320',
        dateTimeIssued: '2022-02-19T02:00Z',
        totalAmount: '1000.000',
        rin: '674859545',
      }),
    ).toBe(
      'http://invoicing.eta.gov.eg/receipts/search/68e656b251e67e8358bef8483ab0d51c6619f3e7a1a9f0e75838d41ff368f320/share/2022-02-19T02:00Z#Total:1000.000,IssuerRIN:674859545',
    );
  });
  it('withReceiptUuid sets only the header uuid', () => {
    expect(withReceiptUuid('{"header":{"uuid":"","previousUUID":"x"}}', 'ab')).toBe(
      '{"header":{"uuid":"ab","previousUUID":"x"}}',
    );
  });
});
