import {
  predictService,
  bookingAtRisk,
  URGENCY_LEVELS,
  type OdometerReading,
  type Prediction,
} from '../../shared/maintenance/predict';
import { addDays } from '../../shared/calendar';
import { MAINTENANCE_MESSAGES, type ServiceProgramBody } from '../../shared/schemas/maintenance';
import type { Actor } from '../lib/actor';
import { dueIndexPages } from '../lib/data/due-index';
import { auditItem } from '../lib/data/audit';
import { tenantPk } from '../lib/data/keys';
import { companyPages, eachKey } from '../lib/jobs/units';
import { getItem, queryAll, transact, tx, type Item, type TransactItem } from '../lib/data/repo';
import { isConditionFailure, notFound } from '../lib/errors';
import { blocksOverlapping, companyToday, readCompanySettings, vehicleKey } from './deps';
import { rentalOdometerReadings } from './rental-deps';
import {
  PROGRAM_INDEX_PK,
  predictionKey,
  predictionPk,
  predictionRunKey,
  programIndexAttrs,
  programKey,
  type MaintenanceItem,
  type PredictionItem,
  type ServiceProgramItem,
} from './model';

/**
 * Service programs and predictions (issue 12). A program lists intervals per vehicle; predictions
 * are computed by shared/maintenance/predict.ts from the vehicle's own odometer history:
 * rental pickups/returns (the rentals found in the vehicle's schedule of the last year, one batch
 * get) and the service mileage of its completed records. Each prediction keeps its evidence.
 */
interface VehicleLite {
  id: string;
  make?: string;
  model?: string;
  licensePlate?: string;
  odometerKm?: number;
  createdAt?: string;
  isArchived?: boolean;
}
const labelOf = (v: VehicleLite) =>
  [v.make, v.model, v.licensePlate ? `(${v.licensePlate})` : ''].filter(Boolean).join(' ');

async function requireVehicle(tenantId: string, vehicleId: string): Promise<VehicleLite> {
  const v = (await getItem(vehicleKey(tenantId, vehicleId), false)) as VehicleLite | undefined;
  if (!v) throw notFound(MAINTENANCE_MESSAGES.vehicleNotFound);
  return v;
}

/** A vehicle's completed records (its service history), newest first. */
async function history(tenantId: string, vehicleId: string): Promise<MaintenanceItem[]> {
  return queryAll<MaintenanceItem>({
    tenantId,
    pk: tenantPk(tenantId, 'MAINT_BY_VEHICLE', vehicleId),
    index: 'gsi1',
    forward: false,
    max: 2000,
  });
}

export async function getProgram(tenantId: string, vehicleId: string) {
  const [vehicle, program, records] = await Promise.all([
    requireVehicle(tenantId, vehicleId),
    getItem(programKey(tenantId, vehicleId), true) as Promise<ServiceProgramItem | undefined>,
    history(tenantId, vehicleId),
  ]);
  const intervals = (program?.intervals ?? []).map((i) => {
    const last = records.find((r) => r.status === 'completed' && r.type === i.type);
    return {
      ...i,
      lastService: last ? { date: last.completedDate ?? last.date, km: last.serviceMileage, recordId: last.id } : null,
    };
  });
  return {
    vehicleId: vehicle.id,
    vehicleLabel: labelOf(vehicle),
    intervals,
    version: program?.version ?? 0,
    updatedAt: program?.updatedAt ?? null,
  };
}

export async function putProgram(actor: Actor, vehicleId: string, body: ServiceProgramBody) {
  const { tenantId } = actor;
  await requireVehicle(tenantId, vehicleId);
  const now = new Date().toISOString();
  const before = (await getItem(programKey(tenantId, vehicleId), true)) as ServiceProgramItem | undefined;
  // One interval per type (the last one given wins).
  const intervals = [
    ...new Map(
      body.intervals.map((i) => [
        i.type,
        { type: i.type, everyKm: i.everyKm ?? null, everyMonths: i.everyMonths ?? null },
      ]),
    ).values(),
  ];
  const items: TransactItem[] = [];
  if (intervals.length) {
    items.push(
      tx.put({
        ...programKey(tenantId, vehicleId),
        entityType: 'SERVICE_PROGRAM',
        tenantId,
        vehicleId,
        intervals,
        version: (before?.version ?? 0) + 1,
        updatedAt: now,
        // The daily job's sparse index: present only while the vehicle has a program.
        ...programIndexAttrs(tenantId, vehicleId),
      }),
    );
  } else if (before) {
    items.push(tx.delete(programKey(tenantId, vehicleId)));
  }
  items.push(
    tx.putNew(
      auditItem(actor, 'maintenance.program', 'vehicle', vehicleId, { before: before?.intervals, after: intervals }),
    ),
  );
  await transact(items);
  return getProgram(tenantId, vehicleId);
}

