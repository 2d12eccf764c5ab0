import { DomainEventSubscribers } from '../../../../core/cqrs';
import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import { didWrite, installmentManager, writes } from '../spec-fixture';
import { CreateInstallmentPlanCommand } from './create-installment-plan.command';
import { CreateInstallmentPlanHandler } from './create-installment-plan.handler';

const GUARANTOR = {
  name: 'ضامن',
  nationalId: '30105152101244',
  phone: '01112223334',
  address: 'الجيزة',
};
const dto = {
  id: 'p-new',
  saleId: 's-1',
  count: 12,
  period: 'monthly' as const,
  firstDueDate: '2026-04-15',
  monthlyRateBp: 250,
  fee: 5000,
  nationalId: '٢٩٠٠١٠١٠١٢٣٤٥٦',
  guarantors: [GUARANTOR],
};
const sale = (over: object = {}) =>
  [
    /FROM sales_invoices s WHERE id/,
    [
      {
        id: 's-1',
        number: 'B01-R01-000010',
        branch_id: 'b-1',
        customer_id: 'c-1',
        total: '1200000',
        due_amount: '1000000',
        reduced: '0',
        ...over,
      },
    ],
  ] as [RegExp, unknown[]];

const run = (m: ReturnType<typeof installmentManager>, over: object = {}, user = testUser()) => {
  const runner = fakeRunner(m, new DomainEventSubscribers());
  const result = new CreateInstallmentPlanHandler(runner).execute(
    new CreateInstallmentPlanCommand({ ...dto, ...over } as never, user, testMeta),
  );
  return { runner, result };
};

describe('CreateInstallmentPlanHandler', () => {
  it("finances the sale's amount due: schedule, guarantors, the charge on the customer, the national ID kept", async () => {
    const m = installmentManager([
      sale(),
      [/FROM installment_plans WHERE id = \$1 FOR UPDATE/, []],
    ]);
    const { runner, result } = run(m);
    expect(await result).toEqual({ id: 'p-new', created: true });
    const [plan] = writes(m, /INSERT INTO installment_plans/);
    // financed 10,000 EGP, 3,000 interest, 50 fee: 13,050 to pay; down payment 2,000.
    expect(plan.params.slice(0, 7)).toEqual([
      'p-new',
      'B01-IP-000007',
      'b-1',
      'c-1',
      's-1',
      null,
      12,
    ]);
    expect(plan.params.slice(11, 16)).toEqual([1_200_000, 200_000, 1_000_000, 300_000, 1_305_000]);
    const [rows] = writes(m, /INSERT INTO installments/);
    expect(rows.params[4]).toEqual([...Array(11).fill(108_700), 109_300]);
    expect(rows.params[3]).toEqual(
      expect.arrayContaining(['2026-04-15', '2026-05-15', '2027-03-15']),
    );
    expect(writes(m, /INSERT INTO installment_guarantors/)[0].params.slice(3)).toEqual([
      'ضامن',
      '30105152101244',
      '01112223334',
      'الجيزة',
    ]);
    const [ledger] = writes(m, /INSERT INTO customer_ledger/);
    expect(ledger.params.slice(1, 4)).toEqual(['c-1', 'installment_charge', 305_000]);
    // Arabic-Indic digits are kept as Latin ones.
    expect(writes(m, /UPDATE customers SET national_id/)[0].params).toEqual([
      'c-1',
      '29001010123456',
    ]);
    expect(runner.tx!.raised[0]).toEqual({
      type: 'installment.money',
      payload: expect.objectContaining({ kind: 'charge', amount: 305_000, planId: 'p-new' }),
    });
    expect(runner.tx!.events).toEqual([
      { branchId: 'b-1', type: 'installment.due', payload: { count: 0, amount: 0 } },
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'installment.create', entityId: 'p-new' });
  });

  it('refuses a sale already planned or with nothing left on the customer (409)', async () => {
    const planned = installmentManager([
      sale(),
      [/FROM installment_plans WHERE id = \$1 FOR UPDATE/, []],
      [/FROM installment_plans WHERE sale_id/, [{ '?column?': 1 }]],
    ]);
    expect(await errorCode(run(planned).result)).toBe('INSTALLMENT_NOTHING_TO_FINANCE');
    const paid = installmentManager([
      sale({ due_amount: '300000', reduced: '300000' }),
      [/FROM installment_plans WHERE id = \$1 FOR UPDATE/, []],
    ]);
    expect(await errorCode(run(paid).result)).toBe('INSTALLMENT_NOTHING_TO_FINANCE');
    const walkIn = installmentManager([sale({ customer_id: null })]);
    expect(await errorCode(run(walkIn).result)).toBe('INSTALLMENT_SALE_NOT_ELIGIBLE');
    expect(didWrite(planned) || didWrite(paid) || didWrite(walkIn)).toBe(false);
  });

  it('answers 400 for an unreadable national ID and bad terms, before writing', async () => {
    const m = installmentManager([
      sale(),
      [/FROM installment_plans WHERE id = \$1 FOR UPDATE/, []],
    ]);
    expect(await errorCode(run(m, { nationalId: '29913010123456' }).result)).toBe(
      'INSTALLMENT_NATIONAL_ID',
    );
    expect(
      await errorCode(
        run(m, { guarantors: [{ ...GUARANTOR, nationalId: '30105159901244' }] }).result,
      ),
    ).toBe('INSTALLMENT_NATIONAL_ID');
    expect(await errorCode(run(m, { count: 121 }).result)).toBe('INSTALLMENT_COUNT');
    expect(
      await errorCode(
        run(m, { guarantors: [{ ...GUARANTOR, nationalId: '29001010123456' }] }).result,
      ),
    ).toBe('INSTALLMENT_GUARANTOR');
    expect(await errorCode(run(m, { guarantors: [GUARANTOR, GUARANTOR] }).result)).toBe(
      'INSTALLMENT_GUARANTOR',
    );
    expect(await errorCode(run(m, { firstDueDate: '2026-02-30' }).result)).toBe('INSTALLMENT_DATE');
    expect(didWrite(m)).toBe(false);
  });

  it("refuses a national ID other than the one on the customer's card", async () => {
    const m = installmentManager([
      sale(),
      [/SELECT national_id FROM customers/, [{ national_id: '28503120101234' }]],
    ]);
    expect(await errorCode(run(m).result)).toBe('INSTALLMENT_NATIONAL_ID_MISMATCH');
    expect(didWrite(m)).toBe(false);
  });

  it("returns the same plan for a retry and refuses the id for another sale; another branch's sale is not found", async () => {
    const { requestHash } = await import('../../plan-rules');
    const hash = requestHash({ ...dto, nationalId: '29001010123456' });
    const retry = installmentManager([
      sale(),
      [
        /FROM installment_plans WHERE id = \$1 FOR UPDATE/,
        [{ sale_id: 's-1', request_hash: hash }],
      ],
    ]);
    expect(await run(retry).result).toEqual({ id: 'p-new', created: false });
    expect(didWrite(retry)).toBe(false);
    const other = installmentManager([
      sale(),
      [
        /FROM installment_plans WHERE id = \$1 FOR UPDATE/,
        [{ sale_id: 's-9', request_hash: hash }],
      ],
    ]);
    expect(await errorCode(run(other).result)).toBe('INSTALLMENT_ID_CONFLICT');
    const elsewhere = installmentManager([sale({ branch_id: 'b-2' })]);
    expect(await errorCode(run(elsewhere).result)).toBe('NOT_FOUND');
  });
});
