import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue, type User } from '../../auth/context';
import { swrConfig } from '../../lib/swr';
import { setLanguage, t } from '../../i18n';
import StaffPage from './StaffPage';
import { translateMessage } from '../../lib/api-errors';
import './staff-api';

const never = () => Promise.reject(new Error('not in this test'));
const session = (role: User['role'], id = 'ME'): AuthContextValue => ({
  status: 'authenticated',
  method: 'jwt',
  user: { id, username: 'me', role, tenantId: 't' },
  login: never,
  register: never,
  demoLogin: never,
  logout: () => Promise.resolve(),
});

const member = (id: string, role: string, status = 'active', first = id) => ({
  id,
  tenantId: 't',
  username: id.toLowerCase(),
  email: null,
  firstName: first,
  lastName: 'Test',
  role,
  status,
  inviteStatus: status === 'pending' ? 'pending' : 'accepted',
  isArchived: false,
  isDemo: false,
  lastActiveAt: null,
  invitedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
});

function mockApi(staff: unknown[], opts: { isDemo?: boolean; status?: number } = {}) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? 'GET' });
      const body = url.startsWith('/api/auth/me')
        ? { success: true, user: { id: 'ME', username: 'me', role: 'OWNER', isDemo: opts.isDemo === true } }
        : opts.status
          ? { error: { code: 'INTERNAL_ERROR', message: 'x' } }
          : { items: staff, nextCursor: null };
      return new Response(JSON.stringify(body), {
        status: url.startsWith('/api/auth/me') ? 200 : (opts.status ?? 200),
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage('en');
});

function renderPage(role: User['role'], id = 'ME') {
  return render(
    <AuthContext.Provider value={session(role, id)}>
      <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
        <MemoryRouter>
          <StaffPage />
        </MemoryRouter>
      </SWRConfig>
    </AuthContext.Provider>,
  );
}

const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('/staff', () => {
  it('an ADMIN sees no actions on an OWNER, none to suspend or remove themselves, and cannot offer the OWNER role', async () => {
    mockApi([
      member('OWN', 'OWNER', 'active', 'Olivia'),
      member('ME', 'ADMIN', 'active', 'Adam'),
      member('S1', 'STAFF', 'suspended', 'Sami'),
      member('P1', 'MECHANIC', 'pending', 'Pia'),
    ]);
    renderPage('ADMIN', 'ME');
    expect(within(await row('Olivia Test')).queryByRole('button')).toBeNull();
    const self = await row('Adam Test');
    expect(within(self).getByRole('button', { name: 'Edit role' })).toBeTruthy();
    expect(within(self).queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(within(self).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(await row('Sami Test')).getByRole('button', { name: 'Unsuspend' })).toBeTruthy();
    expect(within(await row('Pia Test')).getByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(within(await row('Pia Test')).getByText('Pending invite')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Staff' }));
    const roles = (await screen.findByLabelText(/^Role/)).querySelectorAll('option');
    expect([...roles].map((o) => o.value)).toEqual(['ADMIN', 'STAFF', 'MECHANIC']);
    expect((screen.getByLabelText(/^Role/) as HTMLSelectElement).value).toBe('STAFF');
  });

  it('shows the schema messages on the add form without calling the API', async () => {
    const calls = mockApi([member('ME', 'OWNER')]);
    renderPage('OWNER');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Staff' }));
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('the demo account sees the list read-only with a notice', async () => {
    mockApi([member('ME', 'OWNER'), member('S1', 'STAFF', 'active', 'Sami')], { isDemo: true });
    renderPage('OWNER');
    expect(await screen.findByText('You are using the shared demo: staff can be viewed but not changed.')).toBeTruthy();
    expect(within(await row('Sami Test')).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Staff' })).toBeNull();
  });

  it('shows "Failed to load staff" with a retry', async () => {
    mockApi([], { status: 500 });
    renderPage('OWNER');
    expect(await screen.findByText('Failed to load staff')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('translates the server refusals into Arabic', () => {
    setLanguage('ar');
    expect(translateMessage(t, 'The company must keep at least one active owner')).toBe(
      'يجب أن يبقى للشركة مالك نشط واحد على الأقل',
    );
    expect(translateMessage(t, 'Something unknown')).toBe('Something unknown');
  });
});
