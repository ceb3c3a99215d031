import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue, type User } from '../../auth/context';
import { swrConfig } from '../../lib/swr';
import InvoicesPage from './InvoicesPage';
import InvoiceDetailPage from './InvoiceDetailPage';
import './invoice-api';

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

function renderAt(path: string, role: User['role'] = 'OWNER') {
  return render(
    <AuthContext.Provider value={session(role)}>
      <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/invoices" element={<InvoicesPage />} />
            <Route path="/invoices/:id" element={<InvoiceDetailPage />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </AuthContext.Provider>,
  );
}

const invoice = {
  id: 'I1',
  number: 'INV-1007',
  status: 'issued',
  overdue: true,
  rentalId: 'R1',
  rentalReference: 'RENT-1042',
  customerId: 'C1',
  customerName: 'Omar Khalil',
  customer: { name: 'Omar Khalil', vatNumber: null },
  seller: { name: 'Desert Rose', vatNumber: '100123456700003' },
  region: 'AE',
  currency: 'AED',
  scope: 'rental',
  periodStart: '2030-01-01',
  periodEnd: '2030-01-04',
  supplyDate: '2030-01-04',
  issueDate: '2030-01-04',
  dueDate: '2030-01-11',
  issuedAt: '2030-01-04T09:00:00Z',
  lines: [
    {
      chargeId: 'a',
      category: 'damage_fees',
      description: 'Bumper scratch',
      quantity: 1,
      unitPrice: 150,
      net: 150,
      vatCode: 'AE_SR_DU',
      vatRate: 5,
      vatAmount: 7.5,
      vatRatePercent: 5,
      vat: 7.5,
      total: 157.5,
    },
  ],
  subtotal: 150,
  vat: 7.5,
  total: 157.5,
  amountPaid: 0,
  balance: 157.5,
  notes: '',
  language: 'en',
  creditNoteId: null,
  creditNoteNumber: null,
  pdfVersion: 1,
  hasPdf: true,
  version: 2,
  createdAt: '2030-01-04T09:00:00Z',
  updatedAt: '2030-01-04T09:00:00Z',
  creditNote: null,
  payments: [],
};

describe('invoices pages', () => {
  it('lists invoices with their status (overdue), totals and a link to each', async () => {
    mockApi(() => ({
      status: 200,
      body: { items: [invoice], nextCursor: null, totals: { count: 1, total: 157.5, amountPaid: 0, balance: 157.5 } },
    }));
    renderAt('/invoices');
    const row = (await screen.findByRole('link', { name: 'INV-1007' })).closest('tr')!;
    expect(within(row).getByText('Overdue')).toBeTruthy();
    expect(within(row).getByText('Omar Khalil')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create invoice' })).toBeTruthy();
  });

  it('STAFF sees the list without "Create invoice"', async () => {
    mockApi(() => ({
      status: 200,
      body: { items: [], nextCursor: null, totals: { count: 0, total: 0, amountPaid: 0, balance: 0 } },
    }));
    renderAt('/invoices', 'STAFF');
    expect(await screen.findByText('No invoices yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create invoice' })).toBeNull();
  });

  it('shows an issued invoice locked: lines, TRN, credit note and email actions, no issue button', async () => {
    mockApi((url) =>
      url.includes('/payments')
        ? { status: 200, body: { items: [], customerCredit: 0 } }
        : { status: 200, body: invoice },
    );
    renderAt('/invoices/I1');
    expect(await screen.findByRole('heading', { name: 'Invoice INV-1007' })).toBeTruthy();
    expect(screen.getByText('Bumper scratch')).toBeTruthy();
    expect(screen.getByText(/TRN/)).toBeTruthy();
    expect(screen.getByText('Issued invoices are locked. Use a credit note to correct one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Credit note' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Issue invoice' })).toBeNull();
  });
});
