import { beforeAll, describe, expect, it } from 'vitest';
import { call, get, patch, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { putItem } from '../lib/data/repo';
import { scheduleBlockItem, type ScheduleBlock } from './schedule';
import { VEHICLE_MESSAGES } from '../../shared/schemas/vehicles-constants';
import { VIN_MESSAGES, ODOMETER_MESSAGES } from '../../shared/vehicles/vehicle-rules';
import { MONEY_MESSAGES } from '../../shared/money';
import { ROUTES } from '../../shared/routes';
import { hasAbility, type Role } from '../../shared/permissions';

/**
 * Vehicles over HTTP through the local gateway. Schedule blocks (owned by rentals and
 * maintenance) are put straight into the table with scheduleBlockItem, as those domains would.
 */
let seq = 0;
const runTag = Date.now().toString(36).slice(-4).toUpperCase();
function vin(): string {
  seq += 1;
  return `TST${runTag}${String(seq).padStart(10, '0')}`.slice(0, 17).padEnd(17, '0');
}
function plate(): string {
  seq += 1;
  return `T ${runTag}${seq}`;
}
function vehicleBody(over: Record<string, unknown> = {}) {
  return {
    make: 'Toyota',
    model: 'Camry',
    year: 2023,
    licensePlate: plate(),
    vin: vin(),
    odometerKm: 12000,
    dailyRate: 150.5,
    category: 'sedan',
    ...over,
  };
}

type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let other: Awaited<ReturnType<typeof registerTenant>>;

async function create(token: string, over: Record<string, unknown> = {}) {
  const res = await post('/api/v1/vehicles', vehicleBody(over), token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const hour = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function putBlock(tenantId: string, block: ScheduleBlock) {
  await putItem(scheduleBlockItem(tenantId, block));
}

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
});

describe('create and read', () => {
  it('adds a vehicle with the spec defaults and answers money as decimals', async () => {
    const body = vehicleBody({
      licensePlate: `dxb  a ${runTag}`,
      monthlyRate: 3200,
      insuranceExpiryDate: '2027-01-31',
      color: ' ',
    });
    const res = await post('/api/v1/vehicles', body, t.owner.token);
    expect(res.status).toBe(201);
    const v = res.body;
    expect(v).toMatchObject({
      make: 'Toyota',
      model: 'Camry',
      year: 2023,
      vin: body.vin,
      odometerKm: 12000,
      mileage: 12000,
      dailyRate: 150.5,
      monthlyRate: 3200,
      dailyKmLimit: 200,
      status: 'available',
      isArchived: false,
      insuranceExpiryDate: '2027-01-31',
      registrationExpiryDate: null,
      color: null,
      version: 1,
    });
    expect(v.licensePlate).toBe(`DXB A ${runTag}`);
    expect(v).not.toHaveProperty('dailyRateMinor');
    expect(v).not.toHaveProperty('pk');
    expect(typeof v.healthScore).toBe('number');
    expect(['excellent', 'good', 'fair', 'poor', 'critical']).toContain(v.healthGrade);
    const got = await get(`/api/v1/vehicles/${v.id}`, t.staff.token);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(v);
  });

  it('accepts mileage as the older name of odometerKm and upper-cases the VIN', async () => {
    const lower = vin().toLowerCase();
    const { odometerKm: _o, ...rest } = vehicleBody({ vin: lower });
    const res = await post('/api/v1/vehicles', { ...rest, mileage: 55 }, t.admin.token);
    expect(res.status).toBe(201);
    expect(res.body.odometerKm).toBe(55);
    expect(res.body.vin).toBe(lower.toUpperCase());
  });

  it('answers every validation message of the spec and writes nothing', async () => {
    const before = await get('/api/v1/vehicles?limit=100&showArchived=true', t.owner.token);
    const empty = await post('/api/v1/vehicles', {}, t.owner.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('VALIDATION_FAILED');
    expect(empty.body.error.fields).toMatchObject({
      make: VEHICLE_MESSAGES.makeRequired,
      model: VEHICLE_MESSAGES.modelRequired,
      licensePlate: VEHICLE_MESSAGES.plateRequired,
      vin: VIN_MESSAGES.invalid,
      dailyRate: VEHICLE_MESSAGES.dailyRateRequired,
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ vin: 'ABC123' }, 'vin', VIN_MESSAGES.invalid],
      [{ vin: '1HGCM82633A00435-' }, 'vin', VIN_MESSAGES.invalid],
      [{ vin: '1HGCM82633A0043521' }, 'vin', VIN_MESSAGES.tooLong],
      [{ odometerKm: 0 }, 'odometerKm', ODOMETER_MESSAGES.min],
      [{ odometerKm: 10.5 }, 'odometerKm', ODOMETER_MESSAGES.whole],
      [{ dailyRate: 12.345 }, 'dailyRate', MONEY_MESSAGES.decimals],
      [{ dailyRate: 0 }, 'dailyRate', MONEY_MESSAGES.positive],
      [{ dailyKmLimit: 0 }, 'dailyKmLimit', VEHICLE_MESSAGES.kmLimitPositive],
      [{ year: 1800 }, 'year', VEHICLE_MESSAGES.yearInvalid],
      [{ insuranceExpiryDate: '2026-02-30' }, 'insuranceExpiryDate', VEHICLE_MESSAGES.dateInvalid],
      [{ status: 'rented' }, 'status', VEHICLE_MESSAGES.statusInvalid],
      [{ licensePlate: ' - ' }, 'licensePlate', VEHICLE_MESSAGES.plateRequired],
    ];
    for (const [over, field, message] of cases) {
      const res = await post('/api/v1/vehicles', vehicleBody(over), t.owner.token);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.error.fields[field], JSON.stringify(over)).toBe(message);
    }
    const after = await get('/api/v1/vehicles?limit=100&showArchived=true', t.owner.token);
    expect(after.body.items.length).toBe(before.body.items.length);
  });

  it('refuses a duplicate licence plate in the same company (any spacing or case), not in another', async () => {
    const p = plate();
    await create(t.owner.token, { licensePlate: p });
    const dup = await post(
      '/api/v1/vehicles',
      vehicleBody({ licensePlate: p.toLowerCase().replace(' ', '') }),
      t.owner.token,
    );
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields.licensePlate).toBe(VEHICLE_MESSAGES.plateTaken);
    const elsewhere = await post('/api/v1/vehicles', vehicleBody({ licensePlate: p }), other.token);
    expect(elsewhere.status).toBe(201);
  });
});

