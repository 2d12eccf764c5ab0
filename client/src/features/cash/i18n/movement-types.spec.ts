import { VAULT_MOVEMENT_TYPES } from '@pos/contracts';
import ar from './ar.json';
import en from './en.json';

// A vault's movements on /Vault: every movement type has its label.
describe('vault movement types', () => {
  it.each([
    ['ar', ar.movements.types],
    ['en', en.movements.types],
  ])('are all named in %s', (_, types: Record<string, string>) => {
    expect(VAULT_MOVEMENT_TYPES.filter((k) => !types[k])).toEqual([]);
  });
});
