import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue, type User } from '../../auth/context';
import { swrConfig } from '../../lib/swr';
import CustomersPage from './CustomersPage';
import BlacklistPage from '../blacklist/BlacklistPage';
import { translateMessage } from '../../lib/api-errors';
import './customer-api';
import { setLanguage, t } from '../../i18n';

const never = () => Promise.reject(new Error('not in this test'));
const session = (role: User['role']): AuthContextValue => ({
  status: 'authenticated',
  method: 'jwt',
  user: { id: 'u', username: 'u', role, tenantId: 't' },
  login: never,
  register: never,
  demoLogin: never,
  logout: () => Promise.resolve(),
});

function mockApi(handler: (url: string) => { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { status, body } = handler(String(input));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderPage(page: React.ReactNode, role: User['role'] = 'OWNER') {
  return render(
    <AuthContext.Provider value={session(role)}>
      <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
        <MemoryRouter>{page}</MemoryRouter>
      </SWRConfig>
    </AuthContext.Provider>,
  );
}

const entry = {
  id: 'E1',
  fullName: 'Viktor Sokolov',
  licenseNumber: 'RU1',
  phoneNumber: null,
  reason: 'Unpaid fines',
  status: 'active',
  addedByName: 'owner',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
};

describe('customers pages', () => {
  it('shows "Failed to load customers" with a retry when the directory cannot load', async () => {
    mockApi(() => ({ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }));
    renderPage(<CustomersPage />);
    expect(await screen.findByText('Failed to load customers')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('lists customers with tier badges, a VIP toggle and the tier thresholds', async () => {
    mockApi(() => ({
      status: 200,
      body: {
        items: [
          {
            id: 'C1',
            fullNameEnglish: 'Anna Eriksson',
            fullNameArabic: 'آنا',
            isVip: true,
            isActive: true,
            loyaltyTier: 'gold',
            behaviorFlags: [],
          },
        ],
        nextCursor: null,
      },
    }));
    renderPage(<CustomersPage />);
    const row = (await screen.findByText('Anna Eriksson')).closest('tr')!;
    expect(within(row).getByText('Gold')).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: 'Remove VIP from Anna Eriksson' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByText('Loyalty tiers')).toBeTruthy();
    expect(screen.getByText(/10 completed rentals or/)).toBeTruthy();
  });

  it('blacklist: STAFF read and add but see no edit or status actions', async () => {
    mockApi(() => ({ status: 200, body: { items: [entry], nextCursor: null } }));
    renderPage(<BlacklistPage />, 'STAFF');
    expect(await screen.findByText('Viktor Sokolov')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add entry' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByText(/Only owners and administrators/)).toBeTruthy();
  });

  it('blacklist: managers get edit and status actions', async () => {
    mockApi(() => ({ status: 200, body: { items: [entry], nextCursor: null } }));
    renderPage(<BlacklistPage />, 'ADMIN');
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark reviewed' })).toBeTruthy();
  });

  it('translates server messages, including the regional minimum age', () => {
    expect(translateMessage(t, 'Full name in English is required')).toBe('Full name in English is required');
    expect(translateMessage(t, 'Customer must be at least 21 years old to rent in United States')).toBe(
      'Customer must be at least 21 years old to rent in United States',
    );
    expect(
      translateMessage(t, 'No machine-readable text found in this image; upload a PDF scan or enter details manually'),
    ).toContain('No machine-readable text');
    expect(translateMessage(t, 'Something new')).toBe('Something new');
    setLanguage('ar');
    try {
      expect(translateMessage(t, 'Full name in English is required')).toBe('الاسم الكامل بالإنجليزية مطلوب');
      expect(translateMessage(t, 'Customer must be at least 20 years old to rent in Saudi Arabia')).toBe(
        'يجب ألا يقل عمر العميل عن 20 سنة للاستئجار في Saudi Arabia',
      );
      expect(translateMessage(t, 'Failed to scan ID document')).toBe('تعذّر مسح وثيقة الهوية');
    } finally {
      setLanguage('en');
    }
  });
});
