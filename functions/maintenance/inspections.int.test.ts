import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, patch, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { TINY_PNG, createCustomer, createRental, createVehicle } from '../../test/integration/entity-factories';
import { INSPECTION_MESSAGES } from '../../shared/schemas/inspections';

/**
 * Vehicle inspections over HTTP (issue 12 "Done when"): a check-out with a photo and a damage
 * mark; the check-in's differences on fixed data (new mark, km, fuel) with the proposed charges,
 * confirmed through the rental ledger; signing locks it (409 on change) and stores a PDF that
 * opens; one inspection of each kind per rental; check-in needs the check-out; roles (MECHANIC
 * runs inspections, STAFF 403) and another company (404).
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let other: Awaited<ReturnType<typeof registerTenant>>;
let owner: string;
const SIG = `data:image/png;base64,${TINY_PNG}`;

async function rental(token = owner) {
  const vehicleId = (await createVehicle(token, { odometerKm: 1200 })).id as string;
  const customerId = (
    await createCustomer(token, { fullNameEnglish: 'Inspection Customer', dateOfBirth: '1980-02-02' })
  ).id as string;
  return (await createRental(token, { customerId, vehicleId }, { dailyKmLimit: 200, extraChargePerKm: 0.5 })) as {
    id: string;
    referenceNumber: string;
  };
}

async function uploadPhoto(token = owner) {
  const png = Buffer.from(TINY_PNG, 'base64');
  const up = await post(
    '/api/v1/inspections/upload-url',
    { fileName: 'left.png', contentType: 'image/png', size: png.length },
    token,
  );
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  expect((await fetch(up.body.uploadUrl, { method: 'PUT', body: png, headers: up.body.headers })).status).toBe(200);
  return up.body.key as string;
}

const scratch = { id: 'm1', view: 'left', x: 30, y: 40, type: 'scratch', severity: 'minor' };

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
});

describe('check-out → check-in → charges → signed PDF', () => {
  it('runs the whole flow on fixed data', async () => {
    const r = await rental();
    const photoKey = await uploadPhoto(t.mechanic.token);
    const out = await post(
      '/api/v1/inspections',
      {
        rentalId: r.id,
        kind: 'check_out',
        odometer: 1200,
        fuelLevel: 'full',
        checklist: { spare: 'issue' },
        photos: [
          {
            key: photoKey,
            side: 'left',
            fileName: 'left.png',
            contentType: 'image/png',
            takenAt: '2026-11-20T08:00:00.000Z',
          },
        ],
        damages: [{ ...scratch, photoKey }],
      },
      t.mechanic.token,
    );
    expect(out.status, JSON.stringify(out.body)).toBe(201);
    expect(out.body).toMatchObject({ status: 'draft', kind: 'check_out', checklist: { spare: 'issue', tyres: 'ok' } });
    expect(out.body.photos[0].url).toMatch(/^http/);

    // A second check-out of the same rental is refused.
    const again = await post(
      '/api/v1/inspections',
      { rentalId: r.id, kind: 'check_out', odometer: 1200, fuelLevel: 'full' },
      owner,
    );
    expect(again.status).toBe(409);

    const inn = await post(
      '/api/v1/inspections',
      {
        rentalId: r.id,
        kind: 'check_in',
        odometer: 1500,
        fuelLevel: 'half',
        damages: [
          { ...scratch, id: 'm1b', x: 32, y: 41 },
          { id: 'm2', view: 'rear', x: 50, y: 60, type: 'dent', severity: 'moderate' },
        ],
      },
      owner,
    );
    expect(inn.status, JSON.stringify(inn.body)).toBe(201);
    const detail = (await get(`/api/v1/inspections/${inn.body.id}`, owner)).body;
    const settings = (await get('/api/v1/company/settings', owner)).body;
    const perQuarter = settings.pricing.fuelChargePerQuarterTank as number;
    // The booking's 2 days (the return's rule: an early check-in is allowed the booked days) × 200 km.
    expect(detail.diff).toMatchObject({ kmDriven: 300, allowanceKm: 400, extraKm: 0, fuelShortfallQuarters: 2 });
    expect(detail.diff.newDamages.map((d: { id: string }) => d.id)).toEqual(['m2']);
    const byCat = Object.fromEntries(
      detail.diff.proposed.map((c: { category: string; amount: number }) => [c.category, c.amount]),
    );
    expect(byCat).toEqual({ damage_fees: 500, ...(perQuarter > 0 ? { fuel_charges: perQuarter * 2 } : {}) });

    // Staff confirm the proposed damage charge: it goes through the rental ledger.
    const damage = detail.diff.proposed.find((c: { category: string }) => c.category === 'damage_fees');
    const charge = await post(
      `/api/v1/inspections/${inn.body.id}/charges`,
      { key: damage.key, amount: damage.amount },
      owner,
    );
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    const ledger = (await get(`/api/v1/rentals/${r.id}/ledger`, owner)).body.items as {
      category: string;
      amount: number;
    }[];
    expect(ledger.some((e) => e.category === 'damage_fees' && e.amount === 500)).toBe(true);

    // Signing locks it and stores the bilingual PDF.
    const signed = await post(
      `/api/v1/inspections/${inn.body.id}/sign`,
      { customerSignature: SIG, staffSignature: SIG, customerName: 'Inspection Customer' },
      t.mechanic.token,
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe('signed');
    const pdf = Buffer.from(await (await fetch(signed.body.pdfUrl)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = join(import.meta.dirname, '../../test/.out/screens');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'inspection.pdf'), pdf);
    // The PDF opens: its first page renders.
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      join(dir, 'inspection.pdf'),
      join(dir, 'inspection-page'),
    ]);
    // The proposed charges read as words in both languages with the currency, never as codes (issue 27).
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'inspection.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Damage · Dent \(Moderate\), Rear/);
    expect(text).toMatch(/5\s*00\.00|500\.00/);
    expect(text).not.toMatch(/\bdamage_fees\b|\bmoderate\b|\bdent \(/);

    const locked = await patch(`/api/v1/inspections/${inn.body.id}`, { notes: 'after signing' }, owner);
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe(INSPECTION_MESSAGES.signed);
    expect(
      (await post(`/api/v1/inspections/${inn.body.id}/sign`, { customerSignature: SIG, staffSignature: SIG }, owner))
        .status,
    ).toBe(409);
    // Drafts can still be edited.
    expect((await patch(`/api/v1/inspections/${out.body.id}`, { notes: 'spare tyre flat' }, owner)).body.notes).toBe(
      'spare tyre flat',
    );
    const list = (await get(`/api/v1/inspections?rentalId=${r.id}`, owner)).body.items;
    expect(list.map((i: { kind: string }) => i.kind).sort()).toEqual(['check_in', 'check_out']);
  });

  it('a check-in needs the check-out first; bad input is 400 with nothing written', async () => {
    const r = await rental();
    const res = await post(
      '/api/v1/inspections',
      { rentalId: r.id, kind: 'check_in', odometer: 10, fuelLevel: 'full' },
      owner,
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(INSPECTION_MESSAGES.checkOutFirst);
    const bad = await post('/api/v1/inspections', { rentalId: r.id, kind: 'check_out' }, owner);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      odometer: INSPECTION_MESSAGES.odometerRequired,
      fuelLevel: INSPECTION_MESSAGES.fuelRequired,
    });
    const foreignPhoto = await post(
      '/api/v1/inspections',
      {
        rentalId: r.id,
        kind: 'check_out',
        odometer: 5,
        fuelLevel: 'full',
        photos: [
          {
            key: `tenants/${other.tenantId}/inspections/x.png`,
            side: 'left',
            fileName: 'x.png',
            contentType: 'image/png',
            takenAt: '2026-11-20T08:00:00.000Z',
          },
        ],
      },
      owner,
    );
    expect(foreignPhoto.status).toBe(400);
    expect((await get(`/api/v1/inspections?rentalId=${r.id}`, owner)).body.items).toHaveLength(0);
    const badUpload = await post(
      '/api/v1/inspections/upload-url',
      { fileName: 'x.gif', contentType: 'image/gif', size: 10 },
      owner,
    );
    expect(badUpload.status).toBe(400);
  });
});

describe('roles and tenancy', () => {
  it('STAFF cannot run inspections (403); another company gets 404', async () => {
    const r = await rental();
    expect(
      (
        await post(
          '/api/v1/inspections',
          { rentalId: r.id, kind: 'check_out', odometer: 1, fuelLevel: 'full' },
          t.staff.token,
        )
      ).status,
    ).toBe(403);
    const made = await post(
      '/api/v1/inspections',
      { rentalId: r.id, kind: 'check_out', odometer: 1, fuelLevel: 'full' },
      owner,
    );
    expect((await get(`/api/v1/inspections/${made.body.id}`, other.token)).status).toBe(404);
    expect(
      (
        await post(
          `/api/v1/inspections/${made.body.id}/sign`,
          { customerSignature: SIG, staffSignature: SIG },
          other.token,
        )
      ).status,
    ).toBe(404);
    const foreign = await post(
      '/api/v1/inspections',
      { rentalId: r.id, kind: 'check_in', odometer: 1, fuelLevel: 'full' },
      other.token,
    );
    expect(foreign.status).toBe(400);
  });
});
