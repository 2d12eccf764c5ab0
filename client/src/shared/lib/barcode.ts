import { MAINTENANCE_NUMBER_PATTERN } from '@pos/contracts';

// Barcode scanner detection (spec §2, §5, §9). Pure logic with an injectable clock so the
// timings can be tested with fake timers; the DOM listener lives in app/BarcodeListener.tsx.
export const BARCODE = {
  minLength: 4,
  maxLength: 50,
  /** Keys of one scan arrive within this gap (ms). */
  maxGapMs: 100,
  /** In a form field a larger gap means a person is typing (ms). */
  formFieldGapMs: 50,
  /** The buffer is dropped this long after the last key (ms). */
  resetTimerMs: 200,
  /** The scan is handled this long after Enter (ms). */
  handleDelayMs: 20,
  /** On /POS the autocomplete searches about this long after the code is put in (ms). */
  searchDelayMs: 100,
} as const;

export type TimerHandle = unknown;
export type Clock = {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
};

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type BarcodeKey = {
  /** KeyboardEvent.key */
  key: string;
  /** The key went to an input, textarea, select or editable element. */
  inFormField: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /**
   * When the key was pressed (KeyboardEvent.timeStamp, ms): the gaps are measured between presses,
   * not between the moments the page got round to handling them, so a page busy rendering while a
   * scan arrives does not split it (its first characters were lost). The clock's time when absent.
   */
  at?: number;
  /**
   * Where the key went (KeyboardEvent.target): handed to `onScan` with the code, so a listener
   * knows whether the scan was typed into its own box when its Enter was pressed (the scan is
   * handled a moment later, when the focus may have moved on: a dialog the scan itself opened).
   */
  target?: unknown;
};

/** What the listener should do with the key event. */
export type BarcodeKeyResult = 'ignored' | 'buffered' | 'scan';

export class BarcodeScanner {
  private buffer = '';
  private lastKeyAt: number | null = null;
  private resetTimer: TimerHandle | null = null;

  constructor(
    private readonly onScan: (code: string, target: unknown) => void,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Current buffer (for tests and debugging). */
  get pending(): string {
    return this.buffer;
  }

  handleKey(event: BarcodeKey): BarcodeKeyResult {
    // Shortcuts and modifier/navigation keys are not part of a scan and do not move the clock.
    if (event.ctrlKey || event.metaKey || event.altKey) return 'ignored';
    const isEnter = event.key === 'Enter';
    if (!isEnter && event.key.length !== 1) return 'ignored';

    const now = event.at ?? this.clock.now();
    const gap = this.lastKeyAt === null ? Number.POSITIVE_INFINITY : now - this.lastKeyAt;
    this.lastKeyAt = now;
    const limit = event.inFormField ? BARCODE.formFieldGapMs : BARCODE.maxGapMs;
    const continues = this.buffer.length > 0 && gap <= limit;

    if (isEnter) {
      const code = continues ? this.buffer.trim() : '';
      this.reset();
      if (code.length < BARCODE.minLength || code.length > BARCODE.maxLength) return 'ignored';
      const target = event.target ?? null;
      this.clock.setTimeout(() => this.onScan(code, target), BARCODE.handleDelayMs);
      return 'scan';
    }

    // A slow key (a person typing, or a gap over 100 ms) starts a new candidate scan.
    this.buffer = continues ? this.buffer + event.key : event.key;
    if (this.buffer.length > BARCODE.maxLength) {
      this.reset();
      return 'ignored';
    }
    this.armResetTimer();
    return 'buffered';
  }

  reset(): void {
    this.buffer = '';
    if (this.resetTimer !== null) this.clock.clearTimeout(this.resetTimer);
    this.resetTimer = null;
  }

  dispose(): void {
    this.reset();
  }

  private armResetTimer(): void {
    if (this.resetTimer !== null) this.clock.clearTimeout(this.resetTimer);
    this.resetTimer = this.clock.setTimeout(() => {
      this.buffer = '';
      this.resetTimer = null;
    }, BARCODE.resetTimerMs);
  }
}

/**
 * Where a scan leads: on /POS it goes into the autocomplete; a repair ticket's number (printed on
 * its intake receipt) opens the ticket through /Maintenance?scan=; on a ticket's page a product
 * scan goes into its part picker; anywhere else to /POS?barcode=.
 */
export function scanTarget(
  pathname: string,
  code: string,
): { kind: 'pos-input' } | { kind: 'navigate'; to: string } {
  const path = pathname.replace(/\/+$/, '');
  // The POS and the purchase screen take scans themselves (their `pos:barcode` listeners).
  if (['/POS', '/buy'].includes(path)) return { kind: 'pos-input' };
  const ticket = code.trim().toUpperCase();
  if (MAINTENANCE_NUMBER_PATTERN.test(ticket))
    return { kind: 'navigate', to: `/Maintenance?scan=${encodeURIComponent(ticket)}` };
  if (path.startsWith('/Maintenance/')) return { kind: 'pos-input' };
  return { kind: 'navigate', to: `/POS?barcode=${encodeURIComponent(code.trim())}` };
}

/**
 * An input that takes scans itself (a scan-first page: stock-taking, transfer lines) is marked
 * `data-scan-input`; the global listener leaves its keys alone instead of navigating to /POS.
 */
export function isOwnScanInput(target: EventTarget | null): boolean {
  const el = target as { getAttribute?: (name: string) => string | null } | null;
  return typeof el?.getAttribute === 'function' && el.getAttribute('data-scan-input') !== null;
}

export function isFormField(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!el || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toUpperCase();
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable === true;
}
