/**
 * Computes the company's fleet health (issue 14) and keeps it current.
 *
 * How the score stays current (documented decision):
 * - a STORED computation (storeFleetHealth) writes each vehicle's snapshot and, when it changed,
 *   the vehicle's `healthScore` in one transaction (without bumping the vehicle's `version`: the
 *   score is derived, not edited, so an open edit form must not fail on it), raises the alerts
 *   (grade drops, trackers) and puts the company on the sparse index G#FLEET_HEALTH;
 * - stored computations run: daily, from the `fleet-health` job (events/schedules.ts) for the
 *   companies on that index or with rentals due (never a Scan; once per company and day, the run
 *   item's `day`; a re-run or two runs at once write the same values and raise nothing twice,
 *   alerts being keyed per condition); on "Recompute now" (POST /api/v1/fleet-health/recompute);
 *   and in the demo seed;
 * - GET /api/v1/fleet-health never writes (a read must not change other reads): it serves the
 *   stored computation while it is younger than FLEET_HEALTH_MAX_AGE_MINUTES, else it computes the
 *   same numbers in memory and answers them (`stored: false`);
 * - each computation reads bounded data — the fleet (one Query), maintenance predictions and
 *   urgent records, the vehicle documents index, inspections and repairs of the last 90 days, the
 *   schedule blocks and GPS incidents of the last 30 days, the tracker list.
 */
import { scoreHealth, bookedShare, HEALTH_RULES } from '../../shared/fleet-health/score';
import { HEALTH_GRADE_THRESHOLDS } from '../../shared/vehicles/vehicle-rules';
import type { FleetHealth, TrackerCondition, VehicleHealth } from '../../shared/schemas/fleet-health';
import { addDays } from '../../shared/calendar';
import { notFound } from '../lib/errors';
import { companyToday, readCompanySettings } from '../lib/company-settings';
import { getItem, putItem, queryAll, transact, tx } from '../lib/data/repo';
import { dueShardPk } from '../lib/data/due-index';
import {
  activeFleet,
  fleetBlocks,
  incidentCounts,
  maintenanceDue,
  openDamageByVehicle,
  raiseAlerts,
  trackerStatuses,
  vehicleComplianceDates,
  vehicleKey,
  type NewAlert,
  type VehicleItem,
} from './deps';
import {
  FLEET_HEALTH_INDEX_PK,
  FLEET_HEALTH_MAX_AGE_MINUTES,
  TRACKER_BATTERY_LOW_PERCENT,
  TRACKER_OFFLINE_HOURS,
  runKey,
  snapshotKey,
  snapshotPk,
  snapshotToApi,
  type RunItem,
  type SnapshotItem,
} from './model';

const DAY = 86_400_000;
/** Damage is looked for on inspections of this many days (a car inspected longer ago shows none). */
const DAMAGE_WINDOW_DAYS = 90;
const gradeRank = (g: string) => HEALTH_GRADE_THRESHOLDS.findIndex((t) => t.grade === g);
const labelOf = (v: VehicleItem) => `${v.year} ${v.make} ${v.model}`;

interface Evaluation {
  snapshots: SnapshotItem[];
  prevBy: Map<string, SnapshotItem>;
  trackers: TrackerCondition[];
  today: string;
  at: string;
  fleet: VehicleItem[];
}

/** The numbers, read only: nothing is written. */
async function evaluateFleet(tenantId: string, now: Date): Promise<Evaluation> {
  const settings = await readCompanySettings(tenantId, '');
  const today = companyToday(settings, now);
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - HEALTH_RULES.windowDays * DAY).toISOString();
  const [fleet, due, compliance, damage, blocks, previous, trackers] = await Promise.all([
    activeFleet(tenantId),
    maintenanceDue(tenantId, today, addDays(today, 7)),
    vehicleComplianceDates(tenantId),
    openDamageByVehicle(tenantId, new Date(now.getTime() - DAMAGE_WINDOW_DAYS * DAY).toISOString()),
    fleetBlocks(tenantId, windowStart, at, 5000),
    queryAll<SnapshotItem>({ tenantId, pk: snapshotPk(tenantId), max: 5000 }),
    trackerStatuses(tenantId),
  ]);
  const prevBy = new Map(previous.map((s) => [s.vehicleId, s]));
  const incidents = new Map(
    await Promise.all(fleet.map(async (v) => [v.id, await incidentCounts(tenantId, v.id, windowStart, at)] as const)),
  );

  const snapshots: SnapshotItem[] = [];
  for (const v of fleet) {
    const mine = due.filter((d) => d.vehicleId === v.id);
    const docs = compliance.get(v.id);
    const dmg = damage.get(v.id);
    const gps = incidents.get(v.id) ?? { speeding: 0, restrictedEntries: 0 };
    const result = scoreHealth({
      maintenancePastDue: mine.filter((d) => d.kind === 'past_due').length,
      maintenanceDueSoon: mine.filter((d) => d.kind === 'due_soon').length,
      urgentOpen: mine.filter((d) => d.kind === 'urgent_open').length,
      // The documents on file win; the vehicle's own expiry fields stand in when none is uploaded.
      registrationExpiry: docs?.registration ?? v.registrationExpiryDate ?? null,
      insuranceExpiry: docs?.insurance ?? v.insuranceExpiryDate ?? null,
      today,
      year: v.year,
      odometerKm: v.odometerKm,
      damage: { minor: dmg?.minor ?? 0, moderate: dmg?.moderate ?? 0, severe: dmg?.severe ?? 0 },
      speeding: gps.speeding,
      restrictedEntries: gps.restrictedEntries,
      utilisation: bookedShare(
        blocks.filter((b) => b.vehicleId === v.id && b.kind === 'rental'),
        windowStart,
        at,
      ),
    });
    snapshots.push({
      ...snapshotKey(tenantId, v.id),
      entityType: 'FLEET_HEALTH',
      vehicleId: v.id,
      label: labelOf(v),
      licensePlate: v.licensePlate,
      status: v.status,
      // Only an earlier stored computation of this score (the vehicle's initial score used fewer facts).
      score: result.score,
      grade: result.grade,
      previousScore: prevBy.get(v.id)?.score ?? null,
      factors: result.factors,
      computedAt: at,
    });
  }
  return { snapshots, prevBy, trackers: trackerConditions(fleet, trackers, now), today, at, fleet };
}

