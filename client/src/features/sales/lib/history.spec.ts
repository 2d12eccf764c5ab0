import { summarizeHistoryValue } from './history';

const VARIANT = '01900000-0000-7000-8000-0000000000aa';

describe('an invoice history entry as a person reads it', () => {
  it("names a line by the invoice's own product name when the entry has only the variant id", () => {
    const text = summarizeHistoryValue(
      { lines: [{ variantId: VARIANT, quantity: 2 }] },
      new Map([[VARIANT, 'قميص']]),
      'صنف',
    );
    expect(text).toBe('قميص × 2');
  });

  it('never shows a raw id, even for a variant the invoice no longer has', () => {
    const text = summarizeHistoryValue(
      { total: 1250, lines: [{ variantId: VARIANT, quantity: 1.5 }] },
      new Map(),
      'صنف',
    );
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(text).toBe('12.50 — صنف × 1.5');
  });

  it('keeps the name the entry carries', () => {
    expect(
      summarizeHistoryValue(
        { lines: [{ variantId: VARIANT, productName: 'Pepsi', quantity: 1 }] },
        new Map(),
        'صنف',
      ),
    ).toBe('Pepsi × 1');
  });
});
