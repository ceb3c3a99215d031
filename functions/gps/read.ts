/**
 * GPS reads (issue 14): the live fleet, a vehicle's positions, trips and stops (of a vehicle or
 * of a rental, with the rental's evidence) and the event feed.
 */
import { tripsAndStops } from '../../shared/gps/trips';
import { usageOfRental } from '../../shared/rentals/pricing';
import type { LiveVehicleApi, PositionApi, TripsApi } from '../../shared/schemas/gps';
import { tenantPk } from '../lib/data/keys';
import { queryAll, queryPage } from '../lib/data/repo';
import { notFound } from '../lib/errors';
import { fleet, readCompanySettings, readRentalItem, readVehicle } from './deps';
import {
  eventToApi,
  eventsPk,
  positionPk,
  rentalEventsPk,
  vehicleEventsPk,
  type DeviceItem,
  type EventItem,
} from './model';

export async function liveFleet(tenantId: string): Promise<{ items: LiveVehicleApi[] }> {
  const [vehicles, devices] = await Promise.all([
    fleet(tenantId),
    queryAll<DeviceItem>({ tenantId, pk: tenantPk(tenantId, 'GPS_DEVICE'), max: 5000 }),
  ]);
  const byVehicle = new Map(devices.map((d) => [d.vehicleId, d]));
  return {
    items: vehicles
      .filter((v) => !v.isArchived)
      .map((v) => ({
        vehicleId: v.id,
        label: `${v.make} ${v.model}`,
        licensePlate: v.licensePlate,
        status: v.status,
        latitude: v.latitude ?? null,
        longitude: v.longitude ?? null,
        speed: v.speed ?? null,
        heading: v.heading ?? null,
        lastGpsUpdate: v.lastGpsUpdate ?? null,
        hasTracker: byVehicle.has(v.id),
        batteryPercent: byVehicle.get(v.id)?.batteryPercent ?? null,
      })),
  };
}

function range(from: string | undefined, to: string | undefined, defaultHours = 24): [string, string] {
  const end = to ?? new Date().toISOString();
  const start = from ?? new Date(Date.parse(end) - defaultHours * 3_600_000).toISOString();
  return [start, end];
}

export async function positions(
  tenantId: string,
  q: { vehicleId: string; from?: string; to?: string; limit?: number },
): Promise<{ items: PositionApi[] }> {
  if (!(await readVehicle(tenantId, q.vehicleId))) throw notFound();
  const [from, to] = range(q.from, q.to);
  // A period that has not started yet (a future rental's evidence) has no positions.
  if (from > to) return { items: [] };
  const items = await queryAll<Record<string, unknown>>({
    tenantId,
    pk: positionPk(tenantId, q.vehicleId),
    skBetween: [from, to],
    max: q.limit ?? 5000,
    consistent: false,
  });
  return {
    items: items.map((p) => ({
      at: String(p.at),
      lat: Number(p.lat),
      lon: Number(p.lon),
      speed: Number(p.speed ?? 0),
      heading: (p.heading as number | null) ?? null,
      outOfOrder: p.outOfOrder === true,
    })),
  };
}

export async function trips(
  tenantId: string,
  q: { vehicleId?: string; rentalId?: string; from?: string; to?: string },
): Promise<TripsApi> {
  if (q.rentalId) {
    const r = await readRentalItem(tenantId, q.rentalId, false);
    if (!r) throw notFound();
    const from = q.from ?? String(r.pickedUpAt ?? r.startDate);
    const to = q.to ?? (r.returnDate ? String(r.returnDate) : new Date().toISOString());
    const track = await positions(tenantId, { vehicleId: r.vehicleId, from, to });
    const events = await queryAll<EventItem>({
      tenantId,
      pk: rentalEventsPk(tenantId, r.id),
      index: 'gsi2',
      max: 1000,
    });
    const odometerStart = typeof r.odometerStart === 'number' ? r.odometerStart : null;
    const odometerEnd = typeof r.odometerEnd === 'number' ? r.odometerEnd : null;
    // The allowance billing gives (issue 27): the one usage rule on the rental as stored, returned
    // at its return (or now, while it is out) — booked days, late days, grace and limit as the return reads them.
    const { gracePeriodHours } = await readCompanySettings(tenantId);
    const usage = usageOfRental(r, {
      gracePeriodHours,
      atISO: r.returnDate ? String(r.returnDate) : new Date().toISOString(),
    });
    return {
      vehicleId: r.vehicleId,
      from,
      to,
      ...tripsAndStops(track.items),
      rental: {
        id: r.id,
        referenceNumber: r.referenceNumber,
        odometerStart,
        odometerEnd,
        odometerKm: odometerStart !== null && odometerEnd !== null ? odometerEnd - odometerStart : null,
        kmAllowance: usage.allowanceKm,
        speedingCount: events.filter((e) => e.kind === 'speeding').length,
        geofenceExits: events.filter((e) => e.kind === 'exit').length,
        events: events.map(eventToApi),
      },
    };
  }
  const vehicleId = q.vehicleId!;
  const [from, to] = range(q.from, q.to, 24 * 7);
  const track = await positions(tenantId, { vehicleId, from, to });
  return { vehicleId, from, to, ...tripsAndStops(track.items) };
}

export async function listEvents(
  tenantId: string,
  q: { vehicleId?: string; rentalId?: string; kind?: string; limit?: number; cursor?: string },
) {
  const pk = q.vehicleId
    ? vehicleEventsPk(tenantId, q.vehicleId)
    : q.rentalId
      ? rentalEventsPk(tenantId, q.rentalId)
      : eventsPk(tenantId);
  const index = q.vehicleId ? ('gsi1' as const) : q.rentalId ? ('gsi2' as const) : undefined;
  const page = await queryPage<EventItem>({
    tenantId,
    pk,
    index,
    limit: q.limit ?? 50,
    cursor: q.cursor,
    forward: false,
    signature: [q.kind],
    filter: q.kind ? { expression: '#k = :k', names: { '#k': 'kind' }, values: { ':k': q.kind } } : undefined,
  });
  return { items: page.items.map(eventToApi), nextCursor: page.nextCursor };
}
