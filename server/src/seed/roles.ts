import { ALL_PERMISSION_KEYS, type PermissionKey } from '@pos/contracts';

/** What the branch manager and the storekeeper both do with the stock. */
const STOCK_KEEPING: PermissionKey[] = [
  'can_see_products',
  'can_see_buy_price',
  'can_see_categories',
  'can_see_inventories',
  'can_see_near_end_products',
  'can_buy_products',
  'can_transfer_products',
  'can_see_transfer_totals',
  'can_start_stock_taking',
];

/** The roles a new shop starts with (issue 2): names in Arabic, permissions by job. */
export const SEED_ROLES: { name: string; permissions: PermissionKey[] }[] = [
  { name: 'مدير النظام', permissions: [...ALL_PERMISSION_KEYS] },
  {
    name: 'مدير فرع',
    permissions: [
      ...STOCK_KEEPING,
      'can_see_invoices',
      'can_see_invoices_totals',
      'can_edit_invoice',
      'can_return_products',
      'can_change_sell_price',
      'can_sell_at_price_list',
      'can_sell_gift_cards',
      'can_sell_expired_batch',
      'can_open_cash_drawer',
      'can_bypass_max_discount',
      'view_all_shifts',
      'can_see_shift_totals',
      'can_see_customers',
      'can_see_customer_depts',
      'can_see_vendors',
      'can_see_statistics',
      'can_see_performance',
      'can_use_date_filter',
      'can_see_expenses',
      'can_see_installments',
      'can_see_totals',
      'can_see_profit',
      'can_manage_products',
      'can_adjust_stock',
      'can_grant_credit',
      'can_take_advance',
    ],
  },
  // Returns at the counter are the cashier's job in most shops (issue 5's acceptance: the cashier
  // returns an item in their own shift); the refund leaves their drawer. Selling on installments
  // (the plan, its contract, collecting a due installment) is too (issue 16's acceptance).
  {
    name: 'كاشير',
    permissions: [
      'can_see_products',
      'can_see_customers',
      'can_see_invoices',
      'can_return_products',
      'can_see_installments',
    ],
  },
  {
    name: 'أمين مخزن',
    permissions: [...STOCK_KEEPING, 'can_see_vendors', 'can_manage_products', 'can_adjust_stock'],
  },
  {
    name: 'محاسب',
    permissions: [
      'can_see_expenses',
      'can_see_expenses_details',
      'can_see_vault_totals',
      'can_see_invoices',
      'can_see_invoices_totals',
      'can_see_einvoice',
      'can_see_installments',
      'can_see_customers',
      'can_see_customer_depts',
      'can_see_vendors',
      'can_see_totals',
      'can_see_profit',
      'can_use_date_filter',
      'can_see_statistics',
      'can_see_branches',
      'can_see_buy_price',
      'can_manage_accounting',
      // Records customers' cheques and payments, an advance beyond what is owed included (issue 30).
      'can_take_advance',
    ],
  },
];
