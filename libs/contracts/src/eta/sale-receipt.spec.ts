import { createHash } from 'node:crypto';
import { buildEtaReceipt, etaReceiptUuid } from './receipt';
import { etaSaleReceiptInput, type EtaIssuer, type EtaSaleLine } from './sale-receipt';

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
