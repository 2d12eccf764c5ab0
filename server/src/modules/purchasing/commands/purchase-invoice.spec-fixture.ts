import { testUser } from '../../../core/cqrs/testing';

// What the purchase-invoice handler specs (save, post) share: the buyer who sees costs and the
// draft invoice's row as saved.

export const buyer = testUser({ permissions: ['can_buy_products', 'can_see_buy_price'] });

export const draftInvoice = (over: object = {}) => ({
  id: 'pi-1',
  number: 'B01-PI-000001',
  status: 'draft',
  vendor_id: 'vd-1',
  branch_id: 'b-1',
  inventory_id: 'i-1',
  invoice_date: '2026-11-25',
  ...over,
});
