// The permission keys of the spec (§6), spelt exactly as the spec spells them.
export const PERMISSION_KEYS = [
  'can_see_products',
  'can_see_buy_price',
  'can_buy_products',
  'can_see_profit',
  'can_see_totals',
  'can_use_date_filter',
  'can_manage_permissions',
  'can_see_categories',
  'can_see_inventories',
  'can_manage_users',
  'can_see_expenses',
  'can_see_expenses_details',
  'can_see_customers',
  'can_see_vendors',
  'can_see_customer_depts',
  'can_see_performance',
  'can_see_invoices',
  'can_see_invoices_totals',
  'can_see_einvoice',
  'can_see_installments',
  'view_all_shifts',
  'can_see_shift_totals',
  'can_see_branches',
  'can_see_vault_totals',
  'can_return_products',
  'can_change_sell_price',
  'can_bypass_max_discount',
  'can_transfer_products',
  'can_see_transfer_totals',
  'can_see_statistics',
  'can_see_near_end_products',
  'can_edit_invoice',
  'can_start_stock_taking',
] as const;

/**
 * Keys beyond the spec's list, only where a sensitive write has none (DESIGN.md §4):
 * - can_manage_products: create, edit and delete products, variants, categories, property types
 *   and inventories (the spec's can_see_* keys only let one look);
 * - can_adjust_stock: opening balances and stock adjustments outside purchases, sales, transfers
 *   and stock-taking;
 * - can_grant_credit: set a customer's credit limit (0 = no limit), and sell on account to a
 *   customer without a limit or past it (issue 11; without it a sale on account must stay within
 *   a limit someone holding it has set).
 * - can_manage_accounting: edit the chart of accounts, post and reverse manual journal entries
 *   (issue 13; the spec lists no permission for /AccountingTree and /JournalEntries/new).
 * - can_sell_at_price_list: pick a price list at the till other than the one the customer gets
 *   automatically (issue 33 item 1, the pricing module's: the spec lists none; a wholesale price
 *   for a walk-in trader is the usual case, docs/decisions/0079).
 * - can_sell_gift_cards: sell a gift card and top one up (issue 33 item 5: money in that is owed
 *   back as goods; paying with a card or refunding to store credit needs no more than the sale or
 *   the return, docs/decisions/0083).
 * - can_sell_expired_batch: sell from a lot past its expiry date (issue 34, docs/decisions/0107:
 *   refused otherwise; each such sale audited).
 * - can_open_cash_drawer: open the cash drawer at the till without a sale (issue 35 item 2,
 *   docs/decisions/0113; the spec lists none; each opening audited). A cash sale or refund opens
 *   it with no more than the sale's or the return's permission.
 */
export const EXTRA_PERMISSION_KEYS = [
  'can_manage_products',
  'can_adjust_stock',
  'can_grant_credit',
  'can_manage_accounting',
  'can_take_advance',
  'can_sell_at_price_list',
  'can_sell_gift_cards',
  'can_sell_expired_batch',
  'can_open_cash_drawer',
] as const;

export const ALL_PERMISSION_KEYS = [...PERMISSION_KEYS, ...EXTRA_PERMISSION_KEYS] as const;

export type PermissionKey = (typeof ALL_PERMISSION_KEYS)[number];

export const MODULES = ['POS', 'Einvoice', 'INSTALLMENTS', 'Maintenance'] as const;
export type ModuleKey = (typeof MODULES)[number];

/** Permissions that only mean something when a module is on (spec §6). */
export const PERMISSION_MODULES: Partial<Record<PermissionKey, ModuleKey[]>> = {
  can_see_einvoice: ['Einvoice'],
};

/** Groups for the role editor (labels are i18n keys `roles:groups.<group>`). */
export const PERMISSION_GROUPS: { group: string; keys: PermissionKey[] }[] = [
  {
    group: 'products',
    keys: [
      'can_see_products',
      'can_see_buy_price',
      'can_see_categories',
      'can_see_near_end_products',
      'can_buy_products',
      'can_manage_products',
    ],
  },
  {
    group: 'inventory',
    keys: [
      'can_see_inventories',
      'can_adjust_stock',
      'can_transfer_products',
      'can_see_transfer_totals',
      'can_start_stock_taking',
    ],
  },
  {
    group: 'sales',
    keys: [
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
    ],
  },
  {
    group: 'finance',
    keys: [
      'can_see_expenses',
      'can_see_expenses_details',
      'can_see_vault_totals',
      'can_see_installments',
      'can_see_einvoice',
      'can_see_totals',
      'can_see_profit',
      'can_manage_accounting',
    ],
  },
  {
    group: 'people',
    keys: [
      'can_see_customers',
      'can_see_customer_depts',
      'can_grant_credit',
      'can_take_advance',
      'can_see_vendors',
    ],
  },
  {
    group: 'reports',
    keys: ['can_see_statistics', 'can_see_performance', 'can_use_date_filter'],
  },
  {
    group: 'administration',
    keys: ['can_manage_permissions', 'can_manage_users', 'can_see_branches'],
  },
];

export function isPermissionKey(value: unknown): value is PermissionKey {
  return typeof value === 'string' && (ALL_PERMISSION_KEYS as readonly string[]).includes(value);
}
