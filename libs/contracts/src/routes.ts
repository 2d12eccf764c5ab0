import type { ModuleKey, PermissionKey } from './permissions';

// One route table (spec §2) feeding the client router and guard, the sidebar, the search overlay
// and the server's page-permission list. Route names follow the file-based naming of the original
// app (`Customers-Debts`, `Roles-id`), so navigation "by route name" works the same everywhere.
/**
 * `page`: centred, with the theme and locale switchers (/login); `screen`: a device's whole window,
 * nothing around it (the customer display, docs/decisions/0115); `dashboard`: the sidebar layout.
 */
export type RouteLayout = 'page' | 'screen' | 'dashboard';

export type RouteDef = {
  name: string;
  path: string;
  permissions: PermissionKey[];
  layout: RouteLayout;
  /** Admin-only guard (user.isAdmin). */
  adminOnly?: boolean;
  /** Only for signed-out users (the login page). */
  guestOnly?: boolean;
};

const r = (
  name: string,
  path: string,
  permissions: PermissionKey[] = [],
  extra: Partial<RouteDef> = {},
): RouteDef => ({ name, path, permissions, layout: 'dashboard', ...extra });

export const ROUTES: RouteDef[] = [
  r('index', '/'),
  r('login', '/login', [], { layout: 'page', guestOnly: true }),
  r('Vault', '/Vault'),
  r('Checks', '/Checks'),
  r('Reports', '/Reports'),
  r('Expenses', '/Expenses', ['can_see_expenses']),
  r('buy', '/buy', ['can_buy_products']),
  r('POS', '/POS'),
  r('Roles', '/Roles', ['can_manage_permissions']),
  r('Users', '/Users', ['can_manage_users']),
  r('Shift', '/Shift'),
  r('statistics', '/statistics', ['can_see_statistics']),
  r('DailyReport', '/DailyReport'),
  r('Performance', '/Performance', ['can_see_performance']),
  r('Reservations', '/Reservations'),
  r('Delivery', '/Delivery'),
  r('invoices', '/invoices', ['can_see_invoices']),
  r('Vendors', '/Vendors', ['can_see_vendors']),
  r('Customers', '/Customers', ['can_see_customers']),
  r('Customers-Debts', '/Customers/Debts', ['can_see_customer_depts']),
  r('Products', '/Products', ['can_see_products']),
  r('LowStock', '/Products/LowStock', ['can_see_near_end_products']),
  r('ExpiringLots', '/Products/ExpiringLots', ['can_see_near_end_products']),
  r('SerialHistory', '/Products/Serials', ['can_see_inventories']),
  r('Categories', '/Categories', ['can_see_categories']),
  r('PropertyTypes', '/PropertyTypes', ['can_see_products']),
  r('Inventories', '/Inventories', ['can_see_inventories']),
  r('Inventories-TransferRequests', '/Inventories/TransferRequests'),
  r('AccountingTree', '/AccountingTree'),
  r('Branches', '/Branches'),
  r('ExpenseCategories', '/ExpenseCategories'),
  r('PaymentMethods', '/PaymentMethods'),
  r('MoneyTransactions', '/MoneyTransactions'),
  r('Transactions', '/Transactions'),
  r('SystemSettings', '/SystemSettings'),
  r('Maintenance', '/Maintenance'),
  r('JournalEntries-new', '/JournalEntries/new'),
  r('Installments', '/Installments', ['can_see_installments']),
  r('Installments-dueToday', '/Installments/dueToday', ['can_see_installments']),
  r('E-invoices', '/E-invoices', ['can_see_einvoice']),
  r('E-invoices-New', '/E-invoices/New', ['can_see_einvoice']),
  r('E-invoices-CompanyInfo', '/E-invoices/CompanyInfo', ['can_see_einvoice']),
  r('E-receipts', '/E-receipts', ['can_see_einvoice']),
  r('admin-apiKeys', '/admin/apiKeys', [], { adminOnly: true }),
  r('admin-settings', '/admin/settings', [], { adminOnly: true }),
  // Beyond spec §2 (issue 11 item 16): the audit log's screen, admins only.
  r('AuditLogs', '/AuditLogs', [], { adminOnly: true }),
  // Beyond spec §2 (issue 13): the journal and the books' reports, with the reads' permissions.
  r('JournalEntries', '/JournalEntries', ['can_see_totals']),
  r('TrialBalance', '/Reports/TrialBalance', ['can_see_totals']),
  r('AccountStatement', '/Reports/AccountStatement', ['can_see_totals']),
  r('IncomeStatement', '/Reports/IncomeStatement', ['can_see_totals', 'can_see_profit']),
  r('BalanceSheet', '/Reports/BalanceSheet', ['can_see_totals', 'can_see_profit']),
  // Beyond spec §2 (issue 33, docs/decisions/0092): the pricing back office with the reads'
  // permissions (prices are the products' data; customer groups are the customers').
  r('PriceLists', '/PriceLists', ['can_see_products']),
  r('Promotions', '/Promotions', ['can_see_products']),
  r('CustomerGroups', '/CustomerGroups', ['can_see_customers']),
  // Beyond spec §2 (issue 33, docs/decisions/0093): the back office of coupons, gift cards and
  // the loyalty program, with the permissions of the reads their APIs require.
  r('Coupons', '/Coupons', ['can_see_products']),
  r('GiftCards', '/GiftCards', ['can_sell_gift_cards']),
  r('Loyalty', '/Loyalty', [], { adminOnly: true }),
  // Beyond spec §2 (issue 35, docs/decisions/0115): the customer display paired with a register,
  // a device's screen (no sidebar, not in the menu or the page search); the till's rule (/POS):
  // any signed-in user of the register's branch, checked by the server when the display joins.
  r('CustomerDisplay', '/CustomerDisplay', [], { layout: 'screen' }),
  // Detail routes
  r('Roles-id', '/Roles/:id'),
  r('Shift-id', '/Shift/:id', ['can_see_shift_totals']),
  r('Vendors-id', '/Vendors/:id', ['can_see_vendors']),
  r('Delivery-id', '/Delivery/:id'),
  r('invoices-id', '/invoices/:id', ['can_see_invoices']),
  r('Products-id', '/Products/:id', ['can_see_products']),
  r('Customers-id', '/Customers/:id', ['can_see_customers']),
  r('E-invoices-id', '/E-invoices/:id', ['can_see_einvoice']),
  r('E-receipts-id', '/E-receipts/:id', ['can_see_einvoice']),
  r('Inventories-id', '/Inventories/:id', ['can_see_inventories']),
  r('Maintenance-id', '/Maintenance/:id'),
  r('StockTaking-id', '/StockTaking/:id', ['can_start_stock_taking']),
  r('Installments-id', '/Installments/:id', ['can_see_installments']),
  r('Inventories-TransferRequests-id', '/Inventories/TransferRequests/:id'),
  r('PriceLists-id', '/PriceLists/:id', ['can_see_products']), // issue 33: a list's prices
  r('GiftCards-id', '/GiftCards/:id', ['can_sell_gift_cards']),
  // Beyond spec §2 (issue 19): the sales reports, /Reports/Sales, /Reports/SalesByProduct, … (keys
  // in SALES_REPORTS, dto/reports.dto.ts). One route for all of them (the sign-in page's JS budget
  // has no room for a route and two labels each); each report's own keys are in its ReportMeta
  // (reports.ts: the per-cashier SalesByCashier and Discounts need can_see_performance, like
  // /Performance; issue 30), checked by the report page and the server, which also shapes what
  // each user sees (period, branch, profit, totals). Last: every static /Reports/… route wins.
  r('Report', '/Reports/:key'),
];

