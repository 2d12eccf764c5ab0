import {
  buildEtaInvoice,
  checkEtaInvoiceEquations,
  checkEtaReceiver,
  EtaInvoiceError,
  mergeEtaInvoiceMessages,
  etaInvoiceTotals,
  withEtaSignature,
  withoutEtaSignature,
  type EtaInvoiceInput,
} from './invoice';
import { etaCanonicalize } from './canonical';

const address = {
  country: 'EG',
  governate: 'Cairo',
  regionCity: 'Nasr City',
  street: 'Abbas El Akkad',
  buildingNumber: '12',
};
const issuer = {
  rin: '123456789',
  name: 'متجر النور',
  branchId: '0',
  activityCode: '4620',
  address,
};
const receiverB = { type: 'B' as const, id: '987654321', name: 'شركة المشتري', address };

const base: EtaInvoiceInput = {
  documentType: 'i',
  dateTimeIssued: '2026-11-26T10:31:05.123Z',
  internalID: 'INV-1',
  issuer,
  receiver: receiverB,
  extraDiscountAmount: '10',
  lines: [
    {
      description: 'Computer1',
      itemType: 'EGS',
      itemCode: 'EG-123456789-1',
      unitType: 'EA',
      internalCode: 'C1',
      quantity: 5,
      unitValue: '189.40',
      discountRate: 7,
      itemsDiscount: 5,
      vatRate: 14,
      // a taxable fee: resource development 1 % of the net total
      taxes: [{ taxType: 'T8', subType: 'RD01', rate: 1 }],
    },
    {
      description: 'Computer2',
      itemType: 'GS1',
      itemCode: '6221234567890',
      unitType: 'EA',
      internalCode: 'C2',
      quantity: 2,
      unitValue: 100,
      vatRate: 14,
    },
  ],
};

type Doc = {
  documentType: string;
  documentTypeVersion: string;
  dateTimeIssued: string;
  references?: string[];
  receiver: { type: string; id?: string };
  invoiceLines: {
    salesTotal: number;
    netTotal: number;
    total: number;
    totalTaxableFees: number;
    discount: { rate: number; amount: number };
    taxableItems: { taxType: string; amount: number; subType: string; rate?: number }[];
  }[];
  totalSalesAmount: number;
  totalDiscountAmount: number;
  netAmount: number;
  totalAmount: number;
  taxTotals: { taxType: string; amount: number }[];
};

/** The number lexemes as they stand in the text. */
const lexeme = (json: string, key: string, nth = 0) =>
  [...json.matchAll(new RegExp(`"${key}":(-?[0-9.]+)`, 'g'))][nth]?.[1];

