import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../auth/context';
import { swrConfig } from '../../lib/swr';
import { setLanguage } from '../../i18n';
import RentalDetailPage from './RentalDetailPage';
import { fromLocalInput, toLocalInput } from './rental-api';

/** Issue 17 on the rental page: company clock, translated ledger, money states, dialog labels. */
const never = () => Promise.reject(new Error('not in this test'));
const session: AuthContextValue = {
  status: 'authenticated',
  method: 'jwt',
  user: { id: 'u', username: 'u', role: 'OWNER', tenantId: 't' },
  login: never,
  register: never,
  demoLogin: never,
  logout: () => Promise.resolve(),
};

const rental = {
  id: 'R1',
  referenceNumber: 'RENT-1001',
  contractNumber: 'CNT-1001',
  customerId: 'C1',
  customerName: 'Omar',
  vehicleId: 'V1',
  vehicleLabel: 'Kia K5',
  status: 'completed',
  closedAt: '2026-03-14T10:00:00.000Z',
  // 09:00 in Dubai.
  startDate: '2026-03-10T05:00:00.000Z',
  endDate: '2026-03-13T05:00:00.000Z',
  expectedReturnDate: '2026-03-13T05:00:00.000Z',
  expectedDuration: 3,
  openEnded: false,
  rentalType: 'daily',
  dailyRate: 150,
  dailyKmLimit: 200,
  extraChargePerKm: 0.5,
  taxRate: 5,
  taxIncluded: false,
  youngDriverFeePerDay: 50,
  securityDeposit: 300,
  totalAmount: 630,
  charges: 630,
  payments: 630,
  refunds: 0,
  balance: 0,
  balanceState: 'settled',
  depositHeld: 0,
  timeline: [{ at: '2026-03-10T05:00:00.000Z', action: 'created', by: 'owner' }],
  version: 3,
};
// Entries as stored before description codes existed: English labels only.
const ledger = {
  items: [
    {
      id: 'L1',
      type: 'charge',
      context: 'initial',
      category: 'other',
      label: 'Young driver fee',
      amount: 150,
      method: null,
      status: 'paid',
      reversesId: null,
      postedAt: '2026-03-10T05:00:00.000Z',
    },
    {
      id: 'L2',
      type: 'payment',
      context: 'initial',
      category: 'payment',
      label: 'Initial payment',
      amount: 630,
      method: 'cash',
      status: 'paid',
      reversesId: null,
      postedAt: '2026-03-10T05:00:00.000Z',
    },
    {
      id: 'L3',
      type: 'charge',
      context: 'initial',
      category: 'security_deposit',
      label: 'Security deposit',
      amount: 300,
      method: null,
      status: 'not_collected',
      reversesId: null,
      postedAt: '2026-03-10T05:00:00.000Z',
    },
  ],
  balance: 0,
  balanceState: 'settled',
  charges: 630,
  payments: 630,
  refunds: 0,
  deposit: { requested: 300, received: 0, refunded: 0, held: 0 },
};

function mockApi(r: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.endsWith('/ledger')
        ? ledger
        : url.endsWith('/notes')
          ? { items: [], nextCursor: null }
          : url.includes('/rentals/defaults')
            ? {
                region: 'AE',
                timezone: 'Asia/Dubai',
                taxRate: 5,
                extraChargePerKm: 0.5,
                dailyKmLimit: 200,
                enableBlacklistCheck: true,
                blacklistMode: 'warning',
                allowStaffCloseWithBalance: true,
              }
            : url.includes('/rentals/R1')
              ? r
              : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage('en');
});

function renderDetail() {
  return render(
    <AuthContext.Provider value={session}>
      <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
        <MemoryRouter initialEntries={['/rentals/R1']}>
          <Routes>
            <Route path="/rentals/:id" element={<RentalDetailPage />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </AuthContext.Provider>,
  );
}

describe('rental page', () => {
  it('in Arabic: ledger descriptions translated (old entries too), a closed rental reads Closed, no deposit pending', async () => {
    setLanguage('ar');
    mockApi(rental);
    renderDetail();
    const table = await screen.findByTestId('ledger-table');
    expect(within(table).getByText('رسوم السائق الشاب')).toBeTruthy();
    expect(within(table).getByText('الدفعة الأولى')).toBeTruthy();
    expect(within(table).queryByText('Young driver fee')).toBeNull();
    expect(within(table).queryByText('قيد الانتظار')).toBeNull();
    expect(within(table).getByText('لم يُحصَّل')).toBeTruthy();
    expect(document.querySelector('[data-closed="true"]')?.textContent).toBe('مغلق');
  });

  it('shows date-times on the company clock (09:00 Dubai, whatever the browser zone)', async () => {
    mockApi(rental);
    renderDetail();
    const start = (await screen.findByText('Start')).nextElementSibling!;
    await vi.waitFor(() => expect(start.textContent).toMatch(/\b0?9:00\b/));
    expect(start.textContent).not.toMatch(/\b0?5:00\b/);
  });

  it('timeline in words (issue 27): a billed period with its dates in the company format, no key, no ISO date, in both languages', async () => {
    const timeline = [
      { at: '2026-03-10T05:00:00.000Z', action: 'created', by: 'owner' },
      {
        at: '2026-03-11T05:00:00.000Z',
        action: 'billing_period',
        by: 'system',
        params: { from: '2026-03-01', to: '2026-03-31' },
      },
      { at: '2026-03-12T05:00:00.000Z', action: 'some_future_action', by: 'system', note: 'Billed 2026-03-01' },
    ];
    for (const [lang, words] of [
      ['en', 'Billing period charged'],
      ['ar', 'تم احتساب فترة الفوترة'],
    ] as const) {
      setLanguage(lang);
      mockApi({ ...rental, timeline });
      const view = renderDetail();
      await vi.waitFor(() => expect(view.container.textContent).toContain(words));
      const text = view.container.textContent ?? '';
      expect(text).not.toMatch(/rentals\.timelineActions|some_future_action|billing_period|2026-03-\d\d/);
      expect(text).toContain('Some future action');
      view.unmount();
    }
  });

  it('the cancel dialog offers "Keep rental" and "Cancel rental", never a bare "Cancel"', async () => {
    mockApi({ ...rental, status: 'pending', closedAt: null });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel rental' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Keep rental' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel rental' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});

describe('date inputs on the company clock', () => {
  it('09:00 typed for a Dubai company is 05:00 UTC, and back', () => {
    expect(fromLocalInput('2026-03-10T09:00', 'Asia/Dubai')).toBe('2026-03-10T05:00:00.000Z');
    expect(toLocalInput('2026-03-10T05:00:00.000Z', 'Asia/Dubai')).toBe('2026-03-10T09:00');
    // Across New York's daylight-saving change (8 March 2026): EDT is UTC−4.
    expect(fromLocalInput('2026-03-09T09:00', 'America/New_York')).toBe('2026-03-09T13:00:00.000Z');
    expect(fromLocalInput('2026-03-07T09:00', 'America/New_York')).toBe('2026-03-07T14:00:00.000Z');
  });
});
