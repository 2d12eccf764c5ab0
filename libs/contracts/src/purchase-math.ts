import { lineAmount } from './sale-math';

// The money of a purchase invoice (issue 14), the same on the /buy screen and the server: per
// line, quantity × unit cost (half up to the piaster) less the line's discount, VAT on that net
// (half up), and the invoice's figures as the sums of its lines.

export type PurchaseMathLine = {
  quantity: number;
  /** piasters per unit */
  unitCost: number;
  /** piasters off the line */
  discount?: number;
  /** percent, up to two decimals */
  vatRate?: number;
};

export type PurchaseLineMoney = { gross: number; net: number; vat: number; total: number };

export function purchaseLineMoney(line: PurchaseMathLine): PurchaseLineMoney {
  const gross = lineAmount(line.quantity, line.unitCost);
  const net = gross - (line.discount ?? 0);
  const basis = BigInt(Math.round((line.vatRate ?? 0) * 100));
  // net × rate / 100, the rate in hundredths of a percent: half up on exact integers
  const vat = net > 0 ? Number((BigInt(net) * basis * 2n + 10000n) / 20000n) : 0;
  return { gross, net, vat, total: net + vat };
}

export type PurchaseTotals = {
  subtotal: number;
  discount: number;
  vat: number;
  total: number;
  lines: PurchaseLineMoney[];
};

export function purchaseTotals(lines: PurchaseMathLine[]): PurchaseTotals {
  const money = lines.map(purchaseLineMoney);
  return {
    subtotal: money.reduce((s, l) => s + l.gross, 0),
    discount: lines.reduce((s, l) => s + (l.discount ?? 0), 0),
    vat: money.reduce((s, l) => s + l.vat, 0),
    total: money.reduce((s, l) => s + l.total, 0),
    lines: money,
  };
}

/**
 * The moving average cost after a receipt (piasters, half up): (on hand × old average + the
 * receipt's net cost) / (on hand + quantity). When the stock held was not positive (none, or sold
 * below zero) the old average values nothing real, so the receipt's own unit cost becomes the average.
 */
export function movingAverageCost(
  onHand: number,
  oldAverage: number,
  quantity: number,
  netCost: number,
): number {
  const held = Math.round(onHand * 1000);
  const added = Math.round(quantity * 1000);
  if (added <= 0) return oldAverage;
  if (held <= 0) return Number((BigInt(netCost) * 2000n + BigInt(added)) / (2n * BigInt(added)));
  const value = BigInt(held) * BigInt(oldAverage) + BigInt(netCost) * 1000n;
  const units = BigInt(held + added);
  return Number((value * 2n + units) / (2n * units));
}
