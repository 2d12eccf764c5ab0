import { ROUTES, type RouteDef } from '@pos/contracts';

// Static routes are listed before detail routes in ROUTES, so /Products/LowStock wins over
// /Products/:id. Matching ignores case and a trailing slash, like react-router's.
function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) =>
    seg.startsWith(':') ? b[i].length > 0 : seg.toLowerCase() === b[i].toLowerCase(),
  );
}

export function findRoute(pathname: string, routes: RouteDef[] = ROUTES): RouteDef | undefined {
  return routes.find((route) => matches(route.path, pathname));
}
