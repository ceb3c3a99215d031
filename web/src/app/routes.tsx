/**
 * The route tree: the spec's redirects (shared/redirects.ts, also applied at the edge), public
 * pages, /auth, the authenticated layout with every page from the registry (pages.ts), and 404.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { REDIRECTS } from '../../../shared/redirects';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { NotFoundPage } from '../components/StatusPages';
import { PublicOnly, RequireAbility, RequireAuth } from './guards';
import { appPages, publicPages } from './pages';

// The authenticated shell is its own chunk so the sign-in route does not download it.
const AppLayout = lazy(() => import('../layout/AppLayout'));

function PublicShell() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullScreenLoader labelKey="common.loading" />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppRoutes() {
  const authPage = publicPages.find((p) => p.path === '/auth')!;
  return (
    <Routes>
      {Object.entries(REDIRECTS).map(([from, to]) => (
        <Route key={from} path={from} element={<Navigate to={to} replace />} />
      ))}

      <Route element={<PublicShell />}>
        {publicPages
          .filter((p) => p.path !== '/auth')
          .map((p) => (
            <Route key={p.path} path={p.path} element={<p.Component />} />
          ))}
        <Route element={<PublicOnly />}>
          <Route path="/auth" element={<authPage.Component />} />
        </Route>
      </Route>

      <Route element={<RequireAuth />}>
        <Route
          element={
            <Suspense fallback={<FullScreenLoader labelKey="common.loading" />}>
              <AppLayout />
            </Suspense>
          }
        >
          {appPages.map((p) => (
            <Route
              key={p.path}
              path={p.path}
              element={
                <RequireAbility ability={p.ability}>
                  <p.Component />
                </RequireAbility>
              }
            />
          ))}
        </Route>
      </Route>

      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
