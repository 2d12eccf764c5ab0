import fc from 'fast-check';
import { INSTALLMENT_ERROR_CODES, phoneForWhatsApp } from './dto/installments.dto';
import { SERVER_MESSAGES } from './i18n/messages';
import {
  allocateCollection,
  buildSchedule,
  earlySettlement,
  type CollectTarget,
} from './installments';

// Issue 16 acceptance: Σ plan installments + down payment = sale total + fees − discounts, always —
// over a whole plan's life: partial collections in any amounts, then an early settlement with the
// store's discount on any day.
describe('a plan paid in parts then settled early', () => {
  it('always: down payment + Σ collected + settlement = total + interest + fee − discount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 100_000_000 }),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('monthly' as const, 'weekly' as const),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { maxLength: 8 }),
        fc.integer({ min: -10, max: 400 }),
        fc.integer({ min: 0, max: 10_000 }),
        (total, downShare, count, period, rateBp, fee, payments, settleDay, discountBp) => {
          const downPayment = Math.floor(total * downShare);
          let plan;
          try {
            plan = buildSchedule({
              total,
              downPayment,
              count,
              period,
              firstDueDate: '2027-01-31',
              monthlyRateBp: rateBp,
              fee,
            });
          } catch {
            return; // terms the shop cannot offer (too small): refused, nothing to check
          }
          const rows = plan.installments.map((i) => ({
            ...i,
            id: String(i.seq),
            paid: 0,
            lateFee: 0,
            lateFeePaid: 0,
          }));
          let collected = 0;
          for (const money of payments) {
            const open = rows.filter((r) => r.paid < r.amount) as CollectTarget[];
            const { allocations, outstanding, rest } = allocateCollection(open, money);
            expect(rest).toBe(Math.max(0, money - outstanding));
            if (rest > 0) continue; // over-collection: refused
            for (const a of allocations) {
              const row = rows.find((r) => r.id === a.installmentId)!;
              row.paid += a.amount;
              expect(row.paid).toBeLessThanOrEqual(row.amount);
            }
            collected += money;
          }
          const asOf = new Date(Date.UTC(2027, 0, 31 + settleDay)).toISOString().slice(0, 10);
          const settlement = earlySettlement(rows, asOf, discountBp);
          expect(settlement.discount).toBeGreaterThanOrEqual(0);
          expect(settlement.discount).toBeLessThanOrEqual(plan.interest);
          expect(downPayment + collected + settlement.toPay).toBe(
            total + plan.interest + plan.fee - settlement.discount,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('allocateCollection', () => {
  const targets: CollectTarget[] = [
    { id: 'b', seq: 2, amount: 1000, paid: 0, lateFee: 0, lateFeePaid: 0 },
    { id: 'a', seq: 1, amount: 1000, paid: 400, lateFee: 300, lateFeePaid: 100 },
  ];

  it('pays every late fee first, then the amounts, oldest first', () => {
    expect(allocateCollection(targets, 1000)).toEqual({
      allocations: [
        { installmentId: 'a', seq: 1, amount: 600, lateFee: 200 },
        { installmentId: 'b', seq: 2, amount: 200, lateFee: 0 },
      ],
      outstanding: 1800,
      rest: 0,
    });
  });

  it('reports what does not fit', () => {
    expect(allocateCollection(targets, 1801).rest).toBe(1);
    expect(allocateCollection([], 5).rest).toBe(5);
  });
});

describe('phoneForWhatsApp', () => {
  it('puts Egyptian mobiles in international form for wa.me', () => {
    expect(phoneForWhatsApp('01001234567')).toBe('201001234567');
    expect(phoneForWhatsApp('010 0123-4567')).toBe('201001234567');
    expect(phoneForWhatsApp('٠١٠٠١٢٣٤٥٦٧')).toBe('201001234567');
    expect(phoneForWhatsApp('+20 100 123 4567')).toBe('201001234567');
    expect(phoneForWhatsApp('00966501234567')).toBe('966501234567');
  });

  it('gives null when there is no usable number', () => {
    expect(phoneForWhatsApp(null)).toBeNull();
    expect(phoneForWhatsApp('')).toBeNull();
    expect(phoneForWhatsApp('0223456789')).toBeNull(); // a landline in local form
  });
});

describe('installment error codes', () => {
  it('each has an Arabic and an English message', () => {
    for (const code of INSTALLMENT_ERROR_CODES)
      for (const locale of ['ar', 'en'] as const)
        expect([locale, code, SERVER_MESSAGES[locale][`errors.${code}`]]).toEqual([
          locale,
          code,
          expect.stringMatching(/\S/),
        ]);
    for (const key of ['nationalId', 'guarantors', 'lateFee'])
      for (const locale of ['ar', 'en'] as const)
        expect(SERVER_MESSAGES[locale][`validation.installment.${key}`]).toBeTruthy();
  });
});