describe('edit', () => {
  it('updates fields, bumps the version, refuses a stale version', async () => {
    const v = await create(t.owner.token);
    const res = await patch(
      `/api/v1/vehicles/${v.id}`,
      { color: 'White', dailyRate: 175, monthlyRate: null, version: v.version },
      t.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ color: 'White', dailyRate: 175, monthlyRate: null, version: 2 });
    const stale = await patch(`/api/v1/vehicles/${v.id}`, { color: 'Black', version: 1 }, t.owner.token);
    expect(stale.status).toBe(409);
    const got = await get(`/api/v1/vehicles/${v.id}`, t.owner.token);
    expect(got.body.color).toBe('White');
    const bad = await patch(`/api/v1/vehicles/${v.id}`, { vin: 'short' }, t.owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.vin).toBe(VIN_MESSAGES.invalid);
  });

  it('moves the plate claim when the plate changes: the new plate is checked, the old one freed', async () => {
    const a = await create(t.owner.token);
    const b = await create(t.owner.token);
    const taken = await patch(`/api/v1/vehicles/${b.id}`, { licensePlate: a.licensePlate }, t.owner.token);
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.licensePlate).toBe(VEHICLE_MESSAGES.plateTaken);
    const newPlate = plate();
    const moved = await patch(`/api/v1/vehicles/${b.id}`, { licensePlate: newPlate }, t.owner.token);
    expect(moved.status).toBe(200);
    const reuse = await post('/api/v1/vehicles', vehicleBody({ licensePlate: b.licensePlate }), t.owner.token);
    expect(reuse.status).toBe(201);
    const clash = await post('/api/v1/vehicles', vehicleBody({ licensePlate: newPlate }), t.owner.token);
    expect(clash.status).toBe(409);
  });
});