/** The odometer history of one vehicle over the last year (evidence for the predictions). */
export async function odometerHistory(
  tenantId: string,
  vehicleId: string,
  records: MaintenanceItem[],
  today: string,
): Promise<OdometerReading[]> {
  const yearAgo = `${addDays(today, -366)}T00:00:00.000Z`;
  const blocks = await blocksOverlapping(tenantId, vehicleId, yearAgo, new Date().toISOString());
  const rentalIds = blocks.filter((b) => b.kind === 'rental').map((b) => b.refId);
  const rentals = rentalIds.length ? await rentalOdometerReadings(tenantId, rentalIds) : [];
  const services: OdometerReading[] = records
    .filter((r) => r.status === 'completed' && r.serviceMileage !== null)
    .map((r) => ({
      at: r.completedDate ?? r.date,
      km: r.serviceMileage!,
      source: 'service',
      refId: r.id,
      reference: r.type,
    }));
  return [...rentals.map((r) => ({ ...r }) as OdometerReading), ...services].sort((a, b) => a.at.localeCompare(b.at));
}

/** Computes (does not store) the predictions of one vehicle. */
export async function computePredictions(tenantId: string, vehicleId: string, today: string) {
  const [vehicle, program, records] = await Promise.all([
    requireVehicle(tenantId, vehicleId),
    getItem(programKey(tenantId, vehicleId), true) as Promise<ServiceProgramItem | undefined>,
    history(tenantId, vehicleId),
  ]);
  if (!program?.intervals.length) return { vehicle, predictions: [] as Prediction[], hasProgram: false };
  const readings = await odometerHistory(tenantId, vehicleId, records, today);
  const predictions = program.intervals.map((interval) => {
    const last = records.find((r) => r.status === 'completed' && r.type === interval.type);
    // No service of this type on record: the interval runs from the first known reading.
    const lastService = last
      ? { date: (last.completedDate ?? last.date).slice(0, 10), km: last.serviceMileage, recordId: last.id }
      : readings[0]
        ? { date: readings[0].at.slice(0, 10), km: readings[0].km, recordId: null }
        : null;
    return predictService({ interval, readings, lastService, currentKm: vehicle.odometerKm ?? null, today });
  });
  return { vehicle, predictions, hasProgram: true };
}

/** Items replacing a vehicle's stored predictions (stale types removed). */
export async function predictionWrites(
  tenantId: string,
  vehicleId: string,
  today: string,
): Promise<{ items: TransactItem[]; count: number; hasProgram: boolean }> {
  const [{ vehicle, predictions, hasProgram }, existing] = await Promise.all([
    computePredictions(tenantId, vehicleId, today),
    queryAll<PredictionItem>({ tenantId, pk: predictionPk(tenantId), skPrefix: `${vehicleId}#`, consistent: true }),
  ]);
  const at = new Date().toISOString();
  const keep = new Set(predictions.map((p) => p.type));
  const items: TransactItem[] = predictions.map((p) => {
    const old = existing.find((e) => e.type === p.type);
    // A record already made from this prediction stays linked while the due date is the same.
    const recordId = old?.recordId && old.dueDate === p.dueDate ? old.recordId : null;
    return tx.put({
      ...predictionKey(tenantId, vehicleId, p.type),
      entityType: 'MAINT_PREDICTION',
      id: `${vehicleId}:${p.type}`,
      vehicleId,
      vehicleLabel: labelOf(vehicle),
      generatedAt: at,
      recordId,
      ...p,
    } as PredictionItem);
  });
  for (const e of existing) if (!keep.has(e.type)) items.push(tx.delete(predictionKey(tenantId, vehicleId, e.type)));
  return { items, count: predictions.length, hasProgram };
}

export interface VehicleOutcome {
  vehicleId: string;
  ok: boolean;
  predictions?: number;
  error?: string;
}

/**
 * "Generate predictions" for some vehicles or every vehicle with a program: each vehicle on its
 * own (one failing does not stop the others), reported per vehicle (spec §8: batch prediction
 * failed; partial success possible).
 */