/**
 * A stored computation: snapshots and vehicles' healthScore (one transaction per vehicle), alerts, the run item
 * (index).
 */
export async function storeFleetHealth(
  tenantId: string,
  now = new Date(),
): Promise<{ snapshots: SnapshotItem[]; run: RunItem; trackers: TrackerCondition[] }> {
  const { snapshots, prevBy, trackers, today, at, fleet } = await evaluateFleet(tenantId, now);
  const byId = new Map(fleet.map((v) => [v.id, v]));
  const alerts: NewAlert[] = [];
  for (const snap of snapshots) {
    const v = byId.get(snap.vehicleId)!;
    const write = [tx.put(snap)];
    if (v.healthScore !== snap.score) {
      write.push(
        tx.raw('Update', {
          Key: vehicleKey(tenantId, v.id),
          UpdateExpression: 'SET #hs = :hs, #hu = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#hs': 'healthScore', '#hu': 'healthUpdatedAt' },
          ExpressionAttributeValues: { ':hs': snap.score, ':at': at },
        }),
      );
    }
    await transact(write);
    const prev = prevBy.get(v.id);
    // Only against an earlier stored computation: the first one compares with nothing it knew.
    if (prev && gradeRank(snap.grade) > gradeRank(prev.grade)) {
      alerts.push({
        key: `health_dropped:${v.id}:${snap.grade}:${today}`,
        type: 'health_dropped',
        category: 'fleet',
        severity: snap.grade === 'critical' || snap.grade === 'poor' ? 'high' : 'medium',
        impactLevel: 'operations',
        title: `Health of ${labelOf(v)} fell to ${snap.grade} (${snap.score})`,
        description: `${v.licensePlate} · ${prev.score} → ${snap.score}`,
        actionUrl: '/fleet-analytics',
        relatedEntityId: v.id,
        relatedEntityType: 'vehicle',
        params: {
          vehicle: `${labelOf(v)} · ${v.licensePlate}`,
          grade: snap.grade,
          score: String(snap.score),
          previous: String(prev.score),
        },
      });
    }
  }
  alerts.push(...trackers.map((c) => trackerAlert(c, today)));
  await raiseAlerts(tenantId, alerts);
  const run: RunItem = {
    ...runKey(tenantId),
    entityType: 'FLEET_HEALTH_RUN',
    tenantId,
    computedAt: at,
    day: today,
    vehicles: fleet.length,
    gsi2pk: dueShardPk(FLEET_HEALTH_INDEX_PK, runKey(tenantId)),
    gsi2sk: tenantId,
  };
  await putItem(run);
  return { snapshots, run, trackers };
}

type TrackerStatus = Awaited<ReturnType<typeof trackerStatuses>>[number];

/**
 * Offline: no position for TRACKER_OFFLINE_HOURS (or none ever) while not parked in a drop zone; low battery at ≤
 * TRACKER_BATTERY_LOW_PERCENT.
 */
export function trackerConditions(
  fleet: Pick<VehicleItem, 'id' | 'year' | 'make' | 'model' | 'licensePlate'>[],
  trackers: TrackerStatus[],
  now: Date,
): TrackerCondition[] {
  const byId = new Map(fleet.map((v) => [v.id, v]));
  const out: TrackerCondition[] = [];
  for (const t of trackers) {
    const v = byId.get(t.vehicleId);
    if (!v) continue; // archived vehicles are not watched
    const base = {
      vehicleId: t.vehicleId,
      label: `${labelOf(v as VehicleItem)} · ${v.licensePlate}`,
      deviceId: t.deviceId,
      lastPositionAt: t.lastPositionAt,
      batteryPercent: t.batteryPercent,
    };
    const silentFor = t.lastPositionAt ? now.getTime() - Date.parse(t.lastPositionAt) : Infinity;
    if (silentFor > TRACKER_OFFLINE_HOURS * 3_600_000 && !t.insideDropZone) out.push({ kind: 'offline', ...base });
    if (t.batteryPercent !== null && t.batteryPercent <= TRACKER_BATTERY_LOW_PERCENT)
      out.push({ kind: 'battery_low', ...base });
  }
  return out;
}

