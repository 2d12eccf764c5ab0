// The transfer and its one line as the approve/ship/receive/cancel handler specs load them.
import type { CommandRunner } from '../../../core/cqrs/command-runner';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  type QueryStub,
  testUser,
} from '../../../core/cqrs/testing';
import { StockLedger } from '../../inventory';

// Reads of the handlers that their specs answer with no rows (the fake throws on SQL it has no
// stub for), after the stubs above.
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [
    /^\s*SELECT variant_id, on_hand::text, reserved::text FROM stock_levels WHERE inventory_id = \$1 AND variant_id = ANY\(\$2\)/,
    [],
  ],
  [
    /^\s*SELECT p\.name_ar, v\.properties FROM variants v JOIN products p ON p\.id = v\.product_id WHERE v\.id = \$1/,
    [],
  ],
  [
    /^\s*SELECT p\.name_ar FROM variants v JOIN products p ON p\.id = v\.product_id WHERE v\.id = \$1/,
    [],
  ],
  // the products' tracking (the inventory's trackingOf): every variant untracked
  [
    /p\.tracking, p\.imei_count/,
    (params) => (params[0] as string[]).map((id) => ({ variant_id: id, tracking: 'none' })),
  ],
];

export const row = (state: string) => ({
  id: 't-1',
  number: 'B1-TR-000001',
  state,
  from_inventory_id: 'i-1',
  to_inventory_id: 'i-2',
  from_branch_id: 'b-1',
  to_branch_id: 'b-2',
  note: null,
});
export const line = {
  id: 'l-1',
  line_no: 1,
  variant_id: 'v-1',
  quantity: '3.000',
  shipped_quantity: '3.000',
  received_quantity: null,
  unit_cost: '100',
};
export function setup(state: string, more: QueryStub[] = []) {
  const m = fakeManager([
    [/FROM transfer_requests WHERE id = \$1 FOR UPDATE/, [row(state)]],
    [/FROM transfer_request_lines WHERE transfer_id = \$1 ORDER BY variant_id/, [line]],
    [/AS value/, [{ value: '300' }]],
    ...more,
    ...READS_ANSWERED_EMPTY,
  ]);
  const ledger = {
    apply: jest.fn(async () => []),
    reserve: jest.fn(async () => undefined),
    lockBalances: StockLedger.prototype.lockBalances,
  } as unknown as StockLedger & { apply: jest.Mock; reserve: jest.Mock };
  return { m, runner: fakeRunner(m), ledger };
}
export const source = testUser({ branchId: 'b-1', permissions: ['can_transfer_products'] });
export const destination = testUser({ branchId: 'b-2', permissions: ['can_transfer_products'] });

/**
 * A step handler (approve, ship, receive, cancel) run on a fresh setup of the transfer in `state`:
 * the error code it answers a command with.
 */
export const stepRefusal =
  <C>(
    Handler: new (
      runner: CommandRunner,
      ledger: StockLedger,
    ) => { execute(c: C): Promise<unknown> },
  ) =>
  (state: string, command: C): Promise<string | undefined> => {
    const { runner, ledger } = setup(state);
    return errorCode(new Handler(runner, ledger).execute(command));
  };

/** What every transfer.* event of the fixture's transfer says, the value aside. */
export const moved = {
  transferId: 't-1',
  number: 'B1-TR-000001',
  fromBranchId: 'b-1',
  toBranchId: 'b-2',
  userId: 'u-1',
};
