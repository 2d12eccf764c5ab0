import { errorCode, fakeManager, fakeRunner, testMeta, testUser } from '../../core/cqrs/testing';
import { ChangeResource, ChangeResourceHandler } from '../../core/resource';
import { vendors, vendorSearchText } from './vendors.resource';

// The vendor's rules on the kit's command: the search text is kept normalised, the opening balance
// is posted once through the ledger (with its fact for the books), and may change only while the
// vendor has no other ledger row, as a reversal and a new posting.
const clerk = testUser({ branchId: 'b-1', permissions: ['can_see_vendors', 'can_see_totals'] });
const before = {
  id: 'v-1',
  name: 'شركة الأمل',
  phones: ['0100'],
  taxNumber: null,
  commercialRegister: null,
  openingBalance: 5000,
};

function setup(found: object | null = null, otherRows = false) {
  const m = fakeManager(
    [
      [/type <> 'opening'/, otherRows ? [{ '?column?': 1 }] : []],
      [/UPDATE vendors SET balance/, (p) => [[{ balance: String(p[1]) }]]],
    ],
    { findOne: found },
  );
  const runner = fakeRunner(m);
  return { m, runner, handler: new ChangeResourceHandler(runner, vendors) };
}
const ledger = (m: ReturnType<typeof setup>['m']) =>
  m.calls.filter((c) => /INSERT INTO vendor_ledger/.test(c.sql)).map((c) => c.params[3]);

describe('vendors on the resource kit', () => {
  it('normalises the search text of the name, phones and numbers', () => {
    expect(
      vendorSearchText({ name: 'مؤسسة إيمان للتجارة', phones: ['010 1'], taxNumber: 'AB-9' }),
    ).toBe('مؤسسه ايمان للتجاره 010 1 ab-9');
  });

  it('creates a vendor and posts a non-zero opening balance once, with its fact', async () => {
    const { m, runner, handler } = setup();
    await handler.execute(
      new ChangeResource(
        'create',
        'v-9',
        { name: ' أحمد ', phones: ['0100 ', '0100'], openingBalance: 12500 },
        clerk,
        testMeta,
      ),
    );
    expect(m.calls.find((c) => c.sql === 'insert')!.params[1]).toMatchObject({
      id: 'v-9',
      name: 'أحمد',
      phones: ['0100'],
      openingBalance: 12500,
      searchText: 'احمد 0100',
    });
    expect(ledger(m)).toEqual([12500]);
    expect(runner.tx!.raised).toEqual([
      {
        type: 'vendor.opening.posted',
        payload: {
          vendorId: 'v-9',
          vendorName: 'أحمد',
          amount: 12500,
          branchId: 'b-1',
          userId: 'u-1',
        },
      },
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'vendor.create', entityId: 'v-9' });
  });

  it('posts nothing for a zero opening balance', async () => {
    const { m, runner, handler } = setup();
    await handler.execute(new ChangeResource('create', 'v-9', { name: 'صفر' }, clerk, testMeta));
    expect(ledger(m)).toEqual([]);
    expect(runner.tx!.raised).toEqual([]);
  });

  it('changes the opening balance by a reversal and a new posting while nothing else was posted', async () => {
    const { m, runner, handler } = setup(before);
    await handler.execute(
      new ChangeResource('update', 'v-1', { openingBalance: 8000 }, clerk, testMeta),
    );
    expect(ledger(m)).toEqual([-5000, 8000]);
    expect(runner.tx!.raised.map((e) => (e.payload as { amount: number }).amount)).toEqual([
      -5000, 8000,
    ]);
  });

  it('refuses to change the opening balance once the vendor has other ledger rows', async () => {
    const { m, handler } = setup(before, true);
    expect(
      await errorCode(
        handler.execute(
          new ChangeResource('update', 'v-1', { openingBalance: 1 }, clerk, testMeta),
        ),
      ),
    ).toBe('VENDOR_OPENING_LOCKED');
    expect(m.calls.some((c) => c.sql === 'update' || /INSERT/.test(c.sql))).toBe(false);
  });

  it('keeps the search text in step with an edited name and leaves other edits alone', async () => {
    const { m, handler } = setup(before);
    await handler.execute(new ChangeResource('update', 'v-1', { name: 'الأمل' }, clerk, testMeta));
    expect(m.calls.find((c) => c.sql === 'update')!.params[2]).toEqual({
      name: 'الأمل',
      searchText: 'الامل 0100',
    });
    const notes = setup(before);
    await notes.handler.execute(
      new ChangeResource('update', 'v-1', { notes: ' ملاحظة ' }, clerk, testMeta),
    );
    expect(notes.m.calls.find((c) => c.sql === 'update')!.params[2]).toEqual({ notes: 'ملاحظة' });
    expect(ledger(notes.m)).toEqual([]);
  });

  it('answers amounts owed only to holders of can_see_totals', () => {
    const row = { id: 'v-1', name: 'x', balance: '100', openingBalance: '5' } as never;
    expect(vendors.toRow!(row, clerk)).toMatchObject({ balance: 100, openingBalance: 5 });
    const seer = testUser({ permissions: ['can_see_vendors'] });
    expect(vendors.toRow!(row, seer)).toEqual({ id: 'v-1', name: 'x' });
  });
});
