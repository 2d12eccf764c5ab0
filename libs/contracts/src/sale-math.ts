// Sale arithmetic shared by the server (which decides) and the POS (which previews). Integer
// piasters throughout; quantities in thousandths. What a line charges (quantity × price) is
// rounded UP to the piaster, in the shop's favour, so rounding never gives away money the discount
// rules would refuse (issue 11); percentages (VAT, shares) are rounded half up (DESIGN.md §4).
// Sell prices include VAT: the VAT part of a line is net × rate / (100 + rate).

export type SaleMathLine = {
  quantity: number;
  /** piasters per unit after any price change */
  unitPrice: number;
  /** the variant's list price, piasters */
  listPrice: number;
  /** piasters off the line */
  discount: number;
  vatRate: number;
};

export type SaleMathResultLine = SaleMathLine & {
  gross: number;
  invoiceDiscountShare: number;
  lineTotal: number;
  vatAmount: number;
};

export type SaleMathResult = {
  lines: SaleMathResultLine[];
  /** Σ quantity × unit price */
  subtotal: number;
  /** Σ quantity × list price: what the basket costs with no price change or discount */
  listTotal: number;
  lineDiscountTotal: number;
  invoiceDiscount: number;
  vatTotal: number;
  total: number;
  /** (listTotal − total) / listTotal × 100, two decimals */
  discountPercent: number;
};

/** Quantity as integer thousandths (exact for ≤ 3 decimals). */
export const toMilli = (quantity: number): bigint => BigInt(Math.round(quantity * 1000));

/** round_half_up(a / b) for non-negative bigints. */
const divRound = (a: bigint, b: bigint): bigint => (a * 2n + b) / (2n * b);

/** quantity × unit price, rounded half up to the piaster (a cost figure). */
export function lineAmount(quantity: number, unitPrice: number): number {
  return Number(divRound(toMilli(quantity) * BigInt(unitPrice), 1000n));
}

/**
 * What a line charges: quantity × unit price rounded UP to the piaster (never below the exact
 * amount), so a fraction of a piaster is never given away by splitting a basket into tiny lines.
 */
export function chargedAmount(quantity: number, unitPrice: number): number {
  const milli = toMilli(quantity) * BigInt(unitPrice);
  return Number((milli + 999n) / 1000n);
}

/** The VAT included in a VAT-inclusive amount. */
export function includedVat(amount: number, rate: number): number {
  if (rate <= 0 || amount <= 0) return 0;
  return Number(divRound(BigInt(amount) * BigInt(rate), BigInt(100 + rate)));
}

export class SaleMathError extends Error {
  constructor(readonly code: 'DISCOUNT_TOO_LARGE') {
    super(code);
  }
}

/**
 * Totals of a basket. The invoice discount is spread over the lines in proportion to their
 * amounts (largest remainder, so the shares add up exactly), then VAT is taken per line.
 */
export function computeSale(lines: SaleMathLine[], invoiceDiscount = 0): SaleMathResult {
  const base = lines.map((l) => {
    const gross = chargedAmount(l.quantity, l.unitPrice);
    if (l.discount > gross) throw new SaleMathError('DISCOUNT_TOO_LARGE');
    return { ...l, gross, net: gross - l.discount };
  });
  const netSum = base.reduce((s, l) => s + l.net, 0);
  if (invoiceDiscount > netSum) throw new SaleMathError('DISCOUNT_TOO_LARGE');
  const shares = base.map((l) =>
    netSum === 0 ? 0n : (BigInt(l.net) * BigInt(invoiceDiscount)) / BigInt(netSum),
  );
  let left = BigInt(invoiceDiscount) - shares.reduce((s, x) => s + x, 0n);
  const remainders = base
    .map((l, i) => ({
      i,
      r: netSum === 0 ? 0n : (BigInt(l.net) * BigInt(invoiceDiscount)) % BigInt(netSum),
    }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    shares[i] += 1n;
    left -= 1n;
  }
  const out: SaleMathResultLine[] = base.map((l, i) => {
    const share = Number(shares[i]);
    const lineTotal = l.net - share;
    return {
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      listPrice: l.listPrice,
      discount: l.discount,
      vatRate: l.vatRate,
      gross: l.gross,
      invoiceDiscountShare: share,
      lineTotal,
      vatAmount: includedVat(lineTotal, l.vatRate),
    };
  });
  const subtotal = out.reduce((s, l) => s + l.gross, 0);
  const listTotal = lines.reduce((s, l) => s + chargedAmount(l.quantity, l.listPrice), 0);
  const total = out.reduce((s, l) => s + l.lineTotal, 0);
  return {
    lines: out,
    subtotal,
    listTotal,
    lineDiscountTotal: out.reduce((s, l) => s + l.discount, 0),
    invoiceDiscount,
    vatTotal: out.reduce((s, l) => s + l.vatAmount, 0),
    total,
    discountPercent:
      listTotal > 0 ? Math.round(((listTotal - total) * 10000) / listTotal) / 100 : 0,
  };
}

/** The part of a sold line's total that `quantity` of it is worth (for returns). */
export function proportionalAmount(
  lineTotal: number,
  soldQuantity: number,
  quantity: number,
): number {
  return Number(divRound(BigInt(lineTotal) * toMilli(quantity), toMilli(soldQuantity)));
}
