import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { createCustomer, createDocument, createVehicle, rentalBody } from '../../test/integration/entity-factories';

/**
 * The booking wizard's document warning (issue 27): GET /api/v1/rentals/document-check names the
 * customer's licence and the vehicle's registration/insurance that lapse by the start or before
 * the end, with their dates — the same documents a booking is refused (409 DOCUMENT_EXPIRED, the
 * documents in `conflicts`) or flagged for.
 */
let owner: Awaited<ReturnType<typeof registerTenant>>;
let other: Awaited<ReturnType<typeof registerTenant>>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const start = new Date(Date.now() + 86_400_000).toISOString();
const end = new Date(Date.now() + 8 * 86_400_000).toISOString();

beforeAll(async () => {
  [owner, other] = await Promise.all([registerTenant(), registerTenant()]);
}, 60_000);

describe('document check before booking', () => {
  it('names the lapsed registration (by the start) and the licence lapsing during the rental, with dates; the booking refusal lists the same', async () => {
    const vehicle = await createVehicle(owner.token);
    const customer = await createCustomer(owner.token);
    const registration = await createDocument(owner.token, {
      scope: 'vehicle',
      vehicleId: vehicle.id,
      documentType: 'registration',
      title: 'Mulkiya',
      expiryDate: day(-2),
    });
    const licence = await createDocument(owner.token, {
      scope: 'customer',
      customerId: customer.id,
      documentType: 'license',
      title: 'UAE driving licence',
      expiryDate: day(3),
    });

    const q = (params: Record<string, string>) =>
      get(`/api/v1/rentals/document-check?${new URLSearchParams(params)}`, owner.token);
    const forCustomer = await q({ customerId: customer.id, start, end });
    expect(forCustomer.status, JSON.stringify(forCustomer.body)).toBe(200);
    expect(forCustomer.body.documents).toEqual([
      {
        documentId: licence.id,
        title: 'UAE driving licence',
        documentType: 'license',
        scope: 'customer',
        expiryDate: day(3),
        lapses: 'during',
      },
    ]);
    const forVehicle = (await q({ vehicleId: vehicle.id, start })).body.documents;
    expect(forVehicle).toEqual([
      {
        documentId: registration.id,
        title: 'Mulkiya',
        documentType: 'registration',
        scope: 'vehicle',
        expiryDate: day(-2),
        lapses: 'before_start',
      },
    ]);
    expect((await q({ customerId: customer.id, vehicleId: vehicle.id, start, end })).body.documents).toHaveLength(2);
    // Starting after the licence's expiry, the licence too has lapsed by the start.
    expect(
      (await q({ customerId: customer.id, start: new Date(Date.now() + 5 * 86_400_000).toISOString() })).body
        .documents[0].lapses,
    ).toBe('before_start');

    const refused = await post(
      '/api/v1/rentals',
      rentalBody({ customerId: customer.id, vehicleId: vehicle.id }, { startDate: start, endDate: end }),
      owner.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('DOCUMENT_EXPIRED');
    expect(refused.body.error.conflicts).toEqual([
      expect.objectContaining({
        documentId: registration.id,
        title: 'Mulkiya',
        expiryDate: day(-2),
        lapses: 'before_start',
      }),
    ]);
    // The message itself names the document and its expiry date (the company's date format), for every client.
    const [y, m, d] = day(-2).split('-');
    const named = [`“Mulkiya” ${d}/${m}/${y}`, `“Mulkiya” ${m}/${d}/${y}`];
    expect(named).toContain(refused.body.error.params.documents);
    expect(refused.body.error.message).toBe(
      `A required document has expired by the start of this rental: ${refused.body.error.params.documents}. Upload the renewed document first.`,
    );
    expect(refused.body.error.template).toBe(
      'A required document has expired by the start of this rental: {{documents}}. Upload the renewed document first.',
    );
  });

  it('bad input is a 400; another company reads nothing of these owners', async () => {
    const vehicle = await createVehicle(owner.token);
    await createDocument(owner.token, {
      scope: 'vehicle',
      vehicleId: vehicle.id,
      documentType: 'insurance',
      title: 'Policy',
      expiryDate: day(-1),
    });
    expect((await get('/api/v1/rentals/document-check?vehicleId=nope', owner.token)).status).toBe(400);
    const foreign = await get(
      `/api/v1/rentals/document-check?vehicleId=${vehicle.id}&start=${encodeURIComponent(start)}`,
      other.token,
    );
    expect(foreign.status).toBe(200);
    expect(foreign.body.documents).toEqual([]);
  });
});
