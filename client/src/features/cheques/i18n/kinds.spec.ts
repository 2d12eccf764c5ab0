import { NON_VAULT_TRANSACTION_KINDS, VAULT_MOVEMENT_TYPES } from '@pos/contracts';
import cashAr from '../../cash/i18n/ar.json';
import cashEn from '../../cash/i18n/en.json';
import ar from './ar.json';
import en from './en.json';

// Every kind of money movement has its label on the two screens that list movements: /Transactions
// (this feature's `kinds`) and a vault's movements on /Vault (cash's `movements.types`).
describe('money movement labels', () => {
  it.each([
    ['ar', ar.kinds],
    ['en', en.kinds],
  ])('/Transactions names every kind in %s', (_, kinds: Record<string, string>) => {
    const missing = [...NON_VAULT_TRANSACTION_KINDS, ...VAULT_MOVEMENT_TYPES].filter(
      (k) => !kinds[k],
    );
    expect(missing).toEqual([]);
  });

  it.each([
    ['ar', cashAr.movements.types],
    ['en', cashEn.movements.types],
  ])('/Vault names every movement type in %s', (_, types: Record<string, string>) => {
    expect(VAULT_MOVEMENT_TYPES.filter((k) => !types[k])).toEqual([]);
  });
});