describe('ETA e-invoice v1.0', () => {
  it('computes the line and document figures with VAT, a discount, a fee and an items discount', () => {
    const built = buildEtaInvoice(base);
    const doc = JSON.parse(built.json) as Doc;
    expect(doc.documentType).toBe('i');
    expect(doc.documentTypeVersion).toBe('1.0');
    expect(doc.dateTimeIssued).toBe('2026-11-26T10:31:05Z');
    // line 1: 5 × 189.40 = 947; 7 % = 66.29; net 880.71; T8 = 8.8071;
    // T1 = (880.71 + 8.8071) × 14 % = 124.532394 → 124.53239; total = … − 5 = 1009.04949
    expect(lexeme(built.json, 'salesTotal')).toBe('947.00000');
    expect(lexeme(built.json, 'netTotal')).toBe('880.71000');
    expect(lexeme(built.json, 'totalTaxableFees')).toBe('8.80710');
    const t1 = doc.invoiceLines[0].taxableItems.find((t) => t.taxType === 'T1')!;
    expect(t1).toEqual({ taxType: 'T1', amount: 124.53239, subType: 'V009', rate: 14 });
    expect(lexeme(built.json, 'total')).toBe('1009.04949');
    expect(doc.invoiceLines[0].discount).toEqual({ rate: 7, amount: 66.29 });
    // line 2: 200 + 28 = 228
    expect(doc.invoiceLines[1].total).toBe(228);
    expect(doc.totalSalesAmount).toBe(1147);
    expect(doc.totalDiscountAmount).toBe(66.29);
    expect(doc.netAmount).toBe(1080.71);
    expect(doc.taxTotals).toEqual([
      { taxType: 'T1', amount: 152.53239 },
      { taxType: 'T8', amount: 8.8071 },
    ]);
    // Σ total − extra discount 10
    expect(lexeme(built.json, 'totalAmount')).toBe('1227.04949');
    expect(built.totalAmount).toBe('1227.04949');
    expect(checkEtaInvoiceEquations(built.json)).toEqual([]);
    // no float leaks: 3 × 0.1 is 0.30000
    const tiny = buildEtaInvoice({
      ...base,
      extraDiscountAmount: 0,
      lines: [{ ...base.lines[1], quantity: 3, unitValue: 0.1, vatRate: 0 }],
    });
    expect(lexeme(tiny.json, 'salesTotal')).toBe('0.30000');
  });

  it('withholding tax (T4) is subtracted and computed on net − items discount', () => {
    const built = buildEtaInvoice({
      ...base,
      extraDiscountAmount: 0,
      lines: [
        {
          ...base.lines[1],
          itemsDiscount: 10,
          taxes: [{ taxType: 'T4', subType: 'W002', rate: 1 }],
        },
      ],
    });
    // net 200, T1 28, T4 = (200 − 10) × 1 % = 1.9, total = 200 + 28 − 1.9 − 10 = 216.1
    expect(lexeme(built.json, 'total')).toBe('216.10000');
    expect(checkEtaInvoiceEquations(built.json)).toEqual([]);
  });

  it('finds a figure that breaks an equation', () => {
    const { json } = buildEtaInvoice(base);
    expect(
      checkEtaInvoiceEquations(json.replace('"totalAmount":1227.04949', '"totalAmount":1227.05')),
    ).toEqual(['totalAmount']);
    expect(checkEtaInvoiceEquations(json.replace('"amount":124.53239', '"amount":124.53'))).toEqual(
      expect.arrayContaining(['invoiceLines[0].T1']),
    );
    expect(
      checkEtaInvoiceEquations(json.replace('"netTotal":880.71000', '"netTotal":880.710001')),
    ).toEqual(expect.arrayContaining(['invoiceLines[0].netTotal.decimals']));
  });

  it('a credit note references the original document', () => {
    const original = 'ABCDEFGH12345678IJKLMNOP';
    const note = buildEtaInvoice({
      ...base,
      documentType: 'c',
      internalID: 'CN-1',
      references: [original],
    });
    const doc = JSON.parse(note.json) as Doc;
    expect(doc.documentType).toBe('c');
    expect(doc.references).toEqual([original]);
    // the array of strings is canonicalised as name, then name + element
    expect(etaCanonicalize(note.json)).toContain(`"REFERENCES""REFERENCES""${original}"`);
    expect(() => buildEtaInvoice({ ...base, documentType: 'c' })).toThrow(EtaInvoiceError);
    expect(() => buildEtaInvoice({ ...base, documentType: 'd', references: [''] })).toThrow(
      'references',
    );
    const { json } = buildEtaInvoice(base);
    expect(
      checkEtaInvoiceEquations(json.replace('"documentType":"i"', '"documentType":"c"')),
    ).toEqual(['references']);
  });

  it('applies the receiver rules (B, P with the threshold, F)', () => {
    expect(checkEtaReceiver(receiverB, 100)).toEqual([]);
    expect(checkEtaReceiver({ ...receiverB, id: '98765432' }, 100)).toEqual(['receiver.id']);
    expect(checkEtaReceiver({ ...receiverB, name: ' ' }, 100)).toEqual(['receiver.name']);
    expect(checkEtaReceiver(receiverB, 100, '987654321')).toEqual(['receiver.id.self']);
    expect(checkEtaReceiver({ type: 'B', id: '987654321', name: 'x' }, 1)).toEqual([
      'receiver.address',
    ]);
    // P: no ID needed below 150,000 EGP, needed (valid, with a name) from it on
    expect(checkEtaReceiver({ type: 'P' }, '149999.99999')).toEqual([]);
    expect(checkEtaReceiver({ type: 'P' }, 150000)).toEqual(['receiver.id', 'receiver.name']);
    expect(checkEtaReceiver({ type: 'P', id: '29001011234567', name: 'أحمد' }, 150000)).toEqual([]);
    expect(checkEtaReceiver({ type: 'P', id: '29013011234567', name: 'أحمد' }, 1)).toEqual([
      'receiver.id',
    ]);
    expect(checkEtaReceiver({ type: 'F', name: 'John' }, 1)).toEqual(['receiver.id']);
    expect(checkEtaReceiver({ type: 'F', id: 'A1234567', name: 'John' }, 1)).toEqual([]);
    // the builder refuses a document whose receiver breaks them
    expect(() =>
      buildEtaInvoice({
        ...base,
        receiver: { type: 'P' },
        lines: [{ ...base.lines[1], quantity: 1000, unitValue: 200 }],
      }),
    ).toThrow('receiver.id');
    const p = buildEtaInvoice({ ...base, receiver: { type: 'P' } });
    expect((JSON.parse(p.json) as Doc).receiver).toEqual({ type: 'P' });
  });

  it('splices the signature after the signed content and takes it off again', () => {
    const { json } = buildEtaInvoice(base);
    const signed = withEtaSignature(json, 'TUlJ+/=');
    expect(JSON.parse(signed).signatures).toEqual([{ signatureType: 'I', value: 'TUlJ+/=' }]);
    expect(withoutEtaSignature(signed)).toBe(json);
    expect(() => withEtaSignature(signed, 'x')).toThrow(EtaInvoiceError);
  });
});

describe('etaInvoiceTotals', () => {
  it('previews the same totals the document carries', () => {
    const totals = etaInvoiceTotals(base.lines);
    expect(totals).toEqual({
      totalSalesAmount: '1147.00000',
      totalDiscountAmount: '66.29000',
      netAmount: '1080.71000',
      taxAmount: '161.33949',
      totalAmount: '1237.04949',
    });
  });
});

describe('ETA_INVOICE_MESSAGES', () => {
  it('has every e-invoice error in Arabic and English, merged into the server table', () => {
    const table = { ar: {} as Record<string, string>, en: {} as Record<string, string> };
    mergeEtaInvoiceMessages(table);
    for (const code of ['ETA_INVOICE_INVALID', 'ETA_INVOICE_STATE'])
      for (const locale of ['ar', 'en'] as const)
        expect(table[locale][`errors.${code}`]).toMatch(/\S/);
    expect(Object.keys(table.ar).sort()).toEqual(Object.keys(table.en).sort());
  });
});
