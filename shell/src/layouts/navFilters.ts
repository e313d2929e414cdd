import {
  ADMIN_NAV,
  type NavGroup,
  PARENT_NAV,
  PUBLIC_NAV,
  type RemoteName,
  ROUTES,
  type RoleModule,
  type RouteEntry,
  roleAllowed,
  routeFor,
  unreadable,
} from '@psb/contracts/core';

const routedPaths = (routes: readonly RouteEntry[]) => new Set(routes.map((r) => r.path));

/** Public navbar: only entries whose page exists. */
export function visiblePublicNav(routes: readonly RouteEntry[] = ROUTES) {
  const routed = routedPaths(routes);
  return PUBLIC_NAV.filter((entry) => routed.has(entry.path));
}

interface Permissions {
  role: string | null;
  roleModules: readonly RoleModule[];
  routes?: readonly RouteEntry[];
}

/** Parent navbar: the page exists and the parent may read every module it names. */
export function visibleParentNav({ role, roleModules, routes = ROUTES }: Permissions) {
  return PARENT_NAV.filter((entry) => {
    const route = routeFor(entry.path, routes);
    return route !== undefined && unreadable(role, roleModules, route.modules).length === 0;
  });
}

/**
 * Admin sidebar: an entry shows when its page is routed, its remote is deployed (in the registry), the role
 * may read every module the page needs (declared once, on its route) and, for pages limited to some roles
 * (the legger), the role is one of them. Groups left empty disappear.
 */
export function visibleAdminNav({
  role,
  roleModules,
  registered,
  routes = ROUTES,
  groups = ADMIN_NAV,
}: Permissions & { registered: ReadonlySet<RemoteName>; groups?: readonly NavGroup[] }): NavGroup[] {
  const routed = routedPaths(routes);
  return groups
    .map((group) => ({
      label: group.label,
      items: group.items.filter(
        (item) =>
          routed.has(item.path) &&
          registered.has(item.remote) &&
          unreadable(role, roleModules, item.modules).length === 0 &&
          (!item.roles || roleAllowed(role, item.roles)),
      ),
    }))
    .filter((group) => group.items.length > 0);
}
