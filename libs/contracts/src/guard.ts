import { PERMISSION_MODULES, type ModuleKey, type PermissionKey } from './permissions';
import { ROUTES_BY_NAME, type NavItem, type NavSection, type RouteDef } from './routes';

export type GuardUser = {
  id: string;
  branchId: string | null;
  isAdmin: boolean;
  permissions: { key: string }[];
  /** Names of allowed links; empty means no restriction. */
  screens: string[];
};

/**
 * Spec §5: passes when the user holds all required keys and, if modules are required, at least
 * one of them is enabled in public configuration. Permissions that belong to a module (spec §6:
 * can_see_einvoice needs Einvoice) add that module to the requirement.
 */
export function hasPermission(
  user: Pick<GuardUser, 'permissions'> | null | undefined,
  permissions: readonly string[],
  modules: readonly string[] = [],
  enabledModules: readonly string[] = [],
): boolean {
  if (!user) return false;
  const held = new Set(user.permissions.map((p) => p.key));
  if (!permissions.every((key) => held.has(key))) return false;
  const required = new Set<string>(modules);
  for (const key of permissions) {
    for (const module of PERMISSION_MODULES[key as PermissionKey] ?? []) required.add(module);
  }
  if (required.size === 0) return true;
  return [...required].some((module) => enabledModules.includes(module as ModuleKey));
}

export function isMenuLink(name: string, sections: NavSection[]): boolean {
  return sections.some((section) => section.items.some((it) => it.link === name));
}

export type GuardDecision =
  { kind: 'allow' } | { kind: 'login' } | { kind: 'home' } | { kind: 'forbidden' };

/**
 * The route guard of spec §5. `/login` and `/` are always allowed (a signed-in user on /login is
 * sent home); a guest may see only /login; otherwise every permission of the route, the
 * admin-only rule, and the screens list for menu links.
 */
export function decideRoute(
  route: RouteDef | undefined,
  user: GuardUser | null,
  sections: NavSection[],
  enabledModules: readonly string[] = [],
): GuardDecision {
  if (!route) return user ? { kind: 'allow' } : { kind: 'login' };
  if (route.guestOnly) return user ? { kind: 'home' } : { kind: 'allow' };
  if (!user) return { kind: 'login' };
  if (route.name === 'index') return { kind: 'allow' };
  if (route.adminOnly && !user.isAdmin) return { kind: 'forbidden' };
  if (!hasPermission(user, route.permissions, [], enabledModules)) return { kind: 'forbidden' };
  if (
    user.screens.length > 0 &&
    isMenuLink(route.name, sections) &&
    !user.screens.includes(route.name)
  ) {
    return { kind: 'forbidden' };
  }
  return { kind: 'allow' };
}

export type NavContext = {
  user: GuardUser | null;
  enabledModules: readonly string[];
  features: Record<string, boolean>;
  /** Store info's sidebarItems: absent means no restriction. */
  sidebarItems?: string[] | null;
};

/** Whether a navigation item is visible (sidebar and search overlay share this rule). */
export function isNavItemVisible(it: NavItem, ctx: NavContext): boolean {
  const { user } = ctx;
  if (!user) return false;
  if (!hasPermission(user, it.permissions, it.modules, ctx.enabledModules)) return false;
  const route = ROUTES_BY_NAME[it.link];
  if (route?.adminOnly && !user.isAdmin) return false;
  if (it.feature && !ctx.features[it.feature]) return false;
  if (user.screens.length > 0 && !user.screens.includes(it.link)) return false;
  if (ctx.sidebarItems && !ctx.sidebarItems.includes(it.link)) return false;
  return true;
}

export type SearchGroup = { section: NavSection; items: NavItem[] };

/**
 * Spec §5 search rule: visible items whose label or section label contains the trimmed query,
 * case-insensitively. `translate` turns label keys into the text the user sees.
 */
export function searchNav(
  query: string,
  sections: NavSection[],
  ctx: NavContext,
  translate: (key: string) => string,
): SearchGroup[] {
  const q = query.trim().toLowerCase();
  const groups: SearchGroup[] = [];
  for (const section of sections) {
    const sectionLabel = translate(section.label).toLowerCase();
    const items = section.items.filter(
      (it) =>
        isNavItemVisible(it, ctx) &&
        (q === '' || translate(it.label).toLowerCase().includes(q) || sectionLabel.includes(q)),
    );
    if (items.length > 0) groups.push({ section, items });
  }
  return groups;
}
