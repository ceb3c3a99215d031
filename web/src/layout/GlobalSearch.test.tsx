import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue, type User } from '../auth/context';
import { swrConfig } from '../lib/swr';
import { getAppState, setAppState } from '../lib/persisted-state';
import { GlobalSearch } from './GlobalSearch';

const never = () => Promise.reject(new Error('not in this test'));
const session = (role: User['role']): AuthContextValue => ({
  status: 'authenticated',
  method: 'jwt',
  user: { id: 'ME', username: 'me', role, tenantId: 't' },
  login: never,
  register: never,
  demoLogin: never,
  logout: () => Promise.resolve(),
});

const answers: Record<string, unknown[]> = {
  vehicles: [{ id: 'V1', make: 'Toyota', model: 'Camry', year: 2024, licensePlate: 'DXB 12345' }],
  customers: [{ id: 'C1', fullNameEnglish: 'Omar Khalil', fullNameArabic: 'عمر خليل', phone: '+971501234567' }],
  rentals: [
    {
      id: 'R1',
      referenceNumber: 'RNT-0001',
      customerName: 'Omar Khalil',
      vehicleLabel: 'Toyota Camry',
      status: 'active',
    },
  ],
};

function mockApi(opts: { status?: number } = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      const area = url.match(/^\/api\/v1\/(\w+)\?/)?.[1] ?? '';
      // "paged": the first page reads no match but has a cursor (a filtered DynamoDB page).
      const firstPaged = url.includes('paged') && !url.includes('cursor=');
      const body = opts.status
        ? { error: { code: 'INTERNAL_ERROR', message: 'x' } }
        : {
            items: url.includes('zzzz') || firstPaged ? [] : (answers[area] ?? []),
            nextCursor: firstPaged ? 'c1' : null,
          };
      return new Response(JSON.stringify(body), {
        status: opts.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setAppState({ recentSearches: [] });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderSearch(role: User['role']) {
  return render(
    <AuthContext.Provider value={session(role)}>
      <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <GlobalSearch />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </AuthContext.Provider>,
  );
}

const box = () => screen.getByRole('searchbox', { name: 'Search' });

describe('GlobalSearch', () => {
  it('debounces typing and shows results grouped by area', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi();
    renderSearch('OWNER');
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'o' } });
    fireEvent.change(box(), { target: { value: 'om' } });
    fireEvent.change(box(), { target: { value: 'oma' } });
    expect(calls).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(260);
    });
    vi.useRealTimers();
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(within(list).getByRole('group', { name: 'Vehicles' })).toBeTruthy();
    expect(
      within(within(list).getByRole('group', { name: 'Customers' })).getByRole('option', { name: /Omar Khalil/ }),
    ).toBeTruthy();
    expect(
      within(within(list).getByRole('group', { name: 'Rentals' })).getByRole('option', { name: /RNT-0001/ }),
    ).toBeTruthy();
    // One request per area, for the final text only.
    expect(calls.sort()).toEqual([
      '/api/v1/customers?search=oma&limit=100',
      '/api/v1/rentals?q=oma&limit=100',
      '/api/v1/vehicles?search=oma&limit=100',
    ]);
  });

  it('does not search below 2 characters', async () => {
    const calls = mockApi();
    renderSearch('OWNER');
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'a' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(calls).toEqual([]);
    expect(screen.getByText('Type at least 2 characters to search.')).toBeTruthy();
  });

  it('a MECHANIC only ever queries vehicles', async () => {
    const calls = mockApi();
    renderSearch('MECHANIC');
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'dxb' } });
    await screen.findByRole('option', { name: /Toyota Camry 2024/ });
    expect(calls).toEqual(['/api/v1/vehicles?search=dxb&limit=100']);
    expect(screen.queryByRole('group', { name: 'Customers' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Rentals' })).toBeNull();
  });

  it('arrow keys move the highlight and Enter opens it, recording the query', async () => {
    mockApi();
    renderSearch('STAFF');
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'omar' } });
    expect(await screen.findByRole('option', { name: /RNT-0001.*Active/ })).toBeTruthy();
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const first = screen.getByRole('option', { name: /Toyota Camry 2024/ });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(first.id);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const second = screen.getByRole('option', { name: /^Omar Khalil/ });
    expect(box().getAttribute('aria-activedescendant')).toBe(second.id);
    fireEvent.submit(box().closest('form')!);
    expect(screen.getByTestId('where').textContent).toBe('/customers/C1');
    expect(getAppState().recentSearches[0]).toBe('omar');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().hasAttribute('aria-expanded')).toBe(false);
  });

  it('shows "No results" and Escape closes the panel', async () => {
    const calls = mockApi();
    renderSearch('MECHANIC');
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'zzzz' } });
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(calls).toEqual(['/api/v1/vehicles?search=zzzz&limit=100']);
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByText('No results')).toBeNull();
  });

  it('follows nextCursor when a filtered page holds no match yet', async () => {
    const calls = mockApi();
    renderSearch('MECHANIC');
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'paged' } });
    expect(await screen.findByRole('option', { name: /Toyota Camry 2024/ })).toBeTruthy();
    expect(calls).toEqual([
      '/api/v1/vehicles?search=paged&limit=100',
      '/api/v1/vehicles?search=paged&limit=100&cursor=c1',
    ]);
  });

  it('shows an error state when the search fails', async () => {
    mockApi({ status: 500 });
    renderSearch('MECHANIC');
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'dxb' } });
    expect(await screen.findByText('Search failed. Please try again.')).toBeTruthy();
  });
});
