// Rows the handler specs stub, as the modules' own reads return them (plain data, no jest).

/**
 * A vault's row as the cash module's `lockVault` reads it (a money-moving handler's spec stubs
 * one): the branch b-1's cash vault, empty; `over` changes what the spec needs.
 */
export const vaultRow = (over: Record<string, unknown> = {}) => ({
  id: 'v-1',
  name: 'الخزينة',
  type: 'cash',
  branch_id: 'b-1',
  balance: '0',
  allow_negative: false,
  active: true,
  account_id: 'acc-v1',
  ...over,
});