describe('status', () => {
  it('STAFF and MECHANIC change the status; rented is never set by hand', async () => {
    const v = await create(t.owner.token);
    const s = await post(`/api/v1/vehicles/${v.id}/status`, { status: 'in_maintenance' }, t.staff.token);
    expect(s.status).toBe(200);
    expect(s.body.status).toBe('in_maintenance');
    const m = await post(`/api/v1/vehicles/${v.id}/status`, { status: 'out_of_service', version: 2 }, t.mechanic.token);
    expect(m.status).toBe(200);
    expect(m.body).toMatchObject({ status: 'out_of_service', version: 3 });
    const rented = await post(`/api/v1/vehicles/${v.id}/status`, { status: 'rented' }, t.owner.token);
    expect(rented.status).toBe(409);
    expect(rented.body.error.message).toBe(VEHICLE_MESSAGES.rentedIsAutomatic);
    const bad = await post(`/api/v1/vehicles/${v.id}/status`, { status: 'broken' }, t.owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.status).toBe(VEHICLE_MESSAGES.statusInvalid);
  });

  it('keeps rented while a rental is active now; allows clearing a stuck rented status', async () => {
    const v = await create(t.owner.token);
    // As the rentals domain does at pickup: status rented + an active block covering now.
    const pickedUp = await patch(`/api/v1/vehicles/${v.id}`, { status: 'rented' }, t.owner.token);
    expect(pickedUp.status).toBe(409); // not through the vehicles API…
    const { updateVersioned } = await import('../lib/data/repo');
    const { vehicleKey } = await import('./data');
    await updateVersioned(vehicleKey(t.owner.tenantId, v.id), 1, { status: 'rented' });
    const blockedCheck = await post(`/api/v1/vehicles/${v.id}/status`, { status: 'available' }, t.staff.token);
    expect(blockedCheck.status).toBe(200); // no active block: a stuck status can be cleared
    await updateVersioned(vehicleKey(t.owner.tenantId, v.id), 3, { status: 'rented' });
    await putBlock(t.owner.tenantId, {
      vehicleId: v.id,
      kind: 'rental',
      refId: 'R-ACTIVE',
      start: iso(Date.now() - hour),
      end: null,
      status: 'active',
    });
    const refused = await post(`/api/v1/vehicles/${v.id}/status`, { status: 'available' }, t.staff.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(VEHICLE_MESSAGES.onActiveRental);
    const archive = await post(`/api/v1/vehicles/${v.id}/archive`, {}, t.owner.token);
    expect(archive.status).toBe(409);
    expect(archive.body.error.message).toBe(VEHICLE_MESSAGES.archiveRented);
  });
});

describe('archive and unarchive', () => {
  it('hides an archived vehicle unless showArchived, freezes its status, and brings it back', async () => {
    const v = await create(t.owner.token, { make: 'ArchiveMake' });
    const archived = await post(`/api/v1/vehicles/${v.id}/archive`, {}, t.admin.token);
    expect(archived.status).toBe(200);
    expect(archived.body.isArchived).toBe(true);
    expect(archived.body.archivedAt).toBeTruthy();
    const hidden = await get('/api/v1/vehicles?make=archivemake', t.owner.token);
    expect(hidden.body.items.map((x: any) => x.id)).not.toContain(v.id);
    const shown = await get('/api/v1/vehicles?make=archivemake&showArchived=true', t.owner.token);
    expect(shown.body.items.map((x: any) => x.id)).toContain(v.id);
    const again = await post(`/api/v1/vehicles/${v.id}/archive`, {}, t.owner.token);
    expect(again.status).toBe(409);
    const status = await post(`/api/v1/vehicles/${v.id}/status`, { status: 'in_maintenance' }, t.staff.token);
    expect(status.status).toBe(409);
    expect(status.body.error.message).toBe(VEHICLE_MESSAGES.archivedNoStatus);
    const back = await post(`/api/v1/vehicles/${v.id}/unarchive`, undefined, t.owner.token);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ isArchived: false, archivedAt: null });
    const notArchived = await post(`/api/v1/vehicles/${v.id}/unarchive`, {}, t.owner.token);
    expect(notArchived.status).toBe(409);
    expect(notArchived.body.error.message).toBe(VEHICLE_MESSAGES.notArchived);
  });

  it('refuses archiving with an upcoming pending rental; allows it when only past rentals or maintenance remain', async () => {
    const v = await create(t.owner.token);
    const now = Date.now();
    await putBlock(t.owner.tenantId, {
      vehicleId: v.id,
      kind: 'rental',
      refId: 'R-PAST',
      start: iso(now - 100 * hour),
      end: iso(now - 50 * hour),
      status: 'active',
    });
    await putBlock(t.owner.tenantId, {
      vehicleId: v.id,
      kind: 'maintenance',
      refId: 'M-NEXT',
      start: iso(now + 10 * hour),
      end: iso(now + 20 * hour),
      status: 'scheduled',
    });
    await putBlock(t.owner.tenantId, {
      vehicleId: v.id,
      kind: 'rental',
      refId: 'R-NEXT',
      start: iso(now + 48 * hour),
      end: iso(now + 96 * hour),
      status: 'pending',
    });
    const refused = await post(`/api/v1/vehicles/${v.id}/archive`, {}, t.owner.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(VEHICLE_MESSAGES.archiveHasRentals);
    const w = await create(t.owner.token);
    await putBlock(t.owner.tenantId, {
      vehicleId: w.id,
      kind: 'rental',
      refId: 'R-OLD',
      start: iso(now - 100 * hour),
      end: iso(now - 50 * hour),
      status: 'active',
    });
    await putBlock(t.owner.tenantId, {
      vehicleId: w.id,
      kind: 'maintenance',
      refId: 'M-SOON',
      start: iso(now + 10 * hour),
      end: iso(now + 20 * hour),
      status: 'scheduled',
    });
    await putBlock(t.owner.tenantId, {
      vehicleId: w.id,
      kind: 'rental',
      refId: 'R-CANCELLED',
      start: iso(now + 48 * hour),
      end: iso(now + 96 * hour),
      status: 'cancelled',
    });
    const ok = await post(`/api/v1/vehicles/${w.id}/archive`, { version: 1 }, t.owner.token);
    expect(ok.status).toBe(200);
  });

  it('refuses a stale expected version', async () => {
    const v = await create(t.owner.token);
    await patch(`/api/v1/vehicles/${v.id}`, { color: 'Red' }, t.owner.token);
    const res = await post(`/api/v1/vehicles/${v.id}/archive`, { version: 1 }, t.owner.token);
    expect(res.status).toBe(409);
  });
});

