import fc from 'fast-check';
import {
  buildSchedule,
  dueDateAt,
  earlySettlement,
  lateFee,
  parseNationalId,
  PlanTermsError,
  type PlanTerms,
} from './installments';

const fridge: PlanTerms = {
  total: 1_200_000, // 12,000 EGP
  downPayment: 200_000,
  count: 12,
  period: 'monthly',
  firstDueDate: '2027-01-31',
  monthlyRateBp: 0,
  fee: 0,
};

describe('buildSchedule (worked examples in docs/decisions/)', () => {
  it('splits a 12,000 EGP fridge with 2,000 down into 12 whole-pound installments, remainder last', () => {
    const s = buildSchedule(fridge);
    expect(s).toMatchObject({ financed: 1_000_000, interest: 0, fee: 0, toPay: 1_000_000 });
    expect(s.installments.slice(0, 11).every((i) => i.amount === 83_300)).toBe(true);
    expect(s.installments[11].amount).toBe(83_700);
    expect(s.installments.map((i) => i.dueDate).slice(0, 3)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
    expect(s.installments[11].dueDate).toBe('2027-12-31');
  });

  it('adds a flat 2.5 % a month and a 50 EGP fee', () => {
    const s = buildSchedule({ ...fridge, monthlyRateBp: 250, fee: 5_000 });
    expect(s).toMatchObject({ interest: 300_000, fee: 5_000, toPay: 1_305_000 });
    expect(s.installments[0]).toMatchObject({ seq: 1, amount: 108_700, interest: 25_000 });
    expect(s.installments[11]).toMatchObject({ seq: 12, amount: 109_300, interest: 25_000 });
  });

  it('prices a weekly plan over 12/52 of a month per week, half up', () => {
    const s = buildSchedule({
      total: 150_000,
      downPayment: 50_000,
      count: 10,
      period: 'weekly',
      firstDueDate: '2027-03-01',
      monthlyRateBp: 300,
      fee: 0,
    });
    // 100,000 × 3 % × (10 × 12 / 52) = 6,923.08 → 6,923 piasters
    expect(s.interest).toBe(6_923);
    expect(s.installments.map((i) => i.dueDate).slice(0, 2)).toEqual(['2027-03-01', '2027-03-08']);
    expect(s.installments[9].dueDate).toBe('2027-05-03');
  });

  it('keeps the day of the month and clamps to short months, leap years included', () => {
    expect(dueDateAt('2028-01-31', 1, 'monthly')).toBe('2028-02-29');
    expect(dueDateAt('2027-01-31', 1, 'monthly')).toBe('2027-02-28');
    expect(dueDateAt('2027-11-30', 3, 'monthly')).toBe('2028-02-29');
    expect(dueDateAt('2027-12-15', 1, 'monthly')).toBe('2028-01-15');
  });

  it('refuses terms it cannot honour', () => {
    const bad = (terms: Partial<PlanTerms>) => {
      try {
        buildSchedule({ ...fridge, ...terms });
        return null;
      } catch (e) {
        return (e as PlanTermsError).code;
      }
    };
    expect(bad({ count: 0 })).toBe('INSTALLMENT_COUNT');
    expect(bad({ count: 121 })).toBe('INSTALLMENT_COUNT');
    expect(bad({ downPayment: 1_200_000 })).toBe('INSTALLMENT_DOWN_PAYMENT');
    expect(bad({ downPayment: -1 })).toBe('INSTALLMENT_DOWN_PAYMENT');
    expect(bad({ monthlyRateBp: 1_001 })).toBe('INSTALLMENT_RATE');
    expect(bad({ fee: -5 })).toBe('INSTALLMENT_FEE');
    expect(bad({ total: 1_000, downPayment: 0, count: 12 })).toBe('INSTALLMENT_TOO_SMALL');
    expect(bad({ firstDueDate: '2027-02-30' })).toBe('INSTALLMENT_DATE');
    expect(bad({})).toBeNull();
  });

  it('always: Σ installments + down payment = total + interest + fee, whole pounds but the last', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 1_000_000_000 }),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom('monthly' as const, 'weekly' as const),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (total, downShare, count, period, monthlyRateBp, fee) => {
          const downPayment = Math.floor(total * downShare);
          if (total - downPayment + fee < count * 100) return;
          const s = buildSchedule({
            total,
            downPayment,
            count,
            period,
            firstDueDate: '2027-01-31',
            monthlyRateBp,
            fee,
          });
          const paid = s.installments.reduce((sum, i) => sum + i.amount, 0);
          expect(paid + downPayment).toBe(total + s.interest + s.fee);
          expect(s.installments.reduce((sum, i) => sum + i.interest, 0)).toBe(s.interest);
          expect(s.installments.every((i) => i.amount > 0 && i.interest >= 0)).toBe(true);
          expect(s.installments.slice(0, -1).every((i) => i.amount % 100 === 0)).toBe(true);
          const dates = s.installments.map((i) => i.dueDate);
          expect([...dates].sort()).toEqual(dates);
          expect(new Set(dates).size).toBe(count);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('lateFee', () => {
  const due = { amount: 108_700, dueDate: '2027-01-10' };
  it('charges nothing within the grace days, then per started period', () => {
    const fixed = { kind: 'fixed' as const, value: 2_000, graceDays: 3 };
    expect(lateFee(due, 'monthly', fixed, '2027-01-09')).toBe(0);
    expect(lateFee(due, 'monthly', fixed, '2027-01-13')).toBe(0);
    expect(lateFee(due, 'monthly', fixed, '2027-01-14')).toBe(2_000);
    expect(lateFee(due, 'monthly', fixed, '2027-02-09')).toBe(2_000);
    expect(lateFee(due, 'monthly', fixed, '2027-02-10')).toBe(4_000);
    expect(lateFee(due, 'weekly', fixed, '2027-01-18')).toBe(4_000);
  });
  it('takes a percent of the installment, half up', () => {
    const percent = { kind: 'percent' as const, value: 200, graceDays: 0 };
    expect(lateFee(due, 'monthly', percent, '2027-01-11')).toBe(2_174);
    expect(lateFee({ ...due, amount: 25 }, 'monthly', percent, '2027-01-11')).toBe(1); // 0.5 → 1
    expect(lateFee(due, 'monthly', { kind: 'none', value: 0, graceDays: 0 }, '2027-06-01')).toBe(0);
  });
});

describe('earlySettlement', () => {
  it('waives the given share of the interest of installments not yet due', () => {
    const s = buildSchedule({ ...fridge, monthlyRateBp: 250, fee: 5_000 });
    const rows = s.installments.map((i) => ({ ...i, paid: i.seq <= 2 ? i.amount : 0 }));
    // settled on #3's due date: #3 is due (no discount), #4…#12 are not
    const out = earlySettlement(rows, '2027-03-31', 5_000);
    expect(out).toEqual({ outstanding: 1_087_600, discount: 112_500, toPay: 975_100 });
    expect(earlySettlement(rows, '2027-03-31', 0).discount).toBe(0);
  });
});

describe('parseNationalId', () => {
  const today = '2026-11-25';
  it('reads the birth date, governorate and sex', () => {
    expect(parseNationalId('29001010123456', today)).toEqual({
      birthDate: '1990-01-01',
      governorate: '01',
      sex: 'male',
    });
    expect(parseNationalId('30105152101244', today)).toEqual({
      birthDate: '2001-05-15',
      governorate: '21',
      sex: 'female',
    });
    // Arabic-Indic digits as typed on an Arabic keyboard
    expect(parseNationalId('٢٩٠٠١٠١٠١٢٣٤٥٦', today)?.birthDate).toBe('1990-01-01');
  });
  it('refuses what cannot be a national ID', () => {
    expect(parseNationalId('2900101012345', today)).toBeNull(); // 13 digits
    expect(parseNationalId('19001010123456', today)).toBeNull(); // century digit
    expect(parseNationalId('29002300123456', today)).toBeNull(); // 30 February
    expect(parseNationalId('29001010523456', today)).toBeNull(); // governorate 05
    expect(parseNationalId('32701010123456', today)).toBeNull(); // born in 2027
    expect(parseNationalId('2900101012345a', today)).toBeNull();
  });
});
