import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../auth/context';
import { setLanguage } from '../../i18n';
import { swrConfig } from '../../lib/swr';
import '../security/security-api';
import { DeadLetters } from './DeadLetters';

/**
 * The dead letters on the operator's job page (issue 30): the parked units with company, unit, reason,
 * attempts; Retry only after a confirmation, calling the retry route for that message; the empty state;
 * the load error; the Arabic catalog.
 */
const letter = {
  messageId: 'msg-1',
  tenantId: '01M8J05T82D7AWYH4A76TCVTT1',
  companyName: 'Desert Rose Rentals',
  unit: { tenantId: '01M8J05T82D7AWYH4A76TCVTT1', rentalIds: ['R1', 'R2'] },
  reason: 'InvoicingFailed: RENT-1042: Customer address is required',
  receiveCount: 3,
  failedAt: '2026-11-28T10:00:00.000Z',
  runStartedAt: '2026-11-28T09:20:00.000Z',
};

type Call = { url: string; method: string };
function mockApi(jobs: unknown[] | 'error') {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      if (method === 'POST') return Response.json({ retried: true });
      if (jobs === 'error') return Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 });
      return Response.json({ jobs });
    }),
  );
  return calls;
}
afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage('en');
});

const never = () => Promise.reject(new Error('not in this test'));
const operator: AuthContextValue = {
  status: 'authenticated',
  method: 'jwt',
  user: { id: 'u', username: 'op', role: 'SUPERADMIN', tenantId: 't' },
  login: never,
  register: never,
  demoLogin: never,
  logout: () => Promise.resolve(),
};
const renderIt = () =>
  render(
    <AuthContext.Provider value={operator}>
      <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
        <DeadLetters />
      </SWRConfig>
    </AuthContext.Provider>,
  );

describe('dead letters (admin tools)', () => {
  it('lists a parked unit with its company, unit, reason and attempts; retries it after the confirmation', async () => {
    const calls = mockApi([{ job: 'invoice-long-rentals', items: [letter] }]);
    renderIt();
    const row = (await screen.findByText('Desert Rose Rentals')).closest('tr')!;
    expect(within(row).getByText('invoice-long-rentals')).toBeTruthy();
    expect(within(row).getByText('2 rentals')).toBeTruthy();
    expect(within(row).getByText(letter.reason)).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    // Nothing is sent before the operator confirms.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Retry this unit of invoice-long-rentals?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toContain('/api/v1/admin/jobs/invoice-long-rentals/dead-letters/msg-1/retry');
  });

  it('says so when nothing is parked', async () => {
    mockApi([{ job: 'invoice-long-rentals', items: [] }]);
    renderIt();
    expect(await screen.findByText('No dead letters')).toBeTruthy();
  });

  it('shows the load error', async () => {
    mockApi('error');
    renderIt();
    expect(await screen.findByText('Could not load the dead letters')).toBeTruthy();
  });

  it('speaks Arabic', async () => {
    setLanguage('ar');
    mockApi([{ job: 'invoice-long-rentals', items: [letter] }]);
    renderIt();
    expect(await screen.findByText('الرسائل المعلّقة')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
  });
});