describe('list: filters, search, sort, pagination', () => {
  let fleet: Awaited<ReturnType<typeof registerTenant>>;
  const made: any[] = [];
  beforeAll(async () => {
    fleet = await registerTenant();
    const specs = [
      { make: 'Nissan', model: 'Patrol', category: 'suv', dailyRate: 450 },
      { make: 'Nissan', model: 'Sunny', category: 'economy', dailyRate: 90 },
      { make: 'Toyota', model: 'Yaris', category: 'economy', dailyRate: 85.5 },
      { make: 'Toyota', model: 'Land Cruiser', category: 'suv', dailyRate: 600 },
      { make: 'Kia', model: 'Carnival', category: 'van', dailyRate: 300 },
      { make: 'Mercedes-Benz', model: 'S 500', category: 'luxury', dailyRate: 1200 },
      { make: 'Hyundai', model: 'Elantra', category: 'sedan', dailyRate: 120 },
    ];
    for (const s of specs) made.push(await create(fleet.token, s));
    await post(`/api/v1/vehicles/${made[1].id}/status`, { status: 'in_maintenance' }, fleet.token);
  });

  async function walk(query: string, limit: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: any = await get(
        `/api/v1/vehicles?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        fleet.token,
      );
      expect(res.status).toBe(200);
      ids.push(...res.body.items.map((v: any) => v.id));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    return { ids, pages };
  }

  it('walks every vehicle across pages exactly once, newest first', async () => {
    const { ids, pages } = await walk('', 3);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(made.map((v) => v.id).reverse());
  });

  it('sorts by make and by daily rate across pages', async () => {
    const byMake = await walk('&sort=make_asc', 2);
    const makes = byMake.ids.map((id) => made.find((v) => v.id === id).make);
    expect(makes).toEqual([...makes].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(byMake.ids.length).toBe(made.length);
    const byRate = await walk('&sort=rate_desc', 4);
    const rates = byRate.ids.map((id) => made.find((v) => v.id === id).dailyRate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    const oldest = await walk('&sort=oldest', 5);
    expect(oldest.ids).toEqual(made.map((v) => v.id));
  });

  it('filters by make, status, category and searches plate, VIN, make and model', async () => {
    const ids = async (q: string) => (await walk(q, 100)).ids.sort();
    const idsOf = (pred: (v: any) => boolean) =>
      made
        .filter(pred)
        .map((v) => v.id)
        .sort();
    expect(await ids('&make=NISSAN')).toEqual(idsOf((v) => v.make === 'Nissan'));
    expect(await ids('&status=in_maintenance')).toEqual([made[1].id]);
    expect(await ids('&category=suv')).toEqual(idsOf((v) => v.category === 'suv'));
    expect(await ids('&category=economy&make=toyota')).toEqual([made[2].id]);
    expect(await ids('&q=cruiser')).toEqual([made[3].id]);
    expect(await ids(`&q=${encodeURIComponent(made[4].vin.toLowerCase())}`)).toEqual([made[4].id]);
    expect(await ids(`&q=${encodeURIComponent(made[5].licensePlate.replace(' ', ''))}`)).toEqual([made[5].id]);
    const bad = await get('/api/v1/vehicles?status=flying', fleet.token);
    expect(bad.status).toBe(400);
  });

  it('refuses a cursor made for another filter or another company', async () => {
    const first = await get('/api/v1/vehicles?limit=2', fleet.token);
    const cursor = encodeURIComponent(first.body.nextCursor);
    expect((await get(`/api/v1/vehicles?limit=2&cursor=${cursor}`, fleet.token)).status).toBe(200);
    const otherFilter = await get(`/api/v1/vehicles?limit=2&category=suv&cursor=${cursor}`, fleet.token);
    expect(otherFilter.status).toBe(400);
    const otherSort = await get(`/api/v1/vehicles?limit=2&sort=oldest&cursor=${cursor}`, fleet.token);
    expect(otherSort.status).toBe(400);
    const otherTenant = await get(`/api/v1/vehicles?limit=2&cursor=${cursor}`, other.token);
    expect(otherTenant.status).toBe(400);
    const garbage = await get('/api/v1/vehicles?cursor=not-a-cursor', fleet.token);
    expect(garbage.status).toBe(400);
  });

  it('lists the makes used, for the make filter', async () => {
    const res = await get('/api/v1/vehicle-makes', fleet.token);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(['Hyundai', 'Kia', 'Mercedes-Benz', 'Nissan', 'Toyota']);
  });
});

describe('fleet calendar', () => {
  let cal: Awaited<ReturnType<typeof registerTenant>>;
  let a: any, b: any, archived: any;
  beforeAll(async () => {
    cal = await registerTenant();
    [a, b, archived] = [
      await create(cal.token, { make: 'Audi' }),
      await create(cal.token, { make: 'BMW' }),
      await create(cal.token, { make: 'Chery' }),
    ];
    const T = cal.tenantId;
    await Promise.all([
      putBlock(T, {
        vehicleId: a.id,
        kind: 'rental',
        refId: 'OLD',
        start: '2025-01-01T10:00:00.000Z',
        end: '2025-01-05T10:00:00.000Z',
        status: 'completed',
      }),
      putBlock(T, {
        vehicleId: a.id,
        kind: 'rental',
        refId: 'IN',
        start: '2030-03-02T10:00:00.000Z',
        end: '2030-03-04T10:00:00.000Z',
        status: 'pending',
        label: 'RENT-1001',
      }),
      putBlock(T, {
        vehicleId: a.id,
        kind: 'rental',
        refId: 'SPANS',
        start: '2030-02-20T10:00:00.000Z',
        end: '2030-03-01T09:00:00.000Z',
        status: 'active',
      }),
      putBlock(T, {
        vehicleId: a.id,
        kind: 'rental',
        refId: 'AFTER',
        start: '2030-04-20T10:00:00.000Z',
        end: '2030-04-22T10:00:00.000Z',
        status: 'pending',
      }),
      putBlock(T, {
        vehicleId: b.id,
        kind: 'rental',
        refId: 'OPEN',
        start: '2030-01-15T08:00:00.000Z',
        end: null,
        status: 'active',
      }),
      putBlock(T, {
        vehicleId: b.id,
        kind: 'maintenance',
        refId: 'SVC',
        start: '2030-03-10T06:00:00.000Z',
        end: '2030-03-10T18:00:00.000Z',
        status: 'scheduled',
        label: 'Oil change',
      }),
      putBlock(T, {
        vehicleId: archived.id,
        kind: 'rental',
        refId: 'ARCH',
        start: '2030-03-05T10:00:00.000Z',
        end: '2030-03-06T10:00:00.000Z',
        status: 'pending',
      }),
    ]);
    // Archive through the database: its future block would (rightly) stop the API.
    const { updateVersioned } = await import('../lib/data/repo');
    const { vehicleKey } = await import('./data');
    await updateVersioned(vehicleKey(T, archived.id), 1, { isArchived: true });
  });

  it('answers each non-archived vehicle with the blocks overlapping the window, open-ended ones included', async () => {
    const res = await get('/api/v1/calendar/fleet?start=2030-03-01&end=2030-03-31', cal.token);
    expect(res.status).toBe(200);
    expect(res.body.start).toBe('2030-03-01');
    expect(res.body.vehicles.map((v: any) => v.id)).toEqual([a.id, b.id]);
    const [va, vb] = res.body.vehicles;
    expect(va.blocks.map((x: any) => x.refId)).toEqual(['SPANS', 'IN']);
    expect(va.blocks[1]).toMatchObject({
      kind: 'rental',
      status: 'pending',
      label: 'RENT-1001',
      end: '2030-03-04T10:00:00.000Z',
    });
    expect(vb.blocks.map((x: any) => x.refId)).toEqual(['OPEN', 'SVC']);
    expect(vb.blocks[0].end).toBeNull();
  });

  it('excludes blocks wholly outside the window; MECHANIC may read it', async () => {
    const res = await get('/api/v1/calendar/fleet?start=2030-03-12&end=2030-04-10', t.mechanic.token);
    expect(res.status).toBe(200);
    // SVC ends 2030-03-10T18:00Z: outside even the time-zone margin (14 h before 03-12).
    const mine = await get('/api/v1/calendar/fleet?start=2030-03-12&end=2030-04-10', cal.token);
    const [va, vb] = mine.body.vehicles;
    expect(va.blocks).toEqual([]);
    expect(vb.blocks.map((x: any) => x.refId)).toEqual(['OPEN']);
    const past = await get('/api/v1/calendar/fleet?start=2025-01-02&end=2025-01-02', cal.token);
    expect(past.body.vehicles[0].blocks.map((x: any) => x.refId)).toEqual(['OLD']);
  });

  it('validates the window', async () => {
    const order = await get('/api/v1/calendar/fleet?start=2030-03-10&end=2030-03-01', cal.token);
    expect(order.status).toBe(400);
    expect(order.body.error.fields.end).toBe(VEHICLE_MESSAGES.calendarOrder);
    const long = await get('/api/v1/calendar/fleet?start=2030-01-01&end=2030-04-04', cal.token);
    expect(long.status).toBe(400);
    expect(long.body.error.fields.end).toBe(VEHICLE_MESSAGES.calendarTooLong);
    const max = await get('/api/v1/calendar/fleet?start=2030-01-01&end=2030-04-03', cal.token); // 31 + 28 + 31 + 3 = 93 days

    expect(max.status).toBe(200);
    const bad = await get('/api/v1/calendar/fleet?start=2030-13-01&end=2030-03-01', cal.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.start).toBe(VEHICLE_MESSAGES.calendarStartInvalid);
    const missing = await get('/api/v1/calendar/fleet', cal.token);
    expect(missing.status).toBe(400);
  });

  it("answers one vehicle's current and upcoming blocks", async () => {
    const res = await get(`/api/v1/vehicles/${a.id}/schedule`, cal.token);
    expect(res.status).toBe(200);
    expect(res.body.items.map((x: any) => x.refId)).toEqual(['SPANS', 'IN', 'AFTER']);
    const from = await get(`/api/v1/vehicles/${a.id}/schedule?from=2030-03-05T00:00:00.000Z`, cal.token);
    expect(from.body.items.map((x: any) => x.refId)).toEqual(['AFTER']);
  });
});

describe('cost per request (x-ddb-* headers of the handler stack)', () => {
  it('answers each read and write in a bounded number of DynamoDB round trips', async () => {
    const calls = (res: { headers: Headers }) => Number(res.headers.get('x-ddb-calls'));
    const created = await post('/api/v1/vehicles', vehicleBody(), t.owner.token);
    const reads = [
      await get('/api/v1/vehicles?limit=25', t.owner.token),
      await get(`/api/v1/vehicles/${created.body.id}`, t.owner.token),
    ];
    // Auth (one batch get; the sub pointer is cached per container) + one write transaction / one read.
    expect(calls(created)).toBeLessThanOrEqual(3);
    for (const r of reads) expect(calls(r)).toBeLessThanOrEqual(3);
    const cal = await get('/api/v1/calendar/fleet?start=2031-01-01&end=2031-01-31', t.owner.token);
    expect(calls(cal)).toBeLessThanOrEqual(4);
  });

  it('fleet calendar cost does not grow with history before the window', async () => {
    const c = await registerTenant();
    const v = await create(c.token);
    const rcu = async () =>
      Number((await get('/api/v1/calendar/fleet?start=2031-06-01&end=2031-06-30', c.token)).headers.get('x-ddb-rcu'));
    await putBlock(c.tenantId, {
      vehicleId: v.id,
      kind: 'rental',
      refId: 'NOW',
      start: '2031-06-10T10:00:00.000Z',
      end: '2031-06-12T10:00:00.000Z',
      status: 'pending',
    });
    const before = await rcu();
    const past = Array.from({ length: 120 }, (_, i) => ({
      vehicleId: v.id,
      kind: 'rental' as const,
      refId: `OLD${i}`,
      start: iso(Date.UTC(2028, 0, 1) + i * 48 * hour),
      end: iso(Date.UTC(2028, 0, 1) + (i * 48 + 24) * hour),
      status: 'completed',
      label: 'RENT-'.padEnd(200, 'x'),
    }));
    for (const b of past) await putBlock(c.tenantId, b);
    const after = await rcu();
    expect(after).toBe(before);
  });
});

describe('tenancy and roles', () => {
  it("answers 404 for another company's vehicle on every route with an id", async () => {
    const v = await create(t.owner.token);
    const idRoutes = ROUTES.filter((r) => r.domain === 'vehicles' && r.path.includes('{id}'));
    expect(idRoutes.length).toBeGreaterThanOrEqual(6);
    // Valid bodies, so the answer is about the id and not about the input.
    const bodies: Record<string, unknown> = {
      changeVehicleStatus: { status: 'available' },
    };
    for (const r of idRoutes) {
      const res = await call(r.path.replace('{id}', v.id), {
        method: r.method,
        token: other.token,
        body: r.method === 'GET' ? undefined : (bodies[r.operationId] ?? {}),
      });
      expect(res.status, `${r.method} ${r.path}`).toBe(404);
    }
    expect((await get('/api/v1/vehicles/not-an-id', t.owner.token)).status).toBe(404);
  });

  it("answers 403 to each role outside the route's ability, before validation", async () => {
    const v = await create(t.owner.token);
    const routes = ROUTES.filter((r) => r.domain === 'vehicles');
    let refusals = 0;
    for (const r of routes) {
      for (const role of ['OWNER', 'ADMIN', 'STAFF', 'MECHANIC'] as Role[]) {
        if (hasAbility(role, r.ability!)) continue;
        const res = await call(r.path.replace('{id}', v.id), {
          method: r.method,
          token: t.tokens[role as keyof typeof t.tokens],
          body: r.method === 'GET' ? undefined : {},
        });
        expect(res.status, `${role} ${r.method} ${r.path}`).toBe(403);
        refusals += 1;
      }
    }
    // vehiclesEdit routes (create, edit, archive, unarchive) refuse STAFF and MECHANIC.
    expect(refusals).toBe(8);
    const unchanged = await get(`/api/v1/vehicles/${v.id}`, t.owner.token);
    expect(unchanged.body.version).toBe(1);
  });
});
