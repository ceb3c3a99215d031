import { randomUUID } from 'node:crypto';
import { get, post, unique, setupBooks } from './client';

/**
 * The one set of API test-data factories: integration tests, fixtures, e2e (test/e2e/helpers.ts)
 * and the bench (test/bench/run.ts) create vehicles, customers, blacklist entries, staff and
 * rentals through these, over the real API.
 *
 * - `*Body(over)`: a valid request body (unique plate, VIN, username), overridable per field.
 * - `create*(token, over, send)`: POSTs it and returns the answer's body; throws on anything but
 *   200/201. `send` defaults to the integration client; e2e passes Playwright's request.
 *
 * For the route-wide tests (tenancy.test.ts, malformed-input.test.ts):
 * - ENTITY_FACTORIES: one line per path prefix. The longest prefix that starts a route's path
 *   wins, so '/api/v1/vehicles/{id}' serves '/api/v1/vehicles/{id}/archive' too. A factory creates
 *   one entity in the given OWNER's company and returns its id (or, for nested paths, all the
 *   path parameters: `{ id, entryId }`).
 * - SAMPLE_BODIES / sampleBody: a valid body per "METHOD /path", so a call reaches the handler
 *   (tenancy: the 404; malformed input: only the one field under test is wrong).
 *
 * Missing either makes those tests fail with a message naming what to add here.
 */
export type Send = (path: string, body: unknown, token: string) => Promise<{ status: number; body: any }>;
export type Factory = (ownerToken: string) => Promise<string | Record<string, string>>;
type Over = Record<string, unknown>;

const integrationSend: Send = (path, body, token) => post(path, body, token);

