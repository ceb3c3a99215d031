import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { hasAbility, type Ability } from '../../../shared/permissions';
import { MFA_ENROLMENT_FLAG, useAuth } from '../auth/context';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { AccessRestricted } from '../components/StatusPages';

/** Navigation state carried to /auth so sign-in can return the user where they were going. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where to go after sign-in: the protected page the user came from, else /dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  // Only same-app paths: '//host' would be read as another origin.
  if (
    !from?.pathname ||
    from.pathname === '/auth' ||
    !from.pathname.startsWith('/') ||
    from.pathname.startsWith('//')
  ) {
    return '/dashboard';
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Protected area: a spinner while the session loads, /auth (keeping the origin) when signed out. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullScreenLoader />;
  if (status === 'unauthenticated') {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/auth" replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

/** /auth: a signed-in user goes on to where they were heading (default /dashboard). */
export function PublicOnly() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullScreenLoader />;
  if (status === 'authenticated')
    return (
      <Navigate
        to={sessionStorage.getItem(MFA_ENROLMENT_FLAG) ? '/account/security' : returnPath(location.state)}
        replace
      />
    );
  return <Outlet />;
}

/** Shows "Access Restricted" instead of a page the user's role may not open. */
export function RequireAbility({ ability, children }: { ability: Ability; children: ReactNode }) {
  const { user } = useAuth();
  if (!hasAbility(user?.role, ability)) return <AccessRestricted />;
  return <>{children}</>;
}
