import { post, unique } from './client';

/**
 * How test/integration/tenancy.test.ts gets a real id for every route with path parameters.
 *
 * ENTITY_FACTORIES: one line per path prefix. The longest prefix that starts a route's path wins,
 * so '/api/v1/vehicles/{id}' serves '/api/v1/vehicles/{id}/archive' too. A factory creates one
 * entity in the given OWNER's company and returns its id (or, for nested paths, all the path
 * parameters: `{ id, entryId }`).
 *
 * SAMPLE_BODIES: for routes whose body schema rejects `{}`, a valid body (keyed by
 * "METHOD /path"), so the call reaches the handler and the test checks the 404, not a 400.
 *
 * Missing either makes the tenancy test fail with a message naming what to add here.
 */
export type Factory = (ownerToken: string) => Promise<string | Record<string, string>>;

async function created(what: string, res: { status: number; body: any }): Promise<string> {
  if (res.status !== 201 && res.status !== 200) throw new Error(`factory ${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body.id as string;
}

let seq = 0;
const vin = () => `TNC${unique('').toUpperCase().replace(/[^A-Z0-9]/g, '')}${String(++seq).padStart(4, '0')}`.slice(0, 17).padEnd(17, '7');

export const ENTITY_FACTORIES: Record<string, Factory> = {
  '/api/v1/staff/{id}': async (t) => created('staff', await post('/api/v1/staff', {
    firstName: 'Tenancy', lastName: 'Probe', username: unique('probe'), password: 'probe-pass-1', role: 'STAFF',
  }, t)),
  '/api/v1/vehicles/{id}': async (t) => created('vehicle', await post('/api/v1/vehicles', {
    make: 'Toyota', model: 'Corolla', year: 2023, licensePlate: `T ${unique('').slice(-6)}`, vin: vin(),
    odometerKm: 1200, dailyRate: 90, category: 'sedan',
  }, t)),
  '/api/v1/customers/{id}': async (t) => created('customer', await post('/api/v1/customers', { fullNameEnglish: 'Tenancy Probe' }, t)),
  '/api/v1/blacklist/{id}': async (t) => created('blacklist', await post('/api/v1/blacklist', { fullName: 'Tenancy Probe', reason: 'Unpaid damages' }, t)),
  '/api/v1/rentals/{id}': async (t) => (await rentalProbe(t)).id,
  '/api/v1/rentals/{id}/ledger/{entryId}': async (t) => rentalProbe(t),
};

export const SAMPLE_BODIES: Record<string, unknown> = {
  'POST /api/v1/rentals/{id}/payments': { amount: 1, method: 'cash' },
  'POST /api/v1/rentals/{id}/charges': { amount: 1, label: 'Probe' },
  'POST /api/v1/rentals/{id}/refunds': { amount: 1, method: 'cash' },
  'POST /api/v1/rentals/{id}/ledger/{entryId}/reverse': { reason: 'Probe' },
  'POST /api/v1/rentals/{id}/pickup': { odometerStart: 10, fuelLevelStart: 'full' },
  'POST /api/v1/rentals/{id}/return-preview': { odometerEnd: 20, condition: 'good' },
  'POST /api/v1/rentals/{id}/return': { odometerEnd: 20, condition: 'good' },
  'POST /api/v1/rentals/{id}/notes': { content: 'Probe' },
  'PATCH /api/v1/staff/{id}': { firstName: 'Renamed' },
  'POST /api/v1/vehicles/{id}/status': { status: 'available' },
  'POST /api/v1/vehicles/{id}/documents/upload-url': { fileName: 'probe.pdf', contentType: 'application/pdf', size: 5 },
  'POST /api/v1/vehicles/{id}/documents': { key: 'probe', fileName: 'probe.pdf', fileType: 'application/pdf', fileSize: 5, documentType: 'other', title: 'Probe' },
  'POST /api/v1/customers/{id}/vip': { isVip: true },
  'POST /api/v1/customers/{id}/active': { isActive: true },
  'POST /api/v1/customers/{id}/notes': { content: 'Probe' },
  'POST /api/v1/customers/{id}/documents/upload-url': { fileName: 'probe.pdf', contentType: 'application/pdf', size: 5 },
  'POST /api/v1/customers/{id}/documents': { key: 'probe', fileName: 'probe.pdf', fileType: 'application/pdf', fileSize: 5 },
};

/** The factory for a route path, by longest matching prefix. */
export function factoryFor(path: string): Factory | undefined {
  const prefix = Object.keys(ENTITY_FACTORIES)
    .filter((p) => path === p || path.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? ENTITY_FACTORIES[prefix] : undefined;
}

/** A booked rental (own vehicle and customer) and its first ledger entry, for the rentals routes. */
async function rentalProbe(t: string): Promise<{ id: string; entryId: string }> {
  const vehicleId = await ENTITY_FACTORIES['/api/v1/vehicles/{id}'](t) as string;
  const customerId = await ENTITY_FACTORIES['/api/v1/customers/{id}'](t) as string;
  const start = Date.UTC(2032, 0, 1) + (++seq) * 3_600_000;
  const id = await created('rental', await post('/api/v1/rentals', {
    customerId, vehicleId, startDate: new Date(start).toISOString(), endDate: new Date(start + 2 * 86_400_000).toISOString(), dailyRate: 90,
  }, t));
  const ledger = await (await import('./client')).get(`/api/v1/rentals/${id}/ledger`, t);
  return { id, entryId: ledger.body.items[0].id as string };
}
