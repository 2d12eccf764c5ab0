import { NON_VAULT_TRANSACTION_KINDS, VAULT_MOVEMENT_TYPES } from '@pos/contracts';
import ar from './ar.json';
import en from './en.json';

// /Transactions names every kind of money movement it lists (cash's spec does the same for the
// movements of a vault on /Vault).
describe('/Transactions kinds', () => {
  it.each([
    ['ar', ar.kinds],
    ['en', en.kinds],
  ])('names every kind in %s', (_, kinds: Record<string, string>) => {
    const missing = [...NON_VAULT_TRANSACTION_KINDS, ...VAULT_MOVEMENT_TYPES].filter(
      (k) => !kinds[k],
    );
    expect(missing).toEqual([]);
  });
});
