import {
  BARCODE,
  BarcodeScanner,
  isFormField,
  scanTarget,
  systemClock,
  type Clock,
} from './barcode';

// Fake timers drive both Date.now() and setTimeout, so every spec timing is exercised exactly.
describe('BarcodeScanner', () => {
  let scans: string[];
  let scanner: BarcodeScanner;
  const clock: Clock = systemClock;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
    scans = [];
    scanner = new BarcodeScanner((code) => scans.push(code), clock);
  });
  afterEach(() => {
    scanner.dispose();
    jest.useRealTimers();
  });

  /** Types `text` with `gapMs` between keys, then Enter after `enterGapMs`. */
  function type(
    text: string,
    gapMs: number,
    opts: { inFormField?: boolean; enterGapMs?: number; enter?: boolean } = {},
  ) {
    const results: string[] = [];
    [...text].forEach((ch, i) => {
      if (i > 0) jest.advanceTimersByTime(gapMs);
      results.push(scanner.handleKey({ key: ch, inFormField: !!opts.inFormField }));
    });
    if (opts.enter !== false) {
      jest.advanceTimersByTime(opts.enterGapMs ?? gapMs);
      results.push(scanner.handleKey({ key: 'Enter', inFormField: !!opts.inFormField }));
    }
    return results;
  }

  it('accepts fast keys ended by Enter, handled 20 ms after Enter', () => {
    const results = type('6221031490019', 10);
    expect(results.at(-1)).toBe('scan');
    jest.advanceTimersByTime(BARCODE.handleDelayMs - 1);
    expect(scans).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(scans).toEqual(['6221031490019']);
  });

  it('hands the scan the element its Enter went to, not where the focus is when it is handled', () => {
    const seen: unknown[] = [];
    const own = new BarcodeScanner((_, target) => seen.push(target), clock);
    const box = { name: 'the search box' };
    for (const ch of '6221031490019') {
      own.handleKey({ key: ch, inFormField: true, target: box });
      jest.advanceTimersByTime(5);
    }
    expect(own.handleKey({ key: 'Enter', inFormField: true, target: box })).toBe('scan');
    // a key elsewhere before the scan is handled (the focus moved into a dialog) changes nothing
    own.handleKey({ key: 'x', inFormField: true, target: { name: 'a dialog' } });
    jest.advanceTimersByTime(BARCODE.handleDelayMs);
    expect(seen).toEqual([box]);
    own.dispose();
  });

  it('needs Enter: fast keys without Enter are dropped by the 200 ms timer', () => {
    type('12345678', 10, { enter: false });
    expect(scanner.pending).toBe('12345678');
    jest.advanceTimersByTime(BARCODE.resetTimerMs - 1);
    expect(scanner.pending).toBe('12345678');
    jest.advanceTimersByTime(1);
    expect(scanner.pending).toBe('');
    scanner.handleKey({ key: 'Enter', inFormField: false });
    jest.advanceTimersByTime(100);
    expect(scans).toEqual([]);
  });

  it('the 200 ms timer restarts on every key, so a long scan is not cut', () => {
    type('A'.repeat(BARCODE.maxLength), 10);
    jest.advanceTimersByTime(BARCODE.handleDelayMs);
    expect(scans).toEqual(['A'.repeat(BARCODE.maxLength)]);
  });

  it('enforces length 4..50', () => {
    type('123', 10);
    jest.advanceTimersByTime(50);
    expect(scans).toEqual([]);
    type('1234', 10);
    jest.advanceTimersByTime(50);
    expect(scans).toEqual(['1234']);
  });

  it('resets on overflow (more than 50 characters)', () => {
    const results = type('9'.repeat(BARCODE.maxLength + 1), 10);
    expect(results[BARCODE.maxLength]).toBe('ignored');
    expect(results.at(-1)).toBe('ignored');
    jest.advanceTimersByTime(50);
    expect(scans).toEqual([]);
  });

  it('keys must be within 100 ms of each other: a longer gap restarts the buffer', () => {
    type('1234', 10, { enter: false });
    jest.advanceTimersByTime(BARCODE.maxGapMs + 1);
    scanner.handleKey({ key: '5', inFormField: false });
    expect(scanner.pending).toBe('5');
    // exactly 100 ms still counts as the same scan
    jest.advanceTimersByTime(BARCODE.maxGapMs);
    scanner.handleKey({ key: '6', inFormField: false });
    expect(scanner.pending).toBe('56');
  });

  it("measures the gaps between presses (the events' timeStamp), not between their handling", () => {
    // The page was busy for 150 ms after the first key: the others, pressed 10 ms apart, were
    // handled together after it. By handling time the first key stood alone and was lost.
    const code = '6221031490019';
    scanner.handleKey({ key: code[0], inFormField: false, at: 1_000 });
    jest.advanceTimersByTime(150);
    [...code.slice(1), 'Enter'].forEach((key, i) =>
      scanner.handleKey({ key, inFormField: false, at: 1_010 + i * 10 }),
    );
    jest.advanceTimersByTime(BARCODE.handleDelayMs);
    expect(scans).toEqual([code]);
    // Pressed 150 ms apart, they are two people's keys, however fast they were handled.
    scanner.handleKey({ key: '1', inFormField: false, at: 5_000 });
    for (const [i, key] of [...'2345', 'Enter'].entries())
      scanner.handleKey({ key, inFormField: false, at: 5_150 + i * 10 });
    jest.advanceTimersByTime(BARCODE.handleDelayMs);
    expect(scans).toEqual([code, '2345']);
  });

  it('an Enter more than 100 ms after the last key is not a scan', () => {
    type('12345678', 10, { enterGapMs: BARCODE.maxGapMs + 1 });
    jest.advanceTimersByTime(50);
    expect(scans).toEqual([]);
  });

  it('in a form field a gap over 50 ms means typing, not scanning', () => {
    const typed = type('hello world', 51, { inFormField: true, enterGapMs: 51 });
    expect(typed.at(-1)).toBe('ignored');
    jest.advanceTimersByTime(100);
    expect(scans).toEqual([]);
    // ...but 50 ms is still a scanner (and outside form fields 51..100 ms is too)
    type('ABCD1234', 50, { inFormField: true });
    type('ZXCV9876', 80, { inFormField: false });
    jest.advanceTimersByTime(50);
    expect(scans).toEqual(['ABCD1234', 'ZXCV9876']);
  });

  it('clears after Enter and trims the code', () => {
    type(' 12345 ', 10);
    expect(scanner.pending).toBe('');
    jest.advanceTimersByTime(BARCODE.handleDelayMs);
    expect(scans).toEqual(['12345']);
  });

  it('ignores shortcuts and non-character keys without breaking a scan', () => {
    type('12', 10, { enter: false });
    jest.advanceTimersByTime(5);
    expect(scanner.handleKey({ key: 'Shift', inFormField: false })).toBe('ignored');
    expect(scanner.handleKey({ key: 's', ctrlKey: true, inFormField: false })).toBe('ignored');
    jest.advanceTimersByTime(5);
    scanner.handleKey({ key: '3', inFormField: false });
    jest.advanceTimersByTime(10);
    scanner.handleKey({ key: '4', inFormField: false });
    jest.advanceTimersByTime(10);
    scanner.handleKey({ key: 'Enter', inFormField: false });
    jest.advanceTimersByTime(BARCODE.handleDelayMs);
    expect(scans).toEqual(['1234']);
  });

  it('has the spec constants', () => {
    expect(BARCODE).toEqual({
      minLength: 4,
      maxLength: 50,
      maxGapMs: 100,
      formFieldGapMs: 50,
      resetTimerMs: 200,
      handleDelayMs: 20,
      searchDelayMs: 100,
    });
  });
});

