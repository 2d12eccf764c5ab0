import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import {
  buildEtaReceipt,
  etaSaleReceiptInput,
  ETA_RECEIPT_WARN_AFTER_HOURS,
  type CreateSaleDto,
  type DeviceEReceiptData,
} from '@pos/contracts';
import { newCart, type Cart } from '../../../../shared/lib/cart';
import { newId } from '../../../../shared/lib/ids';
import type { DeviceVariant } from '../catalog/db';
import { checkoutThroughOutbox } from './checkout';
import { OutboxDb, type EtaChainHead, type QueuedSale } from './db';
import { deviceReceiptBuilder } from './eReceipt';
import { localSale } from './localSale';
import { receiptsLate } from './receiptsLate';
import type { SendResult } from './send';
import { deviceIdentity, enqueueSale, outboxStatus, saveRegistration } from './store';

// The till as the ETA POS of record (issue 32 item 6): the receipt built in the transaction that
// queues the sale, chained after the till's own head, equal to the server's rebuild of the sale.

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
let n = 0;
const data: DeviceEReceiptData = {
  enabled: true,
  serial: 'TILL-7',
  portal: 'https://preprod.invoicing.eta.gov.eg',
  issuer: {
    rin: '123456789',
    name: 'متجر النور',
    activityCode: '4711',
    address: {
      country: 'EG',
      governate: 'Cairo',
      regionCity: 'Nasr City',
      street: 'Street',
      buildingNumber: '1',
      postalCode: '',
    },
    branchCode: '0',
  },
};
const variant = (id: string, over: Partial<DeviceVariant> = {}): DeviceVariant => ({
  id,
  productId: `p-${id}`,
  productName: `صنف ${id}`,
  productNameEn: null,
  sku: `SKU-${id}`,
  barcodes: [],
  properties: {},
  sellPrice: 0,
  minSellPrice: 0,
  vatRate: 14,
  unit: 'piece',
  etaItemType: null,
  etaItemCode: null,
  codes: [],
  productNo: 0,
  ...over,
});
const line = (variantId: string, unitPrice: number, quantity: number, discount = 0) => ({
  variantId,
  productName: variantId,
  properties: {},
  sku: `SKU-${variantId}`,
  barcode: null,
  unit: 'piece' as const,
  quantity,
  unitPrice,
  listPrice: unitPrice,
  minSellPrice: 0,
  discount,
  vatRate: 14,
  onHand: null,
});
const methods = [
  { id: 'cash', type: 'cash' as const, nameAr: 'نقدي' },
  { id: 'card', type: 'card' as const, nameAr: 'بطاقة' },
];
const who = { id: 'u1', name: 'Cashier', branchId: 'b1', register: 1 };

async function till() {
  const db = new OutboxDb(`outbox-eta-${++n}`);
  await deviceIdentity(db, 'POS 1');
  await saveRegistration(
    { branchId: 'b1', receiptPrefix: 'B01-D01', number: 1, name: 'POS 1' },
    db,
  );
  return db;
}

/** A sale of the cart paid in cash (1,000 piasters of change), its e-receipt builder as payAtTill makes it. */
function plan(
  cart: Cart,
  variants = [
    variant('a'),
    variant('b', { etaItemType: 'GS1', etaItemCode: '6224000000012', unit: 'kg' }),
  ],
) {
  const dto: CreateSaleDto = {
    id: cart.id,
    lines: cart.lines.map((l) => ({
      variantId: l.variantId,
      quantity: l.quantity,
      discount: l.discount,
    })),
    payments: [{ methodId: 'cash', amount: 100_000 }],
    invoiceDiscount: cart.invoiceDiscount,
  };
  const payments = [{ methodId: 'cash', amount: 100_000 }];
  const stub = {
    id: cart.id,
    receiptNo: 0,
    dto: { ...dto, device: { deviceId: '', receiptNo: 0, rungAt: '', offline: true } },
    receipt: '',
    total: 0,
    userId: 'u1',
    rungAt: '',
    attempts: 0,
    lastError: null,
    directUntil: 0,
  };
  const preview = localSale(stub, cart, payments, methods, who);
  const builder = deviceReceiptBuilder(preview, data, new Map(variants.map((v) => [v.id, v])), sha);
  return { dto, preview, builder };
}