function trackerAlert(c: TrackerCondition, today: string): NewAlert {
  const common = {
    category: 'gps' as const,
    impactLevel: 'operations',
    actionUrl: '/fleet-analytics?tab=alerts',
    relatedEntityId: c.vehicleId,
    relatedEntityType: 'vehicle',
  };
  if (c.kind === 'offline') {
    const since = c.lastPositionAt ?? 'never';
    return {
      ...common,
      key: `tracker_offline:${c.vehicleId}:${since}`,
      type: 'tracker_offline',
      severity: 'medium',
      title: `Tracker of ${c.label} sent no position since ${since}`,
      description: c.deviceId,
      params: { vehicle: c.label, since },
    };
  }
  return {
    ...common,
    key: `tracker_battery_low:${c.vehicleId}:${today}`,
    type: 'tracker_battery_low',
    severity: 'low',
    title: `Tracker battery of ${c.label} is at ${c.batteryPercent}%`,
    description: c.deviceId,
    params: { vehicle: c.label, percent: String(c.batteryPercent) },
  };
}

function answer(
  rows: VehicleHealth[],
  computedAt: string | null,
  trackers: TrackerCondition[],
  stored: boolean,
): FleetHealth {
  const vehicles = [...rows].sort((a, b) => a.score - b.score || a.label.localeCompare(b.label));
  const grades = Object.fromEntries(
    HEALTH_GRADE_THRESHOLDS.map((t) => [t.grade, vehicles.filter((v) => v.grade === t.grade).length]),
  ) as FleetHealth['grades'];
  return {
    computedAt,
    stored,
    grades,
    vehicles,
    trackers,
    averageScore: vehicles.length ? Math.round(vehicles.reduce((s, v) => s + v.score, 0) / vehicles.length) : null,
    rules: { offlineHours: TRACKER_OFFLINE_HOURS, batteryLowPercent: TRACKER_BATTERY_LOW_PERCENT },
  };
}

/** GET /api/v1/fleet-health (never writes): the stored computation while fresh, else the same numbers computed now. */
export async function readFleetHealth(tenantId: string, vehicleId?: string, now = new Date()): Promise<FleetHealth> {
  const all = await fleetHealthOf(tenantId, now);
  return vehicleId ? onlyVehicle(all, vehicleId) : all;
}

/** POST /api/v1/fleet-health/recompute: a stored computation now. */
export async function recomputeFleetHealth(
  tenantId: string,
  vehicleId?: string,
  now = new Date(),
): Promise<FleetHealth> {
  const done = await storeFleetHealth(tenantId, now);
  const all = answer(done.snapshots.map(snapshotToApi), done.run.computedAt, done.trackers, true);
  return vehicleId ? onlyVehicle(all, vehicleId) : all;
}

function onlyVehicle(all: FleetHealth, vehicleId: string): FleetHealth {
  const vehicles = all.vehicles.filter((v) => v.vehicleId === vehicleId);
  if (!vehicles.length) throw notFound('Vehicle not found');
  return answer(
    vehicles,
    all.computedAt,
    all.trackers.filter((c) => c.vehicleId === vehicleId),
    all.stored,
  );
}

async function fleetHealthOf(tenantId: string, now: Date): Promise<FleetHealth> {
  const run = (await getItem(runKey(tenantId), false)) as RunItem | undefined;
  if (!run || now.getTime() - Date.parse(run.computedAt) >= FLEET_HEALTH_MAX_AGE_MINUTES * 60_000) {
    const e = await evaluateFleet(tenantId, now);
    return answer(e.snapshots.map(snapshotToApi), e.at, e.trackers, false);
  }
  const [snapshots, fleet, trackers] = await Promise.all([
    queryAll<SnapshotItem>({ tenantId, pk: snapshotPk(tenantId), max: 5000 }),
    activeFleet(tenantId),
    trackerStatuses(tenantId),
  ]);
  const live = new Set(fleet.map((v) => v.id));
  return answer(
    snapshots.filter((s) => live.has(s.vehicleId)).map(snapshotToApi),
    run.computedAt,
    trackerConditions(fleet, trackers, now),
    true,
  );
}

/** The daily job's unit of work: a company not yet computed on its `day`. */
export async function recomputeIfDue(tenantId: string, now = new Date()): Promise<boolean> {
  const run = (await getItem(runKey(tenantId), true)) as RunItem | undefined;
  const today = companyToday(await readCompanySettings(tenantId, ''), now);
  if (run?.day === today) return false;
  await storeFleetHealth(tenantId, now);
  return true;
}
