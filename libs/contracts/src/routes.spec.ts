import {
  NAV_SECTIONS,
  ROUTE_NAMES,
  ROUTES,
  ROUTES_BY_NAME,
  routePath,
  type RouteDef,
} from './routes';

// Spec §2 "Screens and routes", transcribed row by row: path → permission(s). The table in
// routes.ts must say exactly this (a detail route's `{id}` is `:id` in the table).
const SPEC_STATIC: [path: string, permissions: string[]][] = [
  ['/', []],
  ['/login', []],
  ['/Vault', []],
  ['/Checks', []],
  ['/Reports', []],
  ['/Expenses', ['can_see_expenses']],
  ['/buy', ['can_buy_products']],
  ['/POS', []],
  ['/Roles', ['can_manage_permissions']],
  ['/Shift', []],
  ['/statistics', ['can_see_statistics']],
  ['/DailyReport', []],
  ['/Performance', ['can_see_performance']],
  ['/Reservations', []],
  ['/Delivery', []],
  ['/invoices', ['can_see_invoices']],
  ['/Vendors', ['can_see_vendors']],
  ['/Customers', ['can_see_customers']],
  ['/Customers/Debts', ['can_see_customer_depts']],
  ['/Products', ['can_see_products']],
  ['/Products/LowStock', ['can_see_near_end_products']],
  ['/Categories', ['can_see_categories']],
  ['/PropertyTypes', ['can_see_products']],
  ['/Inventories', ['can_see_inventories']],
  ['/Inventories/TransferRequests', []],
  ['/AccountingTree', []],
  ['/Branches', []],
  ['/ExpenseCategories', []],
  ['/PaymentMethods', []],
  ['/MoneyTransactions', []],
  ['/Transactions', []],
  ['/SystemSettings', []],
  ['/Maintenance', []],
  ['/JournalEntries/new', []],
  ['/Installments', ['can_see_installments']],
  ['/Installments/dueToday', ['can_see_installments']],
  ['/E-invoices', ['can_see_einvoice']],
  ['/E-invoices/New', ['can_see_einvoice']],
  ['/E-invoices/CompanyInfo', ['can_see_einvoice']],
  ['/E-receipts', ['can_see_einvoice']],
  ['/admin/apiKeys', []],
  ['/admin/settings', []],
];

const SPEC_DETAIL: [path: string, permissions: string[]][] = [
  ['/Roles/:id', []],
  ['/Shift/:id', ['can_see_shift_totals']],
  ['/Vendors/:id', ['can_see_vendors']],
  ['/Delivery/:id', []],
  ['/invoices/:id', ['can_see_invoices']],
  ['/Products/:id', ['can_see_products']],
  ['/Customers/:id', ['can_see_customers']],
  ['/E-invoices/:id', ['can_see_einvoice']],
  ['/E-receipts/:id', ['can_see_einvoice']],
  ['/Inventories/:id', ['can_see_inventories']],
  ['/Maintenance/:id', []],
  ['/StockTaking/:id', ['can_start_stock_taking']],
  ['/Installments/:id', ['can_see_installments']],
  ['/Inventories/TransferRequests/:id', []],
];

/** Spec §2: "admin-only guard" on these two. */
const SPEC_ADMIN_ONLY = ['/admin/apiKeys', '/admin/settings'];

/** Routes the table has beyond §2, each a recorded decision (docs/decisions/, issue 2: /Users). */
const EXTRA_ROUTES: [path: string, permissions: string[]][] = [
  ['/Users', ['can_manage_users']],
  ['/AuditLogs', []], // issue 11 item 16, admin-only
  ['/JournalEntries', ['can_see_totals']], // issue 13
  ['/Reports/TrialBalance', ['can_see_totals']], // issue 13
  ['/Reports/AccountStatement', ['can_see_totals']], // issue 13 item 6
  ['/Reports/IncomeStatement', ['can_see_totals', 'can_see_profit']], // issue 13 item 6
  ['/Reports/BalanceSheet', ['can_see_totals', 'can_see_profit']], // issue 13 item 6
  ['/Reports/:key', []], // issue 19: the sales reports (/Reports/Sales, …), shaped by the server
  ['/PriceLists', ['can_see_products']], // issue 33 (decision 0092)
  ['/PriceLists/:id', ['can_see_products']], // issue 33: a price list's prices
  ['/Promotions', ['can_see_products']], // issue 33
  ['/CustomerGroups', ['can_see_customers']], // issue 33: the customer groups prices follow
  ['/Coupons', ['can_see_products']], // issue 33 (0093): the coupon codes, the promotions' read
  ['/GiftCards', ['can_sell_gift_cards']], // issue 33 (0093): the cards and what they hold
  ['/GiftCards/:id', ['can_sell_gift_cards']], // issue 33 (0093): a card and its movements
  ['/Loyalty', []], // issue 33 (0093): the loyalty program, admin-only (its PUT is)
  ['/Products/ExpiringLots', ['can_see_near_end_products']], // issue 34 (0111): lots near expiry
  ['/Products/Serials', ['can_see_inventories']], // issue 34 (0111): a unit's history by serial
  ['/CustomerDisplay', []], // issue 35 (0115): the customer display, a device's screen
];

