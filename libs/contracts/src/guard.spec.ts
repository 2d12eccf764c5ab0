import {
  decideRoute,
  hasPermission,
  isMenuLink,
  isNavItemVisible,
  searchNav,
  type GuardUser,
  type NavContext,
} from './guard';
import { NAV_SECTIONS, ROUTES_BY_NAME, type NavItem, type NavSection } from './routes';

const user = (over: Partial<GuardUser> = {}): GuardUser => ({
  id: 'u1',
  branchId: 'b1',
  isAdmin: false,
  permissions: [],
  screens: [],
  ...over,
});
const perms = (...keys: string[]) => keys.map((key) => ({ key }));
const route = (name: string) => ROUTES_BY_NAME[name];

describe('hasPermission', () => {
  it('needs every listed key', () => {
    const u = user({ permissions: perms('can_see_products', 'can_see_categories') });
    expect(hasPermission(u, [])).toBe(true);
    expect(hasPermission(u, ['can_see_products'])).toBe(true);
    expect(hasPermission(u, ['can_see_products', 'can_see_categories'])).toBe(true);
    expect(hasPermission(u, ['can_see_products', 'can_see_vendors'])).toBe(false);
    expect(hasPermission(null, [])).toBe(false);
  });

  it('with modules required, at least one must be enabled', () => {
    const u = user();
    expect(hasPermission(u, [], ['POS'], [])).toBe(false);
    expect(hasPermission(u, [], ['POS'], ['POS'])).toBe(true);
    expect(hasPermission(u, [], ['POS', 'Maintenance'], ['Maintenance'])).toBe(true);
    expect(hasPermission(u, [], ['POS', 'Maintenance'], ['Einvoice'])).toBe(false);
  });

  it('can_see_einvoice needs module Einvoice (spec §6)', () => {
    const u = user({ permissions: perms('can_see_einvoice') });
    expect(hasPermission(u, ['can_see_einvoice'], [], [])).toBe(false);
    expect(hasPermission(u, ['can_see_einvoice'], [], ['Einvoice'])).toBe(true);
    expect(hasPermission(user(), ['can_see_einvoice'], [], ['Einvoice'])).toBe(false);
  });
});