describe('scanTarget', () => {
  it('navigates to /POS?barcode=<trimmed> from any other page', () => {
    expect(scanTarget('/', ' 622 ')).toEqual({ kind: 'navigate', to: '/POS?barcode=622' });
    expect(scanTarget('/Products', 'A&B')).toEqual({ kind: 'navigate', to: '/POS?barcode=A%26B' });
  });
  it('a repair ticket number opens the ticket; on a ticket page a product scan stays there', () => {
    expect(scanTarget('/Maintenance', ' b01-mn-000042 ')).toEqual({
      kind: 'navigate',
      to: '/Maintenance?scan=B01-MN-000042',
    });
    expect(scanTarget('/', 'B01-MN-000042').kind).toBe('navigate');
    expect(scanTarget('/Maintenance/abc', '6221234567890')).toEqual({ kind: 'pos-input' });
    expect(scanTarget('/Maintenance', '6221234567890')).toEqual({
      kind: 'navigate',
      to: '/POS?barcode=6221234567890',
    });
  });
  it('on /POS the code goes into the autocomplete', () => {
    expect(scanTarget('/POS', '123')).toEqual({ kind: 'pos-input' });
    expect(scanTarget('/POS/', '123')).toEqual({ kind: 'pos-input' });
  });
});

describe('isFormField', () => {
  it('recognises inputs, textareas, selects and editable elements', () => {
    expect(isFormField({ tagName: 'INPUT' } as unknown as EventTarget)).toBe(true);
    expect(isFormField({ tagName: 'textarea' } as unknown as EventTarget)).toBe(true);
    expect(isFormField({ tagName: 'SELECT' } as unknown as EventTarget)).toBe(true);
    expect(isFormField({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(
      true,
    );
    expect(isFormField({ tagName: 'BODY' } as unknown as EventTarget)).toBe(false);
    expect(isFormField(null)).toBe(false);
  });
});
