import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EDocSummary, EInvoicingStatus } from '../../../../shared/schemas/einvoicing';
import { AuthContext, type AuthContextValue, type User } from '../../auth/context';
import { swrConfig } from '../../lib/swr';
import InvoiceDetailPage from '../invoices/InvoiceDetailPage';
import '../invoices/invoice-api';
import EInvoicingPage from './EInvoicingPage';

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

type Call = { url: string; method: string; body: unknown };
type Answer = { status: number; body: unknown };

/** Answers by method and path; records every call. */
function mockApi(handler: (c: Call) => Answer | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const { status, body } = handler(call) ?? { status: 200, body: {} };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, role: User['role'] = 'OWNER') {
  return render(
    <AuthContext.Provider value={session(role)}>
      <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/einvoicing" element={<EInvoicingPage />} />
            <Route path="/invoices/:id" element={<InvoiceDetailPage />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </AuthContext.Provider>,
  );
}

const saudi = (patch: Partial<EInvoicingStatus> = {}): EInvoicingStatus => ({
  region: 'SA',
  required: true,
  stage: 'not_started',
  environment: 'sandbox',
  checks: {},
  warnings: [],
  ...patch,
});

const doc = (patch: Partial<EDocSummary> = {}): EDocSummary => ({
  id: 'D1',
  network: 'zatca',
  kind: 'invoice',
  profile: 'simplified',
  invoiceId: 'I1',
  number: 'INV-1007',
  uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
  issuedAt: '2030-01-04T09:00:00Z',
  currency: 'SAR',
  total: 115,
  vat: 15,
  status: 'reported',
  icv: 7,
  hash: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
  warnings: [],
  errors: [],
  attempts: 1,
  released: true,
  ...patch,
});

const page = (items: EDocSummary[]) => ({ items, nextCursor: null });
const isStatus = (c: Call) => c.url.startsWith('/api/v1/einvoicing/status');
const isDocs = (c: Call) => c.url.startsWith('/api/v1/einvoicing/documents') && c.method === 'GET';

describe('e-invoicing page, Saudi company', () => {
  it('shows the onboarding state: stage, environment, every check, warnings and the last error', async () => {
    mockApi((c) =>
      isStatus(c)
        ? {
            status: 200,
            body: saudi({
              stage: 'failed',
              checks: { 'standard-invoice': true, 'simplified-invoice': false },
              warnings: ['BR-KSA-98: the invoice should be reported within 24 hours'],
              lastError: 'ZATCA compliance checks failed: BR-KSA-37',
            }),
          }
        : isDocs(c)
          ? { status: 200, body: page([]) }
          : undefined,
    );
    renderAt('/einvoicing');
    const card = await screen.findByTestId('einvoicing-status');
    expect(within(card).getByText('Onboarding failed')).toBeTruthy();
    expect(within(card).getByText('ZATCA sandbox')).toBeTruthy();
    const checks = within(card).getByTestId('einvoicing-checks');
    expect(within(checks).getByText('Standard tax invoice').closest('li')?.textContent).toContain('Passed');
    expect(within(checks).getByText('Simplified tax invoice').closest('li')?.textContent).toContain('Failed');
    expect(within(checks).getByText('Standard credit note').closest('li')?.textContent).toContain('Not run yet');
    expect(within(card).getByText('BR-KSA-98: the invoice should be reported within 24 hours')).toBeTruthy();
    expect(within(card).getByText('ZATCA compliance checks failed: BR-KSA-37')).toBeTruthy();
    expect(await screen.findByText('No e-invoices yet')).toBeTruthy();
  });

  it('refuses an OTP that is not 6 digits without sending, then onboards and shows the new stage', async () => {
    let onboarded = false;
    const calls = mockApi((c) => {
      if (c.method === 'POST' && c.url.endsWith('/einvoicing/onboard')) {
        onboarded = true;
        return { status: 200, body: saudi({ stage: 'production', csidExpiresAt: '2031-01-04T00:00:00Z' }) };
      }
      if (isStatus(c)) return { status: 200, body: onboarded ? saudi({ stage: 'production' }) : saudi() };
      if (isDocs(c)) return { status: 200, body: page([]) };
    });
    renderAt('/einvoicing');
    const form = await screen.findByTestId('einvoicing-onboard');
    expect(within(form).getByText(/Fatoora portal/, { selector: 'p' })).toBeTruthy();
    const otp = within(form).getByLabelText(/OTP from the Fatoora portal/);
    fireEvent.change(otp, { target: { value: '12a3' } });
    expect((otp as HTMLInputElement).value).toBe('123');
    fireEvent.click(within(form).getByRole('button', { name: 'Onboard with ZATCA' }));
    expect(await within(form).findByText('Enter the 6-digit OTP from the Fatoora portal')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(otp, { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Onboard with ZATCA' }));
    expect(await screen.findByText('Onboarded', { selector: '[data-testid="einvoicing-stage"]' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ otp: '123456' }]);
  });

  it("shows ZATCA's refusal under the OTP, and the server's message when ZATCA does not answer", async () => {
    let attempt = 0;
    mockApi((c) => {
      if (c.method === 'POST') {
        attempt += 1;
        return attempt === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'ZATCA refused the OTP: Invalid OTP',
                  fields: { otp: 'Invalid OTP' },
                },
              },
            }
          : {
              status: 503,
              body: {
                error: {
                  code: 'SERVICE_UNAVAILABLE',
                  message: 'ZATCA is not answering right now; nothing was changed. Please try again.',
                },
              },
            };
      }
      if (isStatus(c)) return { status: 200, body: saudi() };
      if (isDocs(c)) return { status: 200, body: page([]) };
    });
    renderAt('/einvoicing');
    const form = await screen.findByTestId('einvoicing-onboard');
    fireEvent.change(within(form).getByLabelText(/OTP from the Fatoora portal/), { target: { value: '000000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Onboard with ZATCA' }));
    expect(await within(form).findByText('Invalid OTP')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Onboard with ZATCA' }));
    expect((await within(form).findByTestId('einvoicing-onboard-error')).textContent).toBe(
      'ZATCA is not answering right now; nothing was changed. Please try again.',
    );
  });

  it('asks before a renewal and sends only once confirmed', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'POST') return { status: 200, body: saudi({ stage: 'production' }) };
      if (isStatus(c))
        return { status: 200, body: saudi({ stage: 'production', csidExpiresAt: '2031-01-04T00:00:00Z' }) };
      if (isDocs(c)) return { status: 200, body: page([]) };
    });
    renderAt('/einvoicing');
    expect(await screen.findByTestId('einvoicing-csid-expiry')).toBeTruthy();
    const form = screen.getByTestId('einvoicing-onboard');
    fireEvent.change(within(form).getByLabelText(/OTP from the Fatoora portal/), { target: { value: '654321' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Renew the CSID' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Renew the CSID?')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renew the CSID' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  });

  it('lists documents with their state and ZATCA messages; "Send now" retries a pending one', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'POST' && c.url.endsWith('/documents/D2/retry'))
        return { status: 200, body: doc({ id: 'D2', number: 'INV-1008', status: 'reported' }) };
      if (isStatus(c)) return { status: 200, body: saudi({ stage: 'production' }) };
      if (isDocs(c))
        return {
          status: 200,
          body: page([
            doc({ warnings: ['BR-KSA-EN16931-11: warning text'] }),
            doc({ id: 'D2', number: 'INV-1008', status: 'pending', icv: 8, attempts: 2 }),
            doc({
              id: 'D3',
              number: 'INV-1009',
              status: 'rejected',
              profile: 'standard',
              icv: 9,
              errors: ['BR-KSA-09: seller address is missing'],
            }),
          ]),
        };
    });
    renderAt('/einvoicing');
    const reported = (await screen.findByRole('link', { name: 'INV-1007' })).closest('tr')!;
    expect(reported.getAttribute('data-edoc')).toBe('INV-1007');
    expect(within(reported).getByText('Reported')).toBeTruthy();
    expect(within(reported).getByText('Simplified (B2C)')).toBeTruthy();
    expect(within(reported).getByText('BR-KSA-EN16931-11: warning text')).toBeTruthy();
    expect(within(reported).queryByRole('button', { name: 'Send now' })).toBeNull();
    const rejected = screen.getByRole('link', { name: 'INV-1009' }).closest('tr')!;
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText('BR-KSA-09: seller address is missing')).toBeTruthy();
    expect(within(rejected).queryByRole('button', { name: 'Send now' })).toBeNull();
    expect(screen.getByRole('link', { name: 'INV-1009' }).getAttribute('href')).toBe('/invoices/I1');

    const pending = screen.getByRole('link', { name: 'INV-1008' }).closest('tr')!;
    fireEvent.click(within(pending).getByRole('button', { name: 'Send now' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/einvoicing/documents/D2/retry'))).toBe(true),
    );

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    await waitFor(() => expect(calls.some((c) => isDocs(c) && c.url.includes('status=rejected'))).toBe(true));
  });

  it('STAFF reads the state and documents but neither onboards nor retries', async () => {
    mockApi((c) =>
      isStatus(c)
        ? { status: 200, body: saudi() }
        : isDocs(c)
          ? { status: 200, body: page([doc({ status: 'pending' })]) }
          : undefined,
    );
    renderAt('/einvoicing', 'STAFF');
    expect(await screen.findByText('Only the owner or an admin can onboard the company with ZATCA.')).toBeTruthy();
    expect(screen.queryByLabelText(/OTP from the Fatoora portal/)).toBeNull();
    expect(await screen.findByRole('link', { name: 'INV-1007' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });

  it('shows the error state of the status', async () => {
    mockApi((c) =>
      isStatus(c) ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } } : undefined,
    );
    renderAt('/einvoicing');
    expect(await screen.findByText('Could not load the e-invoicing status')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows the error state of the documents', async () => {
    mockApi((c) =>
      isStatus(c)
        ? { status: 200, body: saudi() }
        : isDocs(c)
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }
          : undefined,
    );
    renderAt('/einvoicing');
    expect(await screen.findByText('Could not load the documents')).toBeTruthy();
  });
});

