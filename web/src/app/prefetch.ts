/**
 * Page preloading (spec §2, §9): after idle time the home, vehicles and customers pages; the
 * role's prefetch list (filtered by the access check); a hovered menu route after 100 ms.
 */
import { PRELOAD_DELAY_MS } from '../../../shared/constants';
import { hasAbility, type Role } from '../../../shared/permissions';
import { abilityFor, preloadPage } from './pages';

export const IDLE_PRELOAD = ['/dashboard', '/vehicles', '/customers'];

const EVERYONE = ['/vehicles', '/rentals', '/customers', '/ai-insights'];
const BY_ROLE: Record<Role, string[]> = {
  SUPERADMIN: ['/admin-tools', '/company-settings'],
  OWNER: ['/reports', '/fleet-analytics'],
  ADMIN: ['/staff', '/maintenance'],
  STAFF: ['/documents', '/alerts'],
  // The spec's "/vehicle-inspection" is the route /vehicle-inspections here.
  MECHANIC: ['/maintenance', '/vehicle-inspections'],
};

/** The role's prefetch list, keeping only routes the role may open. */
export function prefetchRoutesFor(role: Role): string[] {
  const routes = [...new Set([...EVERYONE, ...BY_ROLE[role]])];
  return routes.filter((path) => hasAbility(role, abilityFor(path) ?? 'signedIn'));
}

/** requestIdleCallback where available, otherwise a 100 ms timeout. */
export function whenIdle(fn: () => void): () => void {
  const w = window as Window & {
    requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout: 3000 });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = setTimeout(fn, PRELOAD_DELAY_MS);
  return () => clearTimeout(id);
}

export function preloadForRole(role: Role): () => void {
  return whenIdle(() => {
    for (const path of IDLE_PRELOAD) if (hasAbility(role, abilityFor(path) ?? 'signedIn')) preloadPage(path);
    for (const path of prefetchRoutesFor(role)) preloadPage(path);
  });
}

/** Hover handlers for a menu link: preload after 100 ms, cancelled if the pointer leaves. */
export function hoverPreload(path: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    onMouseEnter: () => {
      timer = setTimeout(() => preloadPage(path), PRELOAD_DELAY_MS);
    },
    onMouseLeave: () => clearTimeout(timer),
    onFocus: () => preloadPage(path),
  };
}
