import { LIMITS } from '@pos/contracts';
import { reorderQuantity } from './reorder-quantity';

describe('reorderQuantity', () => {
  it('tops a slow seller up to twice its threshold', () => {
    expect(reorderQuantity({ onHand: 3, threshold: 5, sold30Days: 4, onOrder: 0 })).toBe(7);
  });
  it("covers a fast seller's month of sales", () => {
    expect(reorderQuantity({ onHand: 2, threshold: 5, sold30Days: 40, onOrder: 0 })).toBe(38);
  });
  it('does not order again what open orders still bring', () => {
    expect(reorderQuantity({ onHand: 2, threshold: 5, sold30Days: 40, onOrder: 30 })).toBe(8);
    expect(reorderQuantity({ onHand: 2, threshold: 5, sold30Days: 0, onOrder: 50 })).toBe(0);
  });
  it('rounds a weighed quantity up, treats negative stock as none and stays within the line limit', () => {
    expect(reorderQuantity({ onHand: 1.25, threshold: 2, sold30Days: 0, onOrder: 0 })).toBe(3);
    expect(reorderQuantity({ onHand: -4, threshold: 2, sold30Days: 0, onOrder: 0 })).toBe(4);
    expect(reorderQuantity({ onHand: 0, threshold: 1, sold30Days: 5e6, onOrder: 0 })).toBe(
      LIMITS.lineQuantity,
    );
  });
});