const noAnswer: SendResult = { verdict: 'retry', status: 0, code: null, reason: 'offline' };

const cartOf = (...lines: ReturnType<typeof line>[]): Cart => ({
  ...newCart(newId()),
  lines,
  invoiceDiscount: 150,
});

describe('the till’s own e-receipts', () => {
  it('chains three offline sales in the queueing transaction; each is the server’s rebuild of the sale', async () => {
    const db = await till();
    const carts = [
      cartOf(line('a', 11_400, 2, 500), line('b', 3_333, 1.5)),
      cartOf(line('a', 11_400, 1)),
      cartOf(line('b', 999, 3)),
    ];
    const rows = [];
    for (const cart of carts) {
      const { dto, preview, builder } = plan(cart);
      expect(builder?.serial).toBe('TILL-7');
      const row = await enqueueSale(
        { dto, total: preview.total, userId: 'u1', offline: true, eReceipt: builder },
        db,
      );
      rows.push({ row, preview });
    }
    const [a, b, c] = rows.map((r) => r.row);
    expect(a.dto.device.eReceipt).toMatchObject({ serial: 'TILL-7', previousUuid: '' });
    expect(b.dto.device.eReceipt?.previousUuid).toBe(a.eReceipt?.uuid);
    expect(c.dto.device.eReceipt?.previousUuid).toBe(b.eReceipt?.uuid);
    expect(((await db.meta.get('eta-chain')) as EtaChainHead).lastUuid).toBe(c.eReceipt?.uuid);
    expect(a.eReceipt?.qr).toBe(
      `${data.portal}/receipts/search/${a.eReceipt?.uuid}/share/${a.dto.device.eReceipt?.dateTimeIssued}#Total:${(a.total / 100).toFixed(5)},IssuerRIN:123456789`,
    );
    // The server's rebuild (handler: the saved lines — gross = line total + both discounts — its
    // payments with the change out of cash, the till's number and time), independently mapped.
    for (const { row, preview } of rows) {
      const e = row.dto.device.eReceipt!;
      const server = buildEtaReceipt(
        etaSaleReceiptInput({
          kind: 's',
          dateTimeIssued: e.dateTimeIssued,
          receiptNumber: row.receipt,
          previousUUID: e.previousUuid,
          issuer: data.issuer!,
          serial: 'TILL-7',
          lines: preview.lines.map((l) => ({
            sku: l.sku,
            name: `صنف ${l.variantId}`,
            etaItemType: l.variantId === 'b' ? 'GS1' : null,
            etaItemCode: l.variantId === 'b' ? '6224000000012' : null,
            unit: l.variantId === 'b' ? 'kg' : 'piece',
            quantity: l.quantity,
            grossPiasters: l.lineTotal + l.discount + l.invoiceDiscountShare,
            lineTotalPiasters: l.lineTotal,
            vatRate: l.vatRate,
          })),
          tenders: [{ type: 'cash', amount: preview.total }],
        })!,
        sha,
      );
      expect(server.uuid).toBe(e.uuid);
      expect(Date.parse(row.rungAt) - Date.parse(e.dateTimeIssued)).toBeGreaterThanOrEqual(1000);
    }
    const status = await outboxStatus(db);
    expect(status.oldestReceiptAt).toBe(a.dto.device.eReceipt?.dateTimeIssued);
  });

  it('chains a sale sent online too, so the first sale after an unnoticed drop is on the till’s serial', async () => {
    const db = await till();
    const online = async (cart: Cart, post: () => Promise<SendResult>) => {
      const { dto, preview, builder } = plan(cart);
      return checkoutThroughOutbox(
        { dto, cart, total: preview.total, userId: 'u1', eReceipt: builder },
        { db, post, sender: { wake: () => undefined }, online: () => true },
      );
    };
    // Answered: the body the server got carried the till's receipt (the server issues it there).
    let sentBody: CreateSaleDto | null = null;
    const sent = await online(cartOf(line('a', 1000, 1)), async () => {
      sentBody = ((await db.queue.toArray())[0] as QueuedSale).dto;
      return { verdict: 'sent', sale: { id: 'x' } as never };
    });
    expect(sent.kind).toBe('sent');
    const first = sentBody!.device!.eReceipt!;
    expect(first).toMatchObject({ serial: 'TILL-7', previousUuid: '' });
    // The network drops unnoticed (the browser still says online, no sale waits): the try gets no
    // answer; the sale is completed on the till with the receipt its body already had, linked
    // after the first, and the sale after it (now known offline) links to it.
    const lost = await online(cartOf(line('b', 999, 3)), async () => noAnswer);
    expect(lost.kind).toBe('queued');
    const dropped = (lost as { row: QueuedSale }).row;
    expect(dropped.dto.device).toMatchObject({ offline: true });
    expect(dropped.dto.device.eReceipt).toMatchObject({
      serial: 'TILL-7',
      previousUuid: first.uuid,
    });
    expect(dropped.eReceipt?.uuid).toBe(dropped.dto.device.eReceipt?.uuid);
    const next = await enqueueSale(
      {
        ...plan(cartOf(line('a', 11_400, 1))),
        total: 11_400,
        userId: 'u1',
        offline: true,
        eReceipt: plan(cartOf(line('a', 11_400, 1))).builder,
      },
      db,
    );
    expect(next.dto.device.eReceipt?.previousUuid).toBe(dropped.eReceipt?.uuid);
  });

  it('gives the chain head back when the server refuses a sale at the till (its receipt was never printed)', async () => {
    const db = await till();
    const { dto, preview, builder } = plan(cartOf(line('a', 1000, 1)));
    const first = await enqueueSale(
      { dto, total: preview.total, userId: 'u1', offline: true, eReceipt: builder },
      db,
    );
    // the first one was sent since (no sale waits, the till tries the next one at once)
    await db.queue.delete(first.id);
    const head = () => db.meta.get('eta-chain') as Promise<EtaChainHead>;
    const cart = cartOf(line('b', 999, 3));
    const refused = plan(cart);
    let tried: string | undefined;
    const answer = await checkoutThroughOutbox(
      {
        dto: refused.dto,
        cart,
        total: refused.preview.total,
        userId: 'u1',
        eReceipt: refused.builder,
      },
      {
        db,
        post: async (body) => {
          tried = body.device?.eReceipt?.previousUuid;
          return { verdict: 'refused', status: 400, code: 'X', reason: 'no' };
        },
        sender: { wake: () => undefined },
        online: () => true,
      },
    );
    expect(tried).toBe(first.eReceipt?.uuid);
    expect(answer.kind).toBe('refused');
    expect(await head()).toMatchObject({ lastUuid: first.eReceipt?.uuid, count: 1 });
    expect(await db.queue.count()).toBe(0);
  });

  it('builds none without a serial, e-receipts off or an item synced without its ETA data', () => {
    const preview = plan(cartOf(line('a', 1000, 1))).preview;
    const vs = new Map([['a', variant('a')]]);
    expect(deviceReceiptBuilder(preview, { ...data, serial: null }, vs, sha)).toBeNull();
    expect(deviceReceiptBuilder(preview, { ...data, enabled: false }, vs, sha)).toBeNull();
    const old = variant('a');
    delete old.etaItemType;
    expect(deviceReceiptBuilder(preview, data, new Map([['a', old]]), sha)).toBeNull();
  });

  it('warns when the oldest unsent receipt nears the submission window', () => {
    const issued = '2026-12-05T00:00:00Z';
    const at = (h: number) => Date.parse(issued) + h * 3_600_000;
    expect(receiptsLate(issued, at(ETA_RECEIPT_WARN_AFTER_HOURS - 0.01))).toBe(false);
    expect(receiptsLate(issued, at(ETA_RECEIPT_WARN_AFTER_HOURS))).toBe(true);
    expect(receiptsLate(null, at(100))).toBe(false);
  });
});