describe('e-invoicing page, other regions', () => {
  it('UAE: explains PINT AE from 2027 and connects the provider with its API key and company id', async () => {
    let connected = false;
    const calls = mockApi((c) => {
      if (c.method === 'PUT') {
        connected = true;
        return { status: 200, body: {} };
      }
      if (isStatus(c))
        return {
          status: 200,
          body: {
            ...saudi(),
            region: 'AE',
            required: false,
            network: connected
              ? { name: 'uae-asp', connected: true, connectedAt: '2030-01-04T09:00:00Z' }
              : { name: 'uae-asp', connected: false },
          },
        };
      if (isDocs(c)) return { status: 200, body: page([doc({ network: 'uae-asp', status: 'unsent' })]) };
    });
    renderAt('/einvoicing');
    const card = await screen.findByTestId('einvoicing-network');
    expect(within(card).getByText(/From 2027 the UAE requires structured e-invoices \(PINT AE\)/)).toBeTruthy();
    expect(within(card).getByText('Not connected: documents are kept but not sent')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    expect(await within(card).findByText('Enter the API key from your service provider')).toBeTruthy();
    expect(within(card).getByText('Enter your company id at the service provider')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.change(within(card).getByLabelText(/Provider API key/), { target: { value: 'asp-key-1' } });
    fireEvent.change(within(card).getByLabelText(/Company id at the provider/), { target: { value: '4021' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
        ['/api/v1/einvoicing/network', { network: 'uae-asp', apiKey: 'asp-key-1', legalEntityId: '4021' }],
      ]),
    );
    expect(await within(card).findByText('Connected')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'INV-1007' })).closest('tr')!;
    expect(within(row).getByText('Not sent')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Send now' })).toBeTruthy();
  });

  it("Jordan: asks for JoFotara's client id and secret key", async () => {
    mockApi((c) =>
      isStatus(c)
        ? { status: 200, body: { ...saudi(), region: 'JO', required: false } }
        : isDocs(c)
          ? { status: 200, body: page([]) }
          : undefined,
    );
    renderAt('/einvoicing');
    const card = await screen.findByTestId('einvoicing-network');
    expect(within(card).getByLabelText(/Client id/)).toBeTruthy();
    expect(within(card).getByLabelText(/Secret key/)).toBeTruthy();
    expect(screen.queryByTestId('einvoicing-status')).toBeNull();
  });

  it('US: nothing is required and no document list is read', async () => {
    const calls = mockApi((c) =>
      isStatus(c) ? { status: 200, body: { ...saudi(), region: 'US', required: false } } : undefined,
    );
    renderAt('/einvoicing');
    expect(await screen.findByText('Nothing to do')).toBeTruthy();
    expect(screen.queryByTestId('einvoicing-documents')).toBeNull();
    expect(calls.some(isDocs)).toBe(false);
  });
});

const invoice = {
  id: 'I1',
  number: 'INV-1007',
  status: 'issued',
  overdue: false,
  region: 'SA',
  customerId: 'C1',
  customerName: 'Omar Khalil',
  rentalId: 'R1',
  rentalReference: 'RENT-1001',
  issueDate: '2030-01-04',
  dueDate: '2030-01-10',
  periodStart: null,
  periodEnd: null,
  currency: 'SAR',
  seller: { name: 'Riyadh Cars', address: 'Riyadh', vatNumber: '399999999900003' },
  customer: { email: null, vatNumber: '311111111100003', nameArabic: null },
  lines: [],
  subtotal: 100,
  vat: 15,
  total: 115,
  amountPaid: 0,
  balance: 115,
  notes: '',
  emailedTo: null,
  emailedAt: null,
  creditNoteId: null,
  creditNoteNumber: null,
  version: 2,
  createdAt: '2030-01-04T09:00:00Z',
  updatedAt: '2030-01-04T09:00:00Z',
  creditNote: null,
};

function mockInvoice(detail: unknown) {
  return mockApi((c) =>
    c.url.includes('/payments')
      ? { status: 200, body: { items: [], customerCredit: 0 } }
      : c.url.startsWith('/api/v1/invoices/I1/xml')
        ? { status: 200, body: { url: 'https://files.example/INV-1007.xml', fileName: 'INV-1007.xml' } }
        : c.url.startsWith('/api/v1/invoices/I1')
          ? { status: 200, body: detail }
          : undefined,
  );
}

describe('the invoice page e-invoice block', () => {
  it('shows status, ICV, UUID, hash and downloads the XML', async () => {
    const calls = mockInvoice({ ...invoice, einvoice: doc({ warnings: ['BR-KSA-08: warning'] }) });
    renderAt('/invoices/I1');
    const block = await screen.findByTestId('einvoice-block');
    expect(within(block).getByText('Reported')).toBeTruthy();
    expect(within(block).getByText('7')).toBeTruthy();
    expect(within(block).getByText('3cf5ee18-ee25-44ea-a444-2c37ba7f28be')).toBeTruthy();
    expect(within(block).getByText(/^NWZlY2Vi/)).toBeTruthy();
    expect(within(block).getByText('BR-KSA-08: warning')).toBeTruthy();
    expect(screen.queryByTestId('einvoice-not-released')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(within(block).getByRole('button', { name: 'Download XML' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.some((c) => c.url === '/api/v1/invoices/I1/xml?document=invoice')).toBe(true);
    click.mockRestore();
  });

  it('a standard invoice awaiting clearance: the notice instead of the PDF and email actions', async () => {
    mockInvoice({ ...invoice, einvoice: doc({ profile: 'standard', status: 'pending', released: false }) });
    renderAt('/invoices/I1');
    expect((await screen.findByTestId('einvoice-not-released')).textContent).toBe(
      'This invoice is waiting for ZATCA clearance; it can be given to the buyer once cleared',
    );
    expect(within(screen.getByTestId('einvoice-block')).getByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Email' })).toBeNull();
  });

  it("a rejected document shows ZATCA's errors; the credit note has its own block", async () => {
    mockInvoice({
      ...invoice,
      status: 'void',
      einvoice: doc({ status: 'rejected', errors: ['BR-KSA-37: the seller building number must be 4 digits'] }),
      creditNote: {
        id: 'CN1',
        number: 'CN-1001',
        invoiceId: 'I1',
        invoiceNumber: 'INV-1007',
        reason: 'Wrong address',
        subtotal: 100,
        vat: 15,
        total: 115,
        issueDate: '2030-01-05',
        hasPdf: true,
        einvoice: doc({ id: 'D9', kind: 'credit_note', number: 'CN-1001', icv: 8, status: 'reported' }),
      },
    });
    renderAt('/invoices/I1');
    const block = await screen.findByTestId('einvoice-block');
    expect(within(block).getByText('Rejected')).toBeTruthy();
    expect(within(block).getByText('BR-KSA-37: the seller building number must be 4 digits')).toBeTruthy();
    const cn = screen.getByTestId('einvoice-block-cn');
    expect(within(cn).getByText('Reported')).toBeTruthy();
    expect(within(cn).getByText('8')).toBeTruthy();
  });

  it("a debit note's block downloads that debit note's XML", async () => {
    const calls = mockInvoice({
      ...invoice,
      einvoice: doc(),
      debitNotes: [
        {
          id: 'DN1',
          number: 'DN-1001',
          invoiceId: 'I1',
          invoiceNumber: 'INV-1007',
          reason: 'Late return',
          lines: [],
          subtotal: 50,
          vat: 7.5,
          total: 57.5,
          issueDate: '2030-01-06',
          issuedAt: '2030-01-06T10:00:00Z',
          hasPdf: true,
          einvoice: doc({ id: 'D10', kind: 'debit_note', number: 'DN-1001', icv: 9, status: 'pending' }),
        },
      ],
    });
    renderAt('/invoices/I1');
    const dn = await screen.findByTestId('einvoice-block-dn');
    expect(within(dn).getByText('E-invoice of debit note DN-1001')).toBeTruthy();
    expect(within(dn).getByText('Pending')).toBeTruthy();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(within(dn).getByRole('button', { name: 'Download XML' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.some((c) => c.url === '/api/v1/invoices/I1/xml?document=debit_note&debitNoteId=DN1')).toBe(true);
    click.mockRestore();
  });
});