const byPath = (path: string): RouteDef | undefined => ROUTES.find((r) => r.path === path);

describe('route table against spec §2', () => {
  describe.each(SPEC_STATIC)('static route %s', (path, permissions) => {
    it(`needs exactly [${permissions.join(', ')}]`, () => {
      const route = byPath(path);
      expect(route).toBeDefined();
      expect([...route!.permissions].sort()).toEqual([...permissions].sort());
    });
  });

  describe.each(SPEC_DETAIL)('detail route %s', (path, permissions) => {
    it(`needs exactly [${permissions.join(', ')}]`, () => {
      const route = byPath(path);
      expect(route).toBeDefined();
      expect([...route!.permissions].sort()).toEqual([...permissions].sort());
      expect(route!.adminOnly ?? false).toBe(false);
      expect(route!.layout).toBe('dashboard');
    });
  });

  it('has no route beyond §2 except the recorded extras', () => {
    const known = new Set([...SPEC_STATIC, ...SPEC_DETAIL, ...EXTRA_ROUTES].map(([path]) => path));
    expect(ROUTES.map((r) => r.path).filter((path) => !known.has(path))).toEqual([]);
    for (const [path, permissions] of EXTRA_ROUTES)
      expect(byPath(path)?.permissions).toEqual(permissions);
    expect(ROUTES).toHaveLength(SPEC_STATIC.length + SPEC_DETAIL.length + EXTRA_ROUTES.length);
  });

  it('marks exactly /admin/apiKeys and /admin/settings admin-only (and the extras /AuditLogs, /Loyalty)', () => {
    expect(
      ROUTES.filter((r) => r.adminOnly)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...SPEC_ADMIN_ONLY, '/AuditLogs', '/Loyalty'].sort());
  });

  it('gives /login the page layout, guests only; /CustomerDisplay the screen layout; every other route the dashboard layout', () => {
    const login = byPath('/login')!;
    expect(login).toMatchObject({ name: 'login', layout: 'page', guestOnly: true });
    expect(byPath('/CustomerDisplay')).toMatchObject({ name: 'CustomerDisplay', layout: 'screen' });
    const others = ROUTES.filter((r) => r.path !== '/login' && r.path !== '/CustomerDisplay');
    expect(others.filter((r) => r.layout !== 'dashboard').map((r) => r.path)).toEqual([]);
    expect(others.filter((r) => r.guestOnly).map((r) => r.path)).toEqual([]);
  });

  it('names /Products/LowStock "LowStock" and the home page "index"', () => {
    expect(ROUTES_BY_NAME.LowStock.path).toBe('/Products/LowStock');
    expect(ROUTES_BY_NAME.index.path).toBe('/');
  });

  it('route names are unique and are what ROUTE_NAMES lists', () => {
    expect(new Set(ROUTE_NAMES).size).toBe(ROUTES.length);
    expect([...ROUTE_NAMES]).toEqual(ROUTES.map((r) => r.name));
    expect(Object.isFrozen(ROUTE_NAMES)).toBe(true);
  });

  it('every sidebar link is a route name whose permissions the item carries', () => {
    for (const section of NAV_SECTIONS) {
      for (const item of section.items) {
        expect(ROUTE_NAMES).toContain(item.link);
        expect(item.permissions).toEqual(ROUTES_BY_NAME[item.link].permissions);
      }
    }
  });

  it('fills detail paths by route name', () => {
    expect(routePath('Products-id', { id: 'a b' })).toBe('/Products/a%20b');
    expect(routePath('Inventories-TransferRequests-id', { id: 7 })).toBe(
      '/Inventories/TransferRequests/7',
    );
    expect(() => routePath('nope')).toThrow('Unknown route name: nope');
  });
});
