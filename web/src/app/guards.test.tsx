import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue, type AuthStatus, type User } from '../auth/context';
import { PublicOnly, RequireAbility, RequireAuth, returnPath } from './guards';

function auth(status: AuthStatus, user: User | null = null): AuthContextValue {
  const never = () => Promise.reject(new Error('not in this test'));
  return {
    status,
    method: status === 'authenticated' ? 'jwt' : 'none',
    user,
    login: never,
    register: never,
    demoLogin: never,
    logout: () => Promise.resolve(),
  };
}
const owner: User = { id: '1', username: 'owner', role: 'OWNER', tenantId: 't' };
const mechanic: User = { id: '2', username: 'mech', role: 'MECHANIC', tenantId: 't' };

function Where() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return (
    <p data-testid="where">
      {location.pathname}
      {from ? ` from ${from.pathname}${from.search}` : ''}
    </p>
  );
}

function renderAt(path: string, value: AuthContextValue, state?: unknown) {
  return render(
    <AuthContext.Provider value={value}>
      <MemoryRouter
        initialEntries={[
          { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
        ]}
      >
        <Routes>
          <Route element={<PublicOnly />}>
            <Route path="/auth" element={<Where />} />
          </Route>
          <Route element={<RequireAuth />}>
            <Route path="/vehicles" element={<Where />} />
            <Route path="/dashboard" element={<Where />} />
            <Route
              path="/staff"
              element={
                <RequireAbility ability="staffRead">
                  <p>staff page</p>
                </RequireAbility>
              }
            />
          </Route>
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe('route guards', () => {
  it('sends a signed-out user on a protected path to /auth, keeping the origin', () => {
    renderAt('/vehicles?status=available', auth('unauthenticated'));
    expect(screen.getByTestId('where').textContent).toBe('/auth from /vehicles?status=available');
  });

  it('shows "Loading authentication..." while the session loads', () => {
    renderAt('/vehicles', auth('loading'));
    expect(screen.getByText('Loading authentication...')).toBeTruthy();
  });

  it('lets a signed-in user through', () => {
    renderAt('/vehicles', auth('authenticated', owner));
    expect(screen.getByTestId('where').textContent).toBe('/vehicles');
  });

  it('sends a signed-in user on /auth to /dashboard', () => {
    renderAt('/auth', auth('authenticated', owner));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
  });

  it('after sign-in returns to the page the user came from', () => {
    renderAt('/auth', auth('authenticated', owner), { from: { pathname: '/vehicles', search: '', hash: '' } });
    expect(screen.getByTestId('where').textContent).toBe('/vehicles');
  });

  it('shows Access Restricted to a role without the ability', () => {
    renderAt('/staff', auth('authenticated', mechanic));
    expect(screen.getByText('Access Restricted')).toBeTruthy();
    expect(screen.queryByText('staff page')).toBeNull();
  });

  it('returnPath ignores /auth and foreign values', () => {
    expect(returnPath(null)).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/auth' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '//evil.example' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/rentals/7', search: '?tab=ledger', hash: '' } })).toBe(
      '/rentals/7?tab=ledger',
    );
  });
});
