import { errorCode, testMeta } from '../../../../core/cqrs/testing';
import { buyer, setup } from '../purchase-order.spec-fixture';
import { ReceivePurchaseOrderCommand } from './receive-purchase-order.command';
import { ReceivePurchaseOrderHandler } from './receive-purchase-order.handler';

const receive = (
  status: string,
  lines: { variantId: string; quantity: number }[],
  got?: string[],
) => {
  const s = setup(status, [], got);
  const done = new ReceivePurchaseOrderHandler(s.runner).execute(
    new ReceivePurchaseOrderCommand('po-1', { lines }, buyer, testMeta),
  );
  return { ...s, done };
};
const statusWritten = (m: ReturnType<typeof setup>['m']) =>
  m.calls.find((c) => c.sql.startsWith('UPDATE purchase_orders SET status'))?.params[1];

describe('ReceivePurchaseOrderHandler', () => {
  it('adds what arrived to each line; part of the order → partly_received', async () => {
    const { m, runner, done } = receive('ordered', [
      { variantId: 'v-1', quantity: 4 },
      { variantId: 'v-1', quantity: 2 },
    ]);
    await done;
    const update = m.calls.find((c) => c.sql.includes('UPDATE purchase_order_lines'))!;
    expect(update.params).toEqual([['l-1'], ['6.000']]);
    expect(statusWritten(m)).toBe('partly_received');
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'purchase_order.receive',
      before: { status: 'ordered' },
      after: { status: 'partly_received', number: 'B01-PO-000001' },
    });
  });

  it('the rest of a partly received order → received', async () => {
    const { m, done } = receive(
      'partly_received',
      [
        { variantId: 'v-1', quantity: 4 },
        { variantId: 'v-2', quantity: 0.5 },
      ],
      ['6.000', '3.500'],
    );
    await done;
    expect(statusWritten(m)).toBe('received');
  });

  it('refuses more than is still due, an item not on the order and a closed order', async () => {
    const over = receive('partly_received', [{ variantId: 'v-2', quantity: 1 }], ['0', '3.500']);
    expect(await errorCode(over.done)).toBe('PURCHASE_ORDER_OVER_RECEIPT');
    expect(over.m.calls.some((c) => c.sql.startsWith('UPDATE'))).toBe(false);
    expect(await errorCode(receive('ordered', [{ variantId: 'v-9', quantity: 1 }]).done)).toBe(
      'PURCHASE_ORDER_LINE_UNKNOWN',
    );
    for (const status of ['received', 'closed', 'cancelled'])
      expect(await errorCode(receive(status, [{ variantId: 'v-1', quantity: 1 }]).done)).toBe(
        'PURCHASE_ORDER_ILLEGAL_TRANSITION',
      );
  });
});
