import {
  buildDeviceReceipt,
  etaReceiptQr,
  type DeviceEReceiptData,
  type SaleCompletedEvent,
} from '@pos/contracts';
import {
  branchRow,
  company,
  completedSale,
  receiptSetup,
  savedLine,
  sha,
} from './e-receipt.spec-fixture';

// A till's own e-receipt (issue 32 item 6): the till builds it with the contracts' builder from
// the sale as it completed it; the server rebuilds it from the saved sale, checks it and holds a
// receipt whose chain, UUID or serial does not check out.

const data: DeviceEReceiptData & {
  serial: string;
  issuer: NonNullable<DeviceEReceiptData['issuer']>;
} = {
  enabled: true,
  serial: 'TILL-7',
  portal: 'https://preprod.invoicing.eta.gov.eg',
  issuer: {
    rin: '123456789',
    name: 'Shop',
    activityCode: '4711',
    address: {
      country: 'EG',
      governate: 'Cairo',
      regionCity: 'Nasr City',
      street: 'Street',
      buildingNumber: '1',
      postalCode: '',
    },
    branchCode: '3',
  },
};
// The sale's line as the till completed it (computeSale's line: 2 × 114.00, 8.00 off); the fixture's
// savedLine is the same line as the server saved it.
const deviceLine = {
  sku: 'SKU-1',
  name: 'قميص',
  etaItemType: null,
  etaItemCode: null,
  unit: 'piece',
  quantity: 2,
  vatRate: 14,
  lineTotal: 22000,
  discount: 800,
  invoiceDiscountShare: 0,
};
const rungAt = '2026-12-05T09:30:00.000Z';

const deviceBuild = (previousUuid: string, receiptNumber: string) =>
  buildDeviceReceipt(
    {
      data,
      previousUuid,
      rungAt,
      receiptNumber,
      lines: [deviceLine],
      tenders: [{ type: 'cash', amount: 22000 }],
    },
    sha,
  )!;

type TillReceipt = NonNullable<SaleCompletedEvent['device']>['eReceipt'];

function sale(eReceipt: TillReceipt): SaleCompletedEvent {
  return {
    ...completedSale,
    device: { deviceId: 'd-1', receipt: 'B01-D01-3', eReceipt },
  };
}

/** The receipt the till sends with the sale: its serial TILL-7, the built one's UUID unless forged. */
const tillReceipt = (
  built: ReturnType<typeof deviceBuild>,
  previousUuid: string,
  uuid = built.uuid,
): TillReceipt => ({ serial: 'TILL-7', uuid, previousUuid, dateTimeIssued: built.dateTimeIssued });

function setup(head: string, deviceSerial: string | null = 'TILL-7') {
  const { m, tx } = receiptSetup([
    [/FROM branches/, [branchRow()]],
    [/FROM eta_company/, [company]],
    [/FROM sale_lines/, [savedLine]],
    [/FROM pos_devices/, [{ eta_pos_serial: deviceSerial }]],
    [/FOR UPDATE/, [{ last_uuid: head, last_seq: 2 }]],
    [/^\s*WITH r AS \(/, [{ date_time_issued: '2026-12-07T01:00:00Z', total_amount: '220.00000' }]],
  ]);
  const insert = () => {
    const call = m.calls.find((c) => /INSERT INTO e_receipts/.test(c.sql))!;
    const p = call.params as unknown[];
    return {
      serial: p[5],
      number: p[7],
      uuid: p[8],
      previous: p[9],
      json: p[13] as string,
      status: p[15],
      held: p[16],
    };
  };
  return { m, tx, insert };
}

describe('a till-built e-receipt on sync', () => {
  const head = 'b'.repeat(64);

  it('is the receipt the server rebuilds from the saved sale: stored under the till serial, queued', async () => {
    const built = deviceBuild(head, 'B01-D01-3');
    const { m, tx, insert } = setup(head);
    await tx.raise('sale.completed', sale(tillReceipt(built, head)));
    const row = insert();
    expect(row).toMatchObject({
      serial: 'TILL-7',
      number: 'B01-D01-3',
      uuid: built.uuid,
      previous: head,
      status: 'queued',
      held: null,
    });
    // the server's text is the till's, byte for byte
    expect(row.json).toBe(built.json);
    expect(JSON.parse(row.json).header.dateTimeIssued).toBe('2026-12-05T09:29:59Z');
    expect(
      m.calls.some(
        (c) =>
          /FROM e_receipt_chains WHERE pos_serial = \$1 FOR UPDATE/.test(c.sql) &&
          c.params[0] === 'TILL-7',
      ),
    ).toBe(true);
    expect(m.calls.some((c) => /pg_notify/.test(c.sql))).toBe(true);
    expect(
      etaReceiptQr({
        portal: data.portal,
        uuid: built.uuid,
        dateTimeIssued: built.dateTimeIssued,
        totalAmount: built.totalAmount,
        rin: '123456789',
      }),
    ).toBe(
      `${data.portal}/receipts/search/${built.uuid}/share/2026-12-05T09:29:59Z#Total:220.00000,IssuerRIN:123456789`,
    );
  });

  it('holds a receipt that does not follow the serial head (previous_uuid), never submitted', async () => {
    const built = deviceBuild('c'.repeat(64), 'B01-D01-3');
    const { m, tx, insert } = setup(head);
    await tx.raise('sale.completed', sale(tillReceipt(built, 'c'.repeat(64))));
    expect(insert()).toMatchObject({
      status: 'chain_broken',
      held: 'previous_uuid',
      uuid: built.uuid,
    });
    expect(m.calls.some((c) => /pg_notify/.test(c.sql))).toBe(false);
    expect(tx.events[0]).toMatchObject({ payload: { status: 'chain_broken', uuid: built.uuid } });
    // the head follows the till: its next receipt links to the one it printed
    const update = m.calls.find((c) => /INSERT INTO e_receipts/.test(c.sql))!;
    expect(update.sql).toMatch(/UPDATE e_receipt_chains SET last_uuid = \$9/);
  });

  it('holds a receipt whose UUID is not the rebuilt one (uuid_mismatch), and one of a serial not the till’s', async () => {
    const built = deviceBuild(head, 'B01-D01-3');
    const forged = setup(head);
    await forged.tx.raise('sale.completed', sale(tillReceipt(built, head, 'd'.repeat(64))));
    expect(forged.insert()).toMatchObject({
      status: 'chain_broken',
      held: 'uuid_mismatch',
      uuid: 'd'.repeat(64),
    });
    const moved = setup(head, 'OTHER-1');
    await moved.tx.raise('sale.completed', sale(tillReceipt(built, head)));
    expect(moved.insert()).toMatchObject({ status: 'chain_broken', held: 'serial' });
  });

  it('chains three receipts of the till, each after the one before', () => {
    const first = deviceBuild('', 'B01-D01-1');
    const second = deviceBuild(first.uuid, 'B01-D01-2');
    const third = deviceBuild(second.uuid, 'B01-D01-3');
    expect(JSON.parse(first.json).header.previousUUID).toBe('');
    expect(JSON.parse(second.json).header.previousUUID).toBe(first.uuid);
    expect(JSON.parse(third.json).header.previousUUID).toBe(second.uuid);
    expect(new Set([first.uuid, second.uuid, third.uuid]).size).toBe(3);
    expect(JSON.parse(third.json).seller.deviceSerialNumber).toBe('TILL-7');
  });
});
