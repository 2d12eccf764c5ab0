type Sums = Record<string, unknown>;

/**
 * The sales figures a shift's totals (X/Z report) and a branch's daily report share: the invoices'
 * sums (`count`, `sales`, `discounts`, `vat`) and the returns' (`returns`), net of the returns.
 */
export function salesFigures(inv: Sums, ret: Sums) {
  return {
    invoiceCount: inv.count as number,
    sales: Number(inv.sales),
    returns: Number(ret.returns),
    net: Number(inv.sales) - Number(ret.returns),
    discounts: Number(inv.discounts),
    vat: Number(inv.vat),
  };
}

/** One payment method's line of those reports: what it took in, paid back, and the difference. */
export function methodFigures(r: Sums) {
  return {
    sales: Number(r.sales),
    refunds: Number(r.refunds),
    net: Number(r.sales) - Number(r.refunds),
  };
}