export const ROUTES_BY_NAME: Record<string, RouteDef> = Object.fromEntries(
  ROUTES.map((route) => [route.name, route]),
);

/**
 * Every route name of the table. These are the only valid entries of a user's `screens` list and
 * of the store's `sidebarItems` (the server validates both against it); the guard and the sidebar
 * compare those lists with the route names of menu links.
 */
export const ROUTE_NAMES: readonly string[] = Object.freeze(ROUTES.map((route) => route.name));

export type NavItem = {
  /** i18n key of the label, `nav:items.<link>` */
  label: string;
  /** MUI icon name (`@mui/icons-material` export) */
  icon: string;
  /** Route name */
  link: string;
  permissions: PermissionKey[];
  modules: ModuleKey[];
  /** Feature flag that must be on for the item to show. */
  feature?: string;
};

export type NavSection = { label: string; icon: string; items: NavItem[] };

const item = (
  link: string,
  icon: string,
  modules: ModuleKey[] = [],
  feature?: string,
): NavItem => ({
  label: `nav:items.${link}`,
  icon,
  link,
  permissions: ROUTES_BY_NAME[link]?.permissions ?? [],
  modules,
  ...(feature ? { feature } : {}),
});

// Sections in the spec's order (§2 Sidebar). Which module belongs to which item is not shown in the
// spec; the choice is recorded in docs/decisions/.
export const NAV_SECTIONS: NavSection[] = [
  {
    label: 'nav:sections.dashboard',
    icon: 'Dashboard',
    items: [
      item('index', 'Home'),
      item('statistics', 'BarChart'),
      item('DailyReport', 'Today'),
      item('Performance', 'Speed'),
      item('Reports', 'Assessment'),
    ],
  },
  {
    label: 'nav:sections.sales',
    icon: 'PointOfSale',
    items: [
      item('POS', 'PointOfSale', ['POS']),
      item('Shift', 'Schedule', ['POS']),
      item('invoices', 'ReceiptLong'),
      item('Reservations', 'EventAvailable', ['POS']),
      item('Delivery', 'LocalShipping', ['POS']),
      item('Installments', 'CreditScore', ['INSTALLMENTS']),
      item('Installments-dueToday', 'EventBusy', ['INSTALLMENTS']),
      item('Maintenance', 'Build', ['Maintenance']),
    ],
  },
  {
    label: 'nav:sections.inventory',
    icon: 'Inventory2',
    items: [
      item('Products', 'Category'),
      item('LowStock', 'WarningAmber'),
      item('ExpiringLots', 'EventBusy'),
      item('SerialHistory', 'History'),
      item('Categories', 'AccountTree'),
      item('PropertyTypes', 'Tune'),
      item('Inventories', 'Warehouse'),
      item('Inventories-TransferRequests', 'SwapHoriz'),
      item('buy', 'ShoppingCart'),
    ],
  },
  {
    label: 'nav:sections.pricing',
    icon: 'LocalOffer',
    items: [
      item('PriceLists', 'PriceChange'),
      item('Promotions', 'Discount'),
      item('CustomerGroups', 'Groups'),
    ],
  },
  {
    label: 'nav:sections.financial',
    icon: 'AccountBalance',
    items: [
      item('Vault', 'Savings'),
      item('Checks', 'Payments'),
      item('Expenses', 'MoneyOff'),
      item('ExpenseCategories', 'Label'),
      item('PaymentMethods', 'CreditCard'),
      item('MoneyTransactions', 'CurrencyExchange'),
      item('Transactions', 'ListAlt'),
      item('AccountingTree', 'AccountTree'),
      item('JournalEntries', 'MenuBook'),
      item('JournalEntries-new', 'PostAdd'),
      item('TrialBalance', 'Balance'),
      item('AccountStatement', 'ReceiptLong'),
      item('IncomeStatement', 'TrendingUp'),
      item('BalanceSheet', 'AccountBalanceWallet'),
    ],
  },
  {
    label: 'nav:sections.people',
    icon: 'People',
    items: [
      item('Customers', 'People'),
      item('Customers-Debts', 'RequestQuote'),
      item('Vendors', 'Store'),
      item('GiftCards', 'CardGiftcard'),
      item('Coupons', 'ConfirmationNumber'),
      item('Loyalty', 'Loyalty'),
    ],
  },
  {
    label: 'nav:sections.documents',
    icon: 'Description',
    items: [
      item('E-invoices', 'Description', ['Einvoice']),
      item('E-invoices-New', 'NoteAdd', ['Einvoice']),
      item('E-receipts', 'Receipt', ['Einvoice']),
      item('E-invoices-CompanyInfo', 'Business', ['Einvoice']),
    ],
  },
  {
    label: 'nav:sections.settings',
    icon: 'Settings',
    items: [
      item('Branches', 'Storefront'),
      item('Roles', 'AdminPanelSettings'),
      item('Users', 'ManageAccounts'),
      item('SystemSettings', 'Settings'),
      item('admin-settings', 'SettingsApplications'),
      item('admin-apiKeys', 'VpnKey'),
      item('AuditLogs', 'History'),
    ],
  },
];

/** Substitute `:param` placeholders of a route path. */
export function routePath(name: string, params: Record<string, string | number> = {}): string {
  const route = ROUTES_BY_NAME[name];
  if (!route) throw new Error(`Unknown route name: ${name}`);
  return route.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
}