async function created(what: string, res: { status: number; body: any }): Promise<any> {
  if (res.status !== 201 && res.status !== 200 && res.status !== 202)
    throw new Error(`factory ${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}

let seq = 0;
/** Unique across parallel test files and runs: time, randomness and a counter. */
const tag = () =>
  `${unique('')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')}${(++seq).toString(36).toUpperCase()}`;
/** 17 characters, letters and digits. */
export const uniqueVin = (prefix = 'TST') => `${prefix}${tag()}`.slice(-17).padStart(17, '7');
export const uniquePlate = (prefix = 'T') => `${prefix} ${tag()}`;

export const vehicleBody = (over: Over = {}) => ({
  make: 'Toyota',
  model: 'Corolla',
  year: 2023,
  licensePlate: uniquePlate(),
  vin: uniqueVin(),
  odometerKm: 1200,
  dailyRate: 90,
  category: 'sedan',
  ...over,
});
export const customerBody = (over: Over = {}) => ({ fullNameEnglish: 'Test Customer', ...over });
export const blacklistBody = (over: Over = {}) => ({ fullName: 'Zahir Qasimov', reason: 'Unpaid damages', ...over });
export const staffBody = (over: Over = {}) => ({
  firstName: 'Test',
  lastName: 'Staff',
  username: unique('staff'),
  password: 'staff-pass-1',
  role: 'STAFF',
  ...over,
});
export const rentalBody = (ids: { customerId: string; vehicleId: string }, over: Over = {}) => {
  const start = Date.UTC(2032, 0, 1) + ++seq * 3_600_000;
  return {
    ...ids,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 2 * 86_400_000).toISOString(),
    dailyRate: 90,
    ...over,
  };
};

export const createVehicle = async (token: string, over: Over = {}, send: Send = integrationSend) =>
  created('vehicle', await send('/api/v1/vehicles', vehicleBody(over), token));
export const createCustomer = async (token: string, over: Over = {}, send: Send = integrationSend) =>
  created('customer', await send('/api/v1/customers', customerBody(over), token));
export const createBlacklistEntry = async (token: string, over: Over = {}, send: Send = integrationSend) =>
  created('blacklist', await send('/api/v1/blacklist', blacklistBody(over), token));
export const createStaff = async (token: string, over: Over = {}, send: Send = integrationSend) =>
  created('staff', await send('/api/v1/staff', staffBody(over), token));
export const createRental = async (
  token: string,
  ids: { customerId: string; vehicleId: string },
  over: Over = {},
  send: Send = integrationSend,
) => created('rental', await send('/api/v1/rentals', rentalBody(ids, over), token));

/** A company document: a one-line PDF uploaded through the presigned URL, then recorded. */
export const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export async function uploadDocumentFile(
  token: string,
  file: Buffer = SAMPLE_PDF,
  contentType = 'application/pdf',
  scope = 'company',
): Promise<string> {
  const url = await created(
    'document upload url',
    await post('/api/v1/documents/upload-url', { scope, fileName: 'probe.pdf', contentType, size: file.length }, token),
  );
  const res = await fetch(String(url.uploadUrl).replace('localhost', '127.0.0.1'), {
    method: 'PUT',
    headers: url.headers,
    body: new Uint8Array(file),
  });
  if (!res.ok) throw new Error(`factory document upload: ${res.status}`);
  return url.key as string;
}
export const createDocument = async (token: string, over: Over = {}) =>
  created(
    'document',
    await post(
      '/api/v1/documents',
      {
        scope: 'company',
        title: 'Trade licence',
        documentType: 'license',
        key: await uploadDocumentFile(token, undefined, undefined, String(over.scope ?? 'company')),
        ...over,
      },
      token,
    ),
  );
/** A ticket / toll passage on a plate the company does not have (lands in the unmatched queue). */
export const ticketBody = (over: Over = {}) => ({
  ticketNumber: `TF-${tag()}`,
  violationDate: '2034-01-05T10:00:00.000Z',
  plate: uniquePlate('X'),
  amount: 300,
  violationType: 'Speeding',
  ...over,
});
export const salikBody = (over: Over = {}) => ({
  tollTime: '2034-01-05T10:00:00.000Z',
  plate: uniquePlate('X'),
  amount: 4,
  gateLocation: 'Al Barsha',
  ...over,
});
export const geofenceBody = (over: Over = {}) => ({
  name: 'Probe zone',
  type: 'SERVICE_AREA',
  shape: 'circle',
  center: [55.27, 25.2],
  radius: 500,
  ...over,
});
export const createTicket = async (token: string, over: Over = {}, send: Send = integrationSend) =>
  created('ticket', await send('/api/v1/traffic-tickets', ticketBody(over), token));
export const createSalik = async (token: string, over: Over = {}, send: Send = integrationSend) =>
  created('salik', await send('/api/v1/salik-charges', salikBody(over), token));

export const ENTITY_FACTORIES: Record<string, Factory> = {
  // A staff member's own sign-in: its session (never the owner's own, which the tests keep using).
  '/api/v1/security/sessions/{id}': async (t) => {
    const username = unique('sess');
    await createStaff(t, { firstName: 'Session', lastName: 'Probe', username, password: 'probe-pass-1' });
    const signedIn = await post('/api/auth/login', { username, password: 'probe-pass-1' });
    const mine = await get('/api/v1/security/sessions', signedIn.body.tokens.accessToken);
    return mine.body.items[0].id as string;
  },
  // A staff member's device, seen at their sign-in.
  '/api/v1/security/devices/{id}': async (t) => {
    const username = unique('dev');
    await createStaff(t, { firstName: 'Device', lastName: 'Probe', username, password: 'probe-pass-1' });
    await post('/api/auth/login', { username, password: 'probe-pass-1' });
    const all = await get('/api/v1/security/devices?all=true&limit=200', t);
    return (all.body.items as { id: string; username: string }[]).find((d) => d.username === username)!.id;
  },
  '/api/v1/security/lockouts/{username}': async (t) => {
    const username = unique('lock');
    await createStaff(t, { firstName: 'Lockout', lastName: 'Probe', username, password: 'probe-pass-1' });
    return { username };
  },
  '/api/v1/documents/{id}': async (t) => (await createDocument(t)).id,
  '/api/v1/staff/{id}': async (t) =>
    (
      await createStaff(t, {
        firstName: 'Tenancy',
        lastName: 'Probe',
        username: unique('probe'),
        password: 'probe-pass-1',
      })
    ).id,
  '/api/v1/vehicles/{id}': async (t) => (await createVehicle(t)).id,
  '/api/v1/customers/{id}': async (t) => (await createCustomer(t, { fullNameEnglish: 'Tenancy Probe' })).id,
  '/api/v1/blacklist/{id}': async (t) => (await createBlacklistEntry(t)).id,
  '/api/v1/rentals/{id}': async (t) => (await rentalProbe(t)).id,
  '/api/v1/rentals/{id}/ledger/{entryId}': async (t) => rentalProbe(t),
  '/api/v1/invoices/{id}': async (t) =>
    created('invoice', await post('/api/v1/invoices', { rentalId: (await rentalProbe(t)).id }, t)).then(
      (b) => b.id as string,
    ),
  // A company outside Saudi Arabia, the UAE and Jordan issues no e-document: the probes' invoice gets an unsent
  // PINT AE one written directly (test/integration/edoc-kit.ts), so the owner's XML and retry calls find it.
  '/api/v1/invoices/{id}/xml': async (t) => (await eDocumentProbe(t)).id,
  '/api/v1/einvoicing/documents/{id}': async (t) => (await eDocumentProbe(t)).id,
  '/api/v1/payments/{id}': async (t) => (await paymentProbe(t)).id,
  '/api/v1/receipts/{id}': async (t) => (await paymentProbe(t)).receipt.id,
  '/api/v1/payments/callback/{gateway}': async () => ({ gateway: 'paytabs' }),
  // A report tab names a view, not a record (tenancy.test.ts NON_ID_PARAMS); malformed ones answer 404.
  '/api/v1/reports/{tab}': async () => ({ tab: 'utilization' }),
  // The public return page's token: malformed-input probes need a value; a made-up one answers 404.
  '/api/v1/payments/return/{token}': async () => ({ token: 'probe-not-a-return-token' }),
  '/api/v1/contracts/sign/{token}': async () => ({ token: 'probe-not-a-signing-token' }),
  '/api/v1/accounting/accounts/{id}': async (t) => {
    const group = await accountByCode(t, '5200');
    return created(
      'account',
      await post(
        '/api/v1/accounting/accounts',
        {
          code: `52${String(++seq).padStart(2, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`,
          name: 'Tenancy probe',
          parentId: group,
        },
        t,
      ),
    );
  },
  '/api/v1/maintenance/{id}': async (t) =>
    created(
      'maintenance record',
      await post(
        '/api/v1/maintenance',
        {
          vehicleId: (await createVehicle(t)).id,
          type: 'oil_change',
          date: '2036-01-01',
          estimatedCost: 10,
          status: 'pending',
        },
        t,
      ),
    ),
  '/api/v1/inspections/{id}': async (t) =>
    created(
      'inspection',
      await post(
        '/api/v1/inspections',
        { rentalId: (await rentalProbe(t)).id, kind: 'check_out', odometer: 1200, fuelLevel: 'full' },
        t,
      ),
    ),
  '/api/v1/accounting/journal-entries/{id}': async (t) =>
    created(
      'journal entry',
      await post(
        '/api/v1/accounting/journal-entries',
        {
          date: new Date().toISOString().slice(0, 10),
          description: 'Tenancy probe',
          lines: [
            { accountId: await accountByCode(t, '5210'), type: 'debit', amount: 1 },
            { accountId: await accountByCode(t, '1110'), type: 'credit', amount: 1 },
          ],
        },
        t,
      ),
    ),
  '/api/v1/accounting/tasks/{id}': async (t) =>
    created('accounting task', await post('/api/v1/accounting/setup', {}, t)).then((b) => b.id as string),
  '/api/v1/traffic-tickets/{id}': async (t) => (await createTicket(t)).id,
  '/api/v1/salik-charges/{id}': async (t) => (await createSalik(t)).id,
  '/api/v1/geofences/{id}': async (t) =>
    created('geofence', await post('/api/v1/geofences', geofenceBody(), t)).then((b) => b.id as string),
  '/api/v1/deposits/{id}': async (t) => depositProbe(t),
  '/api/v1/receivables/customers/{customerId}': async (t) => ({ customerId: (await rentalProbe(t)).customerId }),
  '/api/v1/finance/entries/{id}': async (t) =>
    (await financeProbe(t, '/api/v1/finance/entries', { type: 'income', amount: 1, category: 'other_income' })).id,
  '/api/v1/finance/transfers/{id}': async (t) =>
    (await financeProbe(t, '/api/v1/finance/transfers', { from: 'bank', to: 'cash_box', amount: 1 })).id,
  '/api/v1/finance/accounts/{id}': async (t) => {
    const currency = (await get('/api/v1/finance/accounts', t)).body.items[0].currency;
    return (
      await financeProbe(t, '/api/v1/finance/accounts', {
        name: 'Probe account',
        bank: 'Probe Bank',
        iban: uniqueIban(),
        currency,
      })
    ).id;
  },
  '/api/v1/alerts/{id}': async (t) => {
    await createTicket(t);
    await post('/api/v1/alerts/generate', {}, t);
    return (await get('/api/v1/alerts?status=unread', t)).body.items[0].id;
  },
  '/api/v1/ai/insights/{id}': async (t) => (await import('./insight-probe')).insightProbe(t),
};

/** A finance entry, transfer or bank account in a company whose chart is set up. */
async function financeProbe(t: string, path: string, body: Record<string, unknown>): Promise<{ id: string }> {
  await setupBooks(t);
  return created(path, await post(path, body, t));
}

/** A valid UAE IBAN (mod-97 check digits) with a unique account number: one bank account per IBAN. */
export function uniqueIban(): string {
  const bban = `033${String(Date.now()).slice(-10)}${String(++seq % 1_000_000).padStart(6, '0')}`;
  const digits = `${bban}101400`; // BBAN + "AE00", letters as numbers (A=10, E=14)
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return `AE${String(98 - rest).padStart(2, '0')}${bban}`;
}

/** An issued invoice of the company with an unsent UAE e-document under the invoice's id. */
async function eDocumentProbe(t: string): Promise<{ id: string }> {
  const invoice = await created('invoice', await post('/api/v1/invoices', { rentalId: (await rentalProbe(t)).id }, t));
  await created('issued invoice', await post(`/api/v1/invoices/${invoice.id}/issue`, {}, t));
  const me = await (await import('./client')).get('/api/auth/me', t);
  const { issueNetworkDocument } = await import('./edoc-kit');
  const { dubaiRentalInvoice } = await import('../../shared/einvoicing/test-documents');
  const { buildPintAeXml } = await import('../../shared/einvoicing/pint-ae');
  const doc = dubaiRentalInvoice({ uuid: randomUUID(), number: String(invoice.id) });
  await issueNetworkDocument(String(me.body.user.tenantId), 'uae-asp', doc, buildPintAeXml(doc), 'unsent', invoice.id);
  return { id: invoice.id as string };
}

/** An issued invoice with a cash payment of 1 (payments and receipts routes). */
async function paymentProbe(t: string): Promise<{ id: string; receipt: { id: string } }> {
  const invoice = await created('invoice', await post('/api/v1/invoices', { rentalId: (await rentalProbe(t)).id }, t));
  await created('issued invoice', await post(`/api/v1/invoices/${invoice.id}/issue`, {}, t));
  return created('payment', await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 1, method: 'cash' }, t));
}

