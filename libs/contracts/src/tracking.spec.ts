import {
  batchExpired,
  isValidImei,
  luhnValid,
  normalizeSerial,
  parseSerialList,
  pickFefo,
  serialLineProblem,
  withLuhnDigit,
} from './tracking';

describe('IMEI check', () => {
  it('takes 15 digits whose last is the Luhn check digit', () => {
    expect(isValidImei('490154203237518')).toBe(true);
    expect(isValidImei('356938035643809')).toBe(true);
    expect(isValidImei('352099001761481')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length and letters', () => {
    expect(isValidImei('490154203237519')).toBe(false);
    expect(isValidImei('35209900176148')).toBe(false);
    expect(isValidImei('3520990017614810')).toBe(false);
    expect(isValidImei('49015420323751A')).toBe(false);
    expect(isValidImei('')).toBe(false);
  });

  it('reads Arabic-Indic and Persian digits and spaces as a keyboard types them', () => {
    expect(normalizeSerial(' ٤٩٠١٥٤ ٢٠٣٢٣٧٥١٨ ')).toBe('490154203237518');
    expect(isValidImei('٤٩٠١٥٤٢٠٣٢٣٧٥١٨')).toBe(true);
    expect(isValidImei('۴۹۰۱۵۴۲۰۳۲۳۷۵۱۸')).toBe(true);
    expect(normalizeSerial('sn-ab 12')).toBe('SN-AB12');
  });

  it('appends the check digit to a body', () => {
    expect(withLuhnDigit('49015420323751')).toBe('490154203237518');
    expect(luhnValid(withLuhnDigit('35000000000001'))).toBe(true);
    expect(luhnValid('12a')).toBe(false);
  });
});

describe('a line of serials', () => {
  const a = '490154203237518';
  const b = '356938035643809';
  const c = '352099001761481';

  it('reads a pasted list: one unit a line, a second IMEI beside the first', () => {
    expect(parseSerialList(`${a}\n\n ${b} , ${c}\r\nsn-1\t`)).toEqual([
      { serial: a },
      { serial: b, imei2: c },
      { serial: 'SN-1' },
    ]);
  });

  it('passes good units, and names the first bad one by its place', () => {
    expect(serialLineProblem([{ serial: a }, { serial: b }], 1)).toBeNull();
    expect(serialLineProblem([{ serial: 'SN-1' }, { serial: 'SN-2' }], 0)).toBeNull();
    expect(serialLineProblem([{ serial: a }, { serial: '490154203237519' }], 1)).toEqual({
      kind: 'imei',
      index: 1,
      serial: '490154203237519',
    });
    expect(serialLineProblem([{ serial: 'bad serial!' }], 0)).toMatchObject({ kind: 'invalid' });
    expect(serialLineProblem([{ serial: a }, { serial: a }], 1)).toEqual({
      kind: 'duplicate',
      index: 1,
      serial: a,
    });
    // a unit's two IMEIs are two codes: the second may not repeat another unit's
    expect(
      serialLineProblem(
        [
          { serial: a, imei2: b },
          { serial: b, imei2: c },
        ],
        2,
      ),
    ).toEqual({
      kind: 'duplicate',
      index: 1,
      serial: b,
    });
    expect(serialLineProblem([{ serial: a }], 2)).toEqual({
      kind: 'imei2Missing',
      index: 0,
      serial: a,
    });
  });

  it('refuses a serial a line before already had (the set carries over)', () => {
    const seen = new Set<string>();
    expect(serialLineProblem([{ serial: a }], 1, seen)).toBeNull();
    expect(serialLineProblem([{ serial: a }], 1, seen)).toMatchObject({ kind: 'duplicate' });
  });
});

describe('first expiry, first out', () => {
  const today = '2026-12-06';
  const batches = [
    { batchId: 'late', lot: 'L3', expiryDate: '2027-06-01', onHand: '10.000' },
    { batchId: 'soon', lot: 'L2', expiryDate: '2026-12-20', onHand: 4 },
    { batchId: 'gone', lot: 'L1', expiryDate: '2026-12-01', onHand: 5 },
    { batchId: 'empty', lot: 'L0', expiryDate: '2026-12-10', onHand: 0 },
  ];

  it('takes the earliest expiry first, across batches, leaving expired and empty ones', () => {
    expect(pickFefo(batches, 6, today)).toEqual({
      picks: [
        { batchId: 'soon', lot: 'L2', expiryDate: '2026-12-20', quantity: 4 },
        { batchId: 'late', lot: 'L3', expiryDate: '2027-06-01', quantity: 2 },
      ],
      short: 0,
    });
  });

  it('takes an expired batch first only when allowed', () => {
    expect(pickFefo(batches, 2, today, { allowExpired: true }).picks).toEqual([
      { batchId: 'gone', lot: 'L1', expiryDate: '2026-12-01', quantity: 2 },
    ]);
  });

  it('says what it could not cover, and keeps thousandths exact', () => {
    expect(pickFefo(batches, 20, today).short).toBe(6);
    const weighed = [
      { batchId: 'a', lot: 'A', expiryDate: '2027-01-01', onHand: '0.100' },
      { batchId: 'b', lot: 'B', expiryDate: '2027-02-01', onHand: '0.200' },
    ];
    expect(pickFefo(weighed, 0.3, today)).toEqual({
      picks: [
        { batchId: 'a', lot: 'A', expiryDate: '2027-01-01', quantity: 0.1 },
        { batchId: 'b', lot: 'B', expiryDate: '2027-02-01', quantity: 0.2 },
      ],
      short: 0,
    });
  });

  it('breaks a tie of expiry dates by lot, the same pick every time', () => {
    const tie = [
      { batchId: 'y', lot: 'Y', expiryDate: '2027-01-01', onHand: 1 },
      { batchId: 'x', lot: 'X', expiryDate: '2027-01-01', onHand: 1 },
    ];
    expect(pickFefo(tie, 1, today).picks.map((p) => p.batchId)).toEqual(['x']);
  });

  it('sells a batch on its expiry day, not after', () => {
    expect(batchExpired('2026-12-06', today)).toBe(false);
    expect(batchExpired('2026-12-05', today)).toBe(true);
  });
});
