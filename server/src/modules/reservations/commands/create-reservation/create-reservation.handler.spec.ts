import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { fakeLedger, mainVault } from '../../spec-fixture';
import { CreateReservationCommand } from './create-reservation.command';
import { CreateReservationHandler } from './create-reservation.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT customer_id FROM reservations WHERE id = \$1 FOR UPDATE/, []],
  [
    /^\s*SELECT variant_id, on_hand::text, reserved::text FROM stock_levels WHERE inventory_id = \$1 AND variant_id = ANY\(\$2\)/,
    [],
  ],
];

const dto = {
  id: 'r-1',
  customerId: 'c-1',
  lines: [
    { variantId: 'v-2', quantity: 1 },
    { variantId: 'v-1', quantity: 1 },
    { variantId: 'v-2', quantity: 1 },
  ],
  deposit: 3000,
  expiresAt: new Date(Date.now() + 86400_000).toISOString(),
};
const vault = mainVault;
const stubs = (available = '5') =>
  fakeManager([
    [/FROM inventories WHERE branch_id/, [{ id: 'inv-1', branch_id: 'b-1' }]],
    [/FROM customers WHERE id = \$1 FOR UPDATE/, [{ id: 'c-1', balance: '0', credit_limit: '0' }]],
    [/FROM variants v JOIN products/, [{ sell_price: '10000', name_ar: 'هاتف' }]],
    [/FROM stock_levels s JOIN inventories i/, [{ on_hand: available, reserved: '0' }]],
    [/FROM vaults WHERE branch_id = \$1 AND is_main/, [{ id: 'vault-1', account_id: 'acc-vault' }]],
    [/SELECT 1 FROM vaults/, [{ '?column?': 1 }]],
    [/FROM vaults WHERE id = \$1 FOR UPDATE/, [vault]],
    [/UPDATE vaults SET balance/, [[vault]]],
    [/branch_code|FROM branches/, [{ code: 'B01' }]],
    [/document_sequences/, [{ last: 1 }]],
    ...READS_ANSWERED_EMPTY,
  ]);
const run = (m: ReturnType<typeof fakeManager>, d: object = {}, user = testUser()) => {
  const { ledger, calls } = fakeLedger();
  const runner = fakeRunner(m);
  const result = new CreateReservationHandler(runner, ledger).execute(
    new CreateReservationCommand({ ...dto, ...d } as typeof dto, user, testMeta),
  );
  return { runner, calls, result };
};

describe('CreateReservationHandler', () => {
  it('reserves each variant once, in variant order, and takes the deposit into the main vault', async () => {
    const m = stubs();
    const { runner, calls, result } = run(m);
    expect(await result).toEqual({ id: 'r-1', created: true });
    expect(calls).toEqual([
      ['v-1', 'inv-1', '1.000'],
      ['v-2', 'inv-1', '2.000'],
    ]);
    expect(m.calls.find((c) => /UPDATE vaults SET balance/.test(c.sql))?.params).toEqual([
      'vault-1',
      3000,
    ]);
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'reservation.created',
      payload: { outcome: 'held', deposit: 3000, vaultAccountId: 'acc-vault', branchId: 'b-1' },
    });
  });

  it('refuses more than is available and an expiry in the past, nothing written', async () => {
    const short = stubs('1');
    expect(await errorCode(run(short).result)).toBe('INSUFFICIENT_STOCK');
    expect(short.calls.some((c) => /INSERT INTO reservations/.test(c.sql))).toBe(false);
    const past = stubs();
    const when = new Date(Date.now() - 1000).toISOString();
    expect(await errorCode(run(past, { expiresAt: when }).result)).toBe('RESERVATION_EXPIRY_PAST');
    expect(past.calls).toEqual([]);
  });

  it('answers a retry of the same reservation without reserving again', async () => {
    const m = stubs();
    const seen = fakeManager([
      [/FROM inventories WHERE branch_id/, [{ id: 'inv-1', branch_id: 'b-1' }]],
      [
        /FROM customers WHERE id = \$1 FOR UPDATE/,
        [{ id: 'c-1', balance: '0', credit_limit: '0' }],
      ],
      [/SELECT customer_id FROM reservations/, [{ customer_id: 'c-1' }]],
      ...READS_ANSWERED_EMPTY,
    ]);
    const { calls, result } = run(seen);
    expect(await result).toEqual({ id: 'r-1', created: false });
    expect(calls).toEqual([]);
    expect(m.calls).toEqual([]);
  });
});
