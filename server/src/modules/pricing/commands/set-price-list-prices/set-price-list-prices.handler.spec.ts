import type { PriceListPricesDto } from '@pos/contracts';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { SetPriceListPricesCommand } from './set-price-list-prices.command';
import { SetPriceListPricesHandler } from './set-price-list-prices.handler';

const list = {
  id: 'l-1',
  name: 'جملة',
  kind: 'wholesale',
  priority: 0,
  active: true,
  validFrom: null,
  validTo: null,
  branchIds: [],
  customerGroupIds: [],
};
const manager = (known: string[]) =>
  fakeManager(
    [
      [/FROM variants/, known.map((id) => ({ id }))],
      [/INSERT INTO price_list_items/, []],
      [/count\(\*\)::int AS count/, [{ count: 2 }]],
      [/UPDATE pricing_state/, [{ version: '3' }]],
    ],
    { findOne: list },
  );
const run = (
  m: ReturnType<typeof manager>,
  dto: PriceListPricesDto,
  user = testUser({ isAdmin: true }),
) =>
  new SetPriceListPricesHandler(fakeRunner(m)).execute(
    new SetPriceListPricesCommand('l-1', dto, user, testMeta),
  );

describe('SetPriceListPricesHandler', () => {
  it('upserts the prices and deletes the removed ones in one statement each', async () => {
    const m = manager(['v-1']);
    const result = await run(m, {
      items: [{ variantId: 'v-1', unitPrice: 900, breaks: [{ minQuantity: 12, unitPrice: 800 }] }],
      removeVariantIds: ['v-2'],
    });
    expect(result).toEqual({ set: 1, removed: 1, items: 2 });
    const upsert = m.calls.find((c) => /INSERT INTO price_list_items/.test(c.sql))!;
    expect(JSON.parse(upsert.params[1] as string)).toEqual([
      { variant_id: 'v-1', unit_price: 900, breaks: [{ minQuantity: 12, unitPrice: 800 }] },
    ]);
    expect(m.calls.some((c) => /DELETE FROM price_list_items/.test(c.sql))).toBe(true);
  });

  it('refuses an unknown variant, a variant twice, and a store-wide list for a branch user', async () => {
    expect(await errorCode(run(manager([]), { items: [{ variantId: 'v-9', unitPrice: 1 }] }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(
      await errorCode(
        run(manager(['v-1']), {
          items: [
            { variantId: 'v-1', unitPrice: 1 },
            { variantId: 'v-1', unitPrice: 2 },
          ],
        }),
      ),
    ).toBe('VALIDATION_FAILED');
    expect(
      await errorCode(run(manager(['v-1']), { items: [] }, testUser({ branchId: 'b-1' }))),
    ).toBe('PRICING_BRANCH_SCOPE');
  });
});