export async function generatePredictions(actor: Actor, vehicleIds: string[] | undefined) {
  const { tenantId } = actor;
  const today = companyToday(await readCompanySettings(tenantId));
  const ids = vehicleIds?.length
    ? [...new Set(vehicleIds)]
    : (await queryAll<ServiceProgramItem>({ tenantId, pk: tenantPk(tenantId, 'SERVICE_PROGRAM'), max: 5000 })).map(
        (p) => p.vehicleId,
      );
  const results: VehicleOutcome[] = [];
  for (const vehicleId of ids) {
    try {
      const { items, count, hasProgram } = await predictionWrites(tenantId, vehicleId, today);
      if (!hasProgram) {
        results.push({ vehicleId, ok: false, error: 'No service program for this vehicle' });
        continue;
      }
      if (items.length) await transact(items);
      results.push({ vehicleId, ok: true, predictions: count });
    } catch (err) {
      const status = (err as { status?: number }).status;
      results.push({
        vehicleId,
        ok: false,
        error: status === 404 ? MAINTENANCE_MESSAGES.vehicleNotFound : MAINTENANCE_MESSAGES.generateFailed,
      });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  const failed = results.length - succeeded;
  const message =
    failed === 0
      ? null
      : succeeded === 0
        ? results.length > 1
          ? MAINTENANCE_MESSAGES.batchFailed
          : MAINTENANCE_MESSAGES.generateFailed
        : MAINTENANCE_MESSAGES.partialSuccess;
  return { succeeded, failed, partial: succeeded > 0 && failed > 0, message, results };
}

const URGENCY_RANK = new Map(URGENCY_LEVELS.map((u, i) => [u, i]));

/** Stored predictions, most urgent first, each with the bookings at risk (rentals spanning its due date). */
export async function listPredictions(tenantId: string, vehicleId?: string) {
  const items = await queryAll<PredictionItem>({
    tenantId,
    pk: predictionPk(tenantId),
    skPrefix: vehicleId ? `${vehicleId}#` : undefined,
    max: 5000,
  });
  const today = companyToday(await readCompanySettings(tenantId));
  // Bookings within the next 90 days, per vehicle (one schedule query per vehicle with a due date).
  const horizonEnd = `${addDays(today, 90)}T00:00:00.000Z`;
  const vehicles = [...new Set(items.filter((p) => p.dueDate || (p.kmLeft ?? 1) <= 0).map((p) => p.vehicleId))];
  const blocksBy = new Map(
    await Promise.all(
      vehicles.map(
        async (v) =>
          [
            v,
            (await blocksOverlapping(tenantId, v, `${today}T00:00:00.000Z`, horizonEnd)).filter(
              (b) => b.kind === 'rental' && ['pending', 'active', 'overdue'].includes(b.status),
            ),
          ] as const,
      ),
    ),
  );
  const out = items.map(({ pk: _pk, sk: _sk, entityType: _e, ...p }) => ({
    ...p,
    bookingsAtRisk: (blocksBy.get(p.vehicleId) ?? [])
      .filter((b) => bookingAtRisk(p, b.start, b.end ?? horizonEnd))
      .map((b) => ({ rentalId: b.refId, label: b.label ?? null, start: b.start, end: b.end })),
  }));
  out.sort(
    (a, b) =>
      URGENCY_RANK.get(a.urgency)! - URGENCY_RANK.get(b.urgency)! ||
      (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999'),
  );
  return { items: out, nextCursor: null };
}

/** The prediction a record is being made from, and the item that links them (same transaction). */
export async function predictionLink(
  tenantId: string,
  predictionId: string,
  recordId: string,
): Promise<{ prediction: PredictionItem; item: TransactItem }> {
  const [vehicleId, type] = predictionId.split(':');
  const prediction =
    vehicleId && type
      ? ((await getItem(predictionKey(tenantId, vehicleId, type), true)) as PredictionItem | undefined)
      : undefined;
  if (!prediction) throw notFound(MAINTENANCE_MESSAGES.predictionNotFound);
  return {
    prediction,
    item: tx.raw('Update', {
      Key: predictionKey(tenantId, vehicleId, type),
      UpdateExpression: 'SET recordId = :r',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':r': recordId },
    }),
  };
}

/**
 * The daily job (events/schedules.ts `maintenance-predictions`; DESIGN.md §15): reads the sparse
 * program index across companies in pages (never a Scan), and for each vehicle not yet done
 * today writes its predictions together with a marker `{vehicleId}#{day}` (put only if absent)
 * in ONE transaction — a re-run, or two runs at once, does nothing twice.
 *
 * It fans out (issue 30): `predictionUnits` reads the index once and yields pages of at most 25 of one
 * company's vehicle ids; `predictionUnit` does one page on the company's own day. The same page done
 * twice (a redelivery) finds its markers and skips.
 */
export interface PredictionUnit {
  tenantId: string;
  vehicleIds: string[];
}

export async function* predictionUnits(includes: (tenantId: string) => boolean): AsyncGenerator<PredictionUnit> {
  const read = (p: Item) => ({ tenantId: String(p.tenantId), key: String(p.vehicleId) });
  for await (const { tenantId, keys } of companyPages(dueIndexPages(PROGRAM_INDEX_PK, {}, 100), read, includes))
    yield { tenantId, vehicleIds: keys };
}

export async function predictionUnit(unit: PredictionUnit, now: Date) {
  const counts = { scanned: 0, generated: 0, skipped: 0 };
  const { tenantId } = unit;
  const day = companyToday(await readCompanySettings(tenantId), now);
  await eachKey(unit.vehicleIds, async (vehicleId) => {
    counts.scanned++;
    if (await getItem(predictionRunKey(tenantId, vehicleId, day), false)) {
      counts.skipped++;
      return;
    }
    const { items } = await predictionWrites(tenantId, vehicleId, day);
    const marker = tx.putNew({
      ...predictionRunKey(tenantId, vehicleId, day),
      entityType: 'MAINT_PREDICTION_RUN',
      at: new Date().toISOString(),
      ttl: Math.floor(now.getTime() / 1000) + 14 * 86_400,
    });
    try {
      await transact([...items, marker]);
      counts.generated++;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      counts.skipped++; // another run (or this unit's earlier delivery) did it
    }
  });
  return counts;
}