async function accountByCode(t: string, code: string): Promise<string> {
  const res = await (await import('./client')).get('/api/v1/accounting/accounts', t);
  return (res.body.items as { id: string; code: string }[]).find((a) => a.code === code)!.id;
}

/** A 4×4 PNG (signature probes). */
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAADElEQVR4nGNgIB0AAAA0AAF2Xq7DAAAAAElFTkSuQmCC';

export const SAMPLE_BODIES: Record<string, unknown> = {
  'POST /api/v1/rentals/{id}/payments': { amount: 1, method: 'cash' },
  'POST /api/v1/deposits/{id}/refund': { amount: 1 },
  'POST /api/v1/deposits/{id}/apply': { amount: 1 },
  'POST /api/v1/rentals/{id}/charges': { amount: 1, label: 'Probe' },
  'POST /api/v1/rentals/{id}/refunds': { amount: 1, method: 'cash' },
  'POST /api/v1/rentals/{id}/ledger/{entryId}/reverse': { reason: 'Probe' },
  'PATCH /api/v1/rentals/{id}/invoicing': { autoGenerateInvoice: false, billingFrequency: 'monthly' },
  'POST /api/v1/rentals/{id}/pickup': { odometerStart: 10, fuelLevelStart: 'full' },
  'POST /api/v1/rentals/{id}/return-preview': { odometerEnd: 20, condition: 'good' },
  'POST /api/v1/rentals/{id}/return': { odometerEnd: 20, condition: 'good' },
  'POST /api/v1/rentals/{id}/notes': { content: 'Probe' },
  'PATCH /api/v1/staff/{id}': { firstName: 'Renamed' },
  'POST /api/v1/invoices': { rentalId: '01JAAAAAAAAAAAAAAAAAAAAAAA' },
  'PATCH /api/v1/invoices/{id}': { notes: 'Probe' },
  'POST /api/v1/invoices/{id}/credit-note': { reason: 'Probe' },
  'POST /api/v1/invoices/{id}/debit-note': {
    reason: 'Probe',
    lines: [{ category: 'fuel_charges', label: 'Probe', amount: 1 }],
  },
  'PUT /api/v1/einvoicing/network': { network: 'uae-asp', apiKey: 'probe-key', legalEntityId: 1 },
  'POST /api/v1/invoices/{id}/payments': { amount: 1, method: 'cash' },
  'PATCH /api/v1/accounting/accounts/{id}': { name: 'Renamed' },
  'POST /api/v1/accounting/exports': { report: 'journal', from: '2031-01-01', to: '2031-01-31' },
  'POST /api/v1/vehicles/{id}/status': { status: 'available' },
  'POST /api/v1/customers/{id}/vip': { isVip: true },
  'POST /api/v1/customers/{id}/active': { isActive: true },
  'POST /api/v1/customers/{id}/notes': { content: 'Probe' },
  'POST /api/v1/rentals/{id}/contract/sign': {
    customerSignature: `data:image/png;base64,${TINY_PNG}`,
    staffSignature: `data:image/png;base64,${TINY_PNG}`,
  },
  'POST /api/v1/rentals/{id}/contract/send': { channel: 'email' },
  'POST /api/v1/contracts/sign/{token}': { customerSignature: `data:image/png;base64,${TINY_PNG}` },
  'POST /api/v1/inspections/{id}/sign': {
    customerSignature: `data:image/png;base64,${TINY_PNG}`,
    staffSignature: `data:image/png;base64,${TINY_PNG}`,
  },
  'POST /api/v1/inspections/{id}/charges': { key: 'extra_km', amount: 10 },
  'PUT /api/v1/vehicles/{id}/service-program': { intervals: [{ type: 'oil_change', everyKm: 10000 }] },
  'PATCH /api/v1/documents/{id}': { title: 'Renamed', version: 1 },
  'POST /api/v1/documents/{id}/versions': { key: 'probe' },
  'POST /api/v1/documents/{id}/reject': { rejectionReason: 'Probe' },
  'POST /api/v1/documents/{id}/use-template': { scope: 'company' },
  'POST /api/v1/documents/upload-url': { scope: 'company', contentType: 'application/pdf', size: 5 },
  'POST /api/v1/documents/bulk': { action: 'approve', ids: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'] },
  'POST /api/v1/documents': { scope: 'company', title: 'Probe', documentType: 'other', key: 'probe' },
  'PATCH /api/v1/traffic-tickets/{id}': { version: 1, notes: 'Probe' },
  'PATCH /api/v1/salik-charges/{id}': { version: 1, notes: 'Probe' },
  'POST /api/v1/geofences': geofenceBody(),
  'PATCH /api/v1/geofences/{id}': { name: 'Renamed' },
  'POST /api/v1/gps/positions': {
    deviceId: 'probe',
    secret: 'probe',
    positions: [{ timestamp: '2034-01-05T10:00:00.000Z', lat: 25.2, lon: 55.27 }],
  },
  'POST /api/v1/ai/insights/{id}/status': { status: 'acknowledged' },
};

/**
 * A valid body for a route (SAMPLE_BODIES, or a create body), given the ids the test holds.
 * `ctx.probeUsername`/`probePassword` make sign-up and sign-in bodies name a user the test can
 * look for afterwards. Undefined when the route takes no body.
 */
export function sampleBody(key: string, ctx: Record<string, string> = {}): unknown {
  if (key in SAMPLE_BODIES) return structuredClone(SAMPLE_BODIES[key]);
  const username = ctx.probeUsername ?? unique('probe');
  const password = ctx.probePassword ?? 'probe-pass-1';
  switch (key) {
    case 'POST /api/register':
      return {
        tenantName: `Probe ${username}`,
        fullNameEnglish: 'Probe Owner',
        username,
        email: `${username}@example.test`,
        password,
      };
    case 'POST /api/auth/login':
      return { username, password };
    case 'POST /api/v1/vehicles':
      return vehicleBody();
    case 'POST /api/v1/customers':
      return customerBody();
    case 'POST /api/v1/blacklist':
      return blacklistBody();
    case 'POST /api/v1/staff':
      return staffBody({ username });
    case 'POST /api/v1/traffic-tickets':
      return ticketBody();
    case 'POST /api/v1/salik-charges':
      return salikBody();
    case 'POST /api/v1/traffic-tickets/import':
    case 'POST /api/v1/salik-charges/import':
      return { preview: true, csv: 'ticket number,date,plate,amount\nP-1,2034-01-05 10:00,X 1,100\n' };
    case 'POST /api/v1/salik-charges/recharge':
      return { rentalId: ctx.rentalId ?? '01JAAAAAAAAAAAAAAAAAAAAAAA' };
    case 'POST /api/v1/rentals':
    case 'POST /api/v1/rentals/check-conflicts':
      return ctx.customerId && ctx.vehicleId
        ? rentalBody({ customerId: ctx.customerId, vehicleId: ctx.vehicleId })
        : undefined;
    default:
      return undefined;
  }
}

/** The factory for a route path, by longest matching prefix. */
export function factoryFor(path: string): Factory | undefined {
  const prefix = Object.keys(ENTITY_FACTORIES)
    .filter((p) => path === p || path.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? ENTITY_FACTORIES[prefix] : undefined;
}

/** A booked rental (own vehicle and customer) and its first ledger entry, for the rentals routes. */
export async function rentalProbe(
  t: string,
): Promise<{ id: string; entryId: string; customerId: string; vehicleId: string }> {
  const vehicleId = (await createVehicle(t)).id as string;
  const customerId = (await createCustomer(t, { fullNameEnglish: 'Tenancy Probe' })).id as string;
  const id = (await createRental(t, { customerId, vehicleId })).id as string;
  const ledger = await get(`/api/v1/rentals/${id}/ledger`, t);
  return { id, entryId: ledger.body.items[0].id as string, customerId, vehicleId };
}

/** A rental holding a deposit of 100 received in cash (the deposit's id is the rental's). */
export async function depositProbe(t: string): Promise<string> {
  const { id } = await rentalProbe(t);
  await created(
    'deposit payment',
    await post(`/api/v1/rentals/${id}/payments`, { amount: 100, method: 'cash', forDeposit: true }, t),
  );
  return id;
}
