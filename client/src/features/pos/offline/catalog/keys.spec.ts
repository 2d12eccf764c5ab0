import type { DeviceVariantRow } from '@pos/contracts';
import { toVariantDto, variantFromRow } from './keys';

// A tracked product's device row (issue 34, docs/decisions/0107) ends with its tracking and IMEI
// count, so the till asks for its serials offline too; an untracked row stops at the category.
describe('device catalog rows', () => {
  const base: DeviceVariantRow = [
    'v-1',
    'p-1',
    'هاتف',
    null,
    'SKU-1',
    ['622'],
    {},
    500_000,
    0,
    14,
    'piece',
    null,
    null,
    null,
  ];

  it('keeps a tracked product’s tracking and IMEI count on the cart’s variant', () => {
    const phone = toVariantDto(
      variantFromRow([...base.slice(0, 14), 'serial', 2] as unknown as DeviceVariantRow),
    );
    expect(phone).toMatchObject({ tracking: 'serial', imeiCount: 2 });
  });

  it('leaves an untracked product’s variant as it was', () => {
    const plain = toVariantDto(variantFromRow(base));
    expect(plain).not.toHaveProperty('tracking');
    expect(plain).not.toHaveProperty('imeiCount');
  });
});
