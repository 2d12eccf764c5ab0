// The shift's running tally (`shift_sales_tallies`) recomputed from its documents: for a seed that
// wrote sales without the commands (the commands keep it through their domain events).

/**
 * Upserts the tally of every shift matching `where` (an SQL condition on `s`, the shifts row;
 * 'TRUE' for all) from its invoices, returns, payments and customer payments.
 */
export const recomputeShiftTalliesSql = (where = 'TRUE') =>
  `INSERT INTO shift_sales_tallies AS t (shift_id, invoice_count, sales, returns, cost, returned_cost, payments_in, by_method)
   SELECT s.id,
          (SELECT count(*) FROM sales_invoices WHERE shift_id = s.id),
          (SELECT COALESCE(sum(total), 0) FROM sales_invoices WHERE shift_id = s.id),
          (SELECT COALESCE(sum(total), 0) FROM sale_returns WHERE shift_id = s.id),
          (SELECT COALESCE(sum(cost_total), 0) FROM sales_invoices WHERE shift_id = s.id),
          (SELECT COALESCE(sum(cost_total), 0) FROM sale_returns WHERE shift_id = s.id),
          (SELECT COALESCE(-sum(amount), 0) FROM customer_ledger WHERE shift_id = s.id AND type = 'payment')
            + (SELECT COALESCE(sum(amount), 0) FROM gift_card_ledger WHERE shift_id = s.id AND type IN ('issue', 'top_up')),
          (SELECT COALESCE(jsonb_object_agg(method_id, net), '{}'::jsonb)
             FROM (SELECT method_id, sum(CASE WHEN kind = 'refund' THEN -amount ELSE amount END) AS net
                     FROM sale_payments WHERE shift_id = s.id GROUP BY method_id) p)
     FROM shifts s WHERE ${where}
   ON CONFLICT (shift_id) DO UPDATE SET
     invoice_count = EXCLUDED.invoice_count, sales = EXCLUDED.sales, returns = EXCLUDED.returns,
     cost = EXCLUDED.cost, returned_cost = EXCLUDED.returned_cost, payments_in = EXCLUDED.payments_in,
     by_method = EXCLUDED.by_method, updated_at = now()`;