describe('decideRoute', () => {
  it('a guest may see only /login', () => {
    expect(decideRoute(route('login'), null, NAV_SECTIONS)).toEqual({ kind: 'allow' });
    expect(decideRoute(route('index'), null, NAV_SECTIONS)).toEqual({ kind: 'login' });
    expect(decideRoute(route('Vault'), null, NAV_SECTIONS)).toEqual({ kind: 'login' });
    expect(decideRoute(undefined, null, NAV_SECTIONS)).toEqual({ kind: 'login' });
  });

  it('sends a signed-in user from /login home; / is always allowed', () => {
    expect(decideRoute(route('login'), user(), NAV_SECTIONS)).toEqual({ kind: 'home' });
    expect(decideRoute(route('index'), user({ screens: ['POS'] }), NAV_SECTIONS)).toEqual({
      kind: 'allow',
    });
  });

  it('needs every permission of the route', () => {
    expect(decideRoute(route('Roles'), user(), NAV_SECTIONS)).toEqual({ kind: 'forbidden' });
    expect(
      decideRoute(
        route('Roles'),
        user({ permissions: perms('can_manage_permissions') }),
        NAV_SECTIONS,
      ),
    ).toEqual({
      kind: 'allow',
    });
    expect(decideRoute(route('Vault'), user(), NAV_SECTIONS)).toEqual({ kind: 'allow' });
    expect(decideRoute(route('Shift-id'), user(), NAV_SECTIONS)).toEqual({ kind: 'forbidden' });
    expect(
      decideRoute(
        route('LowStock'),
        user({ permissions: perms('can_see_near_end_products') }),
        NAV_SECTIONS,
      ),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('applies the module rule of a route permission', () => {
    const u = user({ permissions: perms('can_see_einvoice') });
    expect(decideRoute(route('E-invoices'), u, NAV_SECTIONS, [])).toEqual({ kind: 'forbidden' });
    expect(decideRoute(route('E-invoices'), u, NAV_SECTIONS, ['Einvoice'])).toEqual({
      kind: 'allow',
    });
  });

  it('the screens list restricts menu links only', () => {
    const u = user({ screens: ['POS', 'Vault'] });
    expect(decideRoute(route('POS'), u, NAV_SECTIONS)).toEqual({ kind: 'allow' });
    expect(decideRoute(route('Checks'), u, NAV_SECTIONS)).toEqual({ kind: 'forbidden' });
    // Detail routes are not menu links: not restricted by the list.
    expect(decideRoute(route('Maintenance-id'), u, NAV_SECTIONS)).toEqual({ kind: 'allow' });
    // An empty list means no restriction.
    expect(decideRoute(route('Checks'), user(), NAV_SECTIONS)).toEqual({ kind: 'allow' });
  });

  it('admin-only routes need isAdmin', () => {
    expect(decideRoute(route('admin-settings'), user(), NAV_SECTIONS)).toEqual({
      kind: 'forbidden',
    });
    expect(decideRoute(route('admin-apiKeys'), user({ isAdmin: true }), NAV_SECTIONS)).toEqual({
      kind: 'allow',
    });
  });

  it('lets a signed-in user reach the 404 page for unknown routes', () => {
    expect(decideRoute(undefined, user(), NAV_SECTIONS)).toEqual({ kind: 'allow' });
  });
});

describe('isMenuLink', () => {
  it('knows which route names are sidebar links', () => {
    expect(isMenuLink('POS', NAV_SECTIONS)).toBe(true);
    expect(isMenuLink('Roles-id', NAV_SECTIONS)).toBe(false);
  });
});

const ctx = (over: Partial<NavContext> = {}): NavContext => ({
  user: user(),
  enabledModules: ['POS', 'Einvoice', 'INSTALLMENTS', 'Maintenance'],
  features: {},
  sidebarItems: null,
  ...over,
});
const navItem = (over: Partial<NavItem>): NavItem => ({
  label: 'nav:items.x',
  icon: 'Home',
  link: 'Vault',
  permissions: [],
  modules: [],
  ...over,
});

describe('isNavItemVisible', () => {
  it('hides items for guests and missing permissions', () => {
    const it = navItem({ link: 'Products', permissions: ['can_see_products'] });
    expect(isNavItemVisible(it, ctx({ user: null }))).toBe(false);
    expect(isNavItemVisible(it, ctx())).toBe(false);
    expect(
      isNavItemVisible(it, ctx({ user: user({ permissions: perms('can_see_products') }) })),
    ).toBe(true);
  });

  it('hides items whose modules are all off', () => {
    const it = navItem({ link: 'POS', modules: ['POS'] });
    expect(isNavItemVisible(it, ctx({ enabledModules: [] }))).toBe(false);
    expect(isNavItemVisible(it, ctx({ enabledModules: ['POS'] }))).toBe(true);
  });

  it('hides admin-only items from non-admins', () => {
    const it = navItem({ link: 'admin-settings' });
    expect(isNavItemVisible(it, ctx())).toBe(false);
    expect(isNavItemVisible(it, ctx({ user: user({ isAdmin: true }) }))).toBe(true);
  });

  it('hides items whose feature flag is off', () => {
    const it = navItem({ feature: 'beta_vault' });
    expect(isNavItemVisible(it, ctx())).toBe(false);
    expect(isNavItemVisible(it, ctx({ features: { beta_vault: false } }))).toBe(false);
    expect(isNavItemVisible(it, ctx({ features: { beta_vault: true } }))).toBe(true);
  });

  it('applies the screens list and the store sidebarItems', () => {
    const it = navItem({ link: 'Vault' });
    expect(isNavItemVisible(it, ctx({ user: user({ screens: ['POS'] }) }))).toBe(false);
    expect(isNavItemVisible(it, ctx({ user: user({ screens: ['Vault'] }) }))).toBe(true);
    expect(isNavItemVisible(it, ctx({ sidebarItems: ['POS'] }))).toBe(false);
    expect(isNavItemVisible(it, ctx({ sidebarItems: ['Vault'] }))).toBe(true);
    expect(isNavItemVisible(it, ctx({ sidebarItems: undefined }))).toBe(true);
  });
});

describe('searchNav', () => {
  const sections: NavSection[] = [
    {
      label: 'sec.sales',
      icon: 'PointOfSale',
      items: [
        navItem({ label: 'item.pos', link: 'POS' }),
        navItem({ label: 'item.shift', link: 'Shift' }),
        navItem({ label: 'item.invoices', link: 'invoices', permissions: ['can_see_invoices'] }),
      ],
    },
    {
      label: 'sec.money',
      icon: 'Savings',
      items: [
        navItem({ label: 'item.vault', link: 'Vault' }),
        navItem({ label: 'item.checks', link: 'Checks' }),
      ],
    },
  ];
  const texts: Record<string, string> = {
    'sec.sales': 'Sales',
    'sec.money': 'الخزينة والمالية',
    'item.pos': 'Point of Sale',
    'item.shift': 'Shifts',
    'item.invoices': 'Invoices',
    'item.vault': 'الخزينة',
    'item.checks': 'الشيكات',
  };
  const t = (key: string) => texts[key] ?? key;
  const links = (q: string, c = ctx()) =>
    searchNav(q, sections, c, t).map((g) => [g.section.label, g.items.map((i) => i.link)]);

  it('an empty or blank query lists every visible item, grouped by section', () => {
    expect(links('')).toEqual([
      ['sec.sales', ['POS', 'Shift']],
      ['sec.money', ['Vault', 'Checks']],
    ]);
    expect(links('   ')).toEqual(links(''));
  });

  it('matches the trimmed query case-insensitively on the label', () => {
    expect(links('  point OF ')).toEqual([['sec.sales', ['POS']]]);
    expect(links('SHIFT')).toEqual([['sec.sales', ['Shift']]]);
    expect(links('الشيك')).toEqual([['sec.money', ['Checks']]]);
  });

  it('matches on the section label (every visible item of the section)', () => {
    expect(links('sales')).toEqual([['sec.sales', ['POS', 'Shift']]]);
    expect(links('المالية')).toEqual([['sec.money', ['Vault', 'Checks']]]);
  });

  it('never shows hidden items and drops empty groups', () => {
    expect(links('invoices')).toEqual([]);
    const withPerm = ctx({ user: user({ permissions: perms('can_see_invoices') }) });
    expect(links('invoices', withPerm)).toEqual([['sec.sales', ['invoices']]]);
    expect(links('zzz')).toEqual([]);
  });
});
