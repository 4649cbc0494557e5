import { Outlet, useLocation, useMatches } from 'react-router';
import { usePermissions } from '#lib/session/session.tsx';
import { ForbiddenPage } from './errors/forbidden-page.tsx';

/** What a route may declare in its `handle`. */
export type RouteHandle = {
  /** Any one of these permissions opens the page; without it the page is not rendered (403 screen). */
  anyOf?: readonly number[];
  /** All of these permissions are needed. */
  allOf?: readonly number[];
};

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && ('anyOf' in value || 'allOf' in value);
}

/** Navigation state of a menu click: the page starts afresh even when it is already shown. */
export type MenuNavigationState = { menuClick?: number };

/**
 * Checks the permission sets declared by the matched routes before the page renders. The page is keyed
 * by path (and menu click), so another record or a menu click starts it with fresh state.
 */
export function PermissionGate() {
  const matches = useMatches();
  const location = useLocation();
  const { canAny, canAll } = usePermissions();
  for (const match of matches) {
    const handle = match.handle;
    if (!isRouteHandle(handle)) continue;
    if (handle.anyOf && !canAny(handle.anyOf)) return <ForbiddenPage />;
    if (handle.allOf && !canAll(handle.allOf)) return <ForbiddenPage />;
  }
  const menuClick = (location.state as MenuNavigationState | null)?.menuClick ?? 0;
  return <Outlet key={`${location.pathname}#${menuClick}`} />;
}
