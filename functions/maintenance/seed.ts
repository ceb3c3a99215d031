import { ulid } from 'ulid';
import { DEFAULT_VAT_CODES } from '../../shared/accounting/vat-defaults';
import { maintenanceWindow } from '../../shared/maintenance/lifecycle';
import { addDays } from '../../shared/calendar';
import { URGENCY_LEVELS, measureRate, predictService, type OdometerReading } from '../../shared/maintenance/predict';
import { rateToPercent, taxOnNet } from '../../shared/money';
import type { MaintenanceStatus, MaintenanceType } from '../../shared/schemas/maintenance';
import type { DemoWorld } from '../lib/demo/world';
import { transact, tx, type TransactItem } from '../lib/data/repo';
import {
  blocksOverlapping,
  bookAccounts,
  companyRegion,
  companyTimezone,
  companyToday,
  journalEntryItems,
  readCompanySettings,
  scheduleBlockItem,
} from './deps';
import { rentalOdometerReadings } from './rental-deps';
import { maintenanceIndexes, maintenanceKey, programIndexAttrs, programKey, type MaintenanceItem } from './model';
import { predictionWrites } from './predictions';
import { costLines } from './record-transitions';
import { seedInspections } from './seed-inspections';

/**
 * Demo maintenance (functions/jobs/demo-reset.ts, after rentals and accounting): for up to ten
 * vehicles a service program and a year of completed services whose mileage follows the vehicle's
 * own seeded rental odometer readings (so predictions measure a real rate), costs posted through
 * the accounting engine (input VAT only on invoices of the open VAT period: earlier periods are filed);
 * open work (the fleet's in-maintenance vehicles in progress, scheduled and pending jobs in free
 * windows); predictions generated with the live code, the last oil changes placed so that the
 * fleet shows every urgency; and inspections with photos and damage on recent rentals (check-outs
 * signed with their PDF, a check-in with a new dent awaiting signature: seed-inspections.ts).
 * Deterministic.
 */
const DAY_MS = 86_400_000;
const OIL = { type: 'oil_change', everyKm: 10_000, everyMonths: 6 };

/** Km on a date from the vehicle's readings (interpolated; the measured rate outside them). */
function kmAt(readings: OdometerReading[], date: string, rate: number, current: number): number {
  const t = Date.parse(`${date}T12:00:00Z`);
  const pts = readings.map((r) => [Date.parse(r.at), r.km] as const).sort((a, b) => a[0] - b[0]);
  if (!pts.length) return Math.max(0, Math.round(current - ((Date.now() - t) / DAY_MS) * rate));
  if (t <= pts[0][0]) return Math.max(0, Math.round(pts[0][1] - ((pts[0][0] - t) / DAY_MS) * rate));
  const last = pts[pts.length - 1];
  if (t >= last[0]) return Math.min(current, Math.round(last[1] + ((t - last[0]) / DAY_MS) * rate));
  for (let i = 1; i < pts.length; i++) {
    if (t <= pts[i][0]) {
      const [t0, k0] = pts[i - 1];
      const [t1, k1] = pts[i];
      return Math.round(k0 + ((k1 - k0) * (t - t0)) / Math.max(1, t1 - t0));
    }
  }
  return last[1];
}

export async function seedMaintenance(world: DemoWorld): Promise<void> {
  const { tenantId } = world;
  const settings = await readCompanySettings(tenantId);
  const tz = companyTimezone(settings);
  const today = companyToday(settings, world.now);
  const books = await bookAccounts(tenantId);
  // Workshop invoices carry input VAT in the open VAT period (after the filed return the accounting
  // seed sets, like the finance seed's fuel and insurance); earlier ones were filed without it.
  const inOpenVatPeriod = (date: string) =>
    books.vatFiledThrough ? date > books.vatFiledThrough : date >= `${today.slice(0, 7)}-01`;
  const inputVat = settings.enableVat ? DEFAULT_VAT_CODES[companyRegion(settings)].input : null;
  const vatPercent = inputVat ? rateToPercent(settings.vatRate) : null;
  const mechanic = world.staff.find((s) => s.role === 'MECHANIC');
  // The fleet's in-maintenance vehicles first (their work is in progress today), then others.
  const live = world.vehicles.filter((v) => !v.isArchived);
  const fleet = [
    ...live.filter((v) => v.status === 'in_maintenance'),
    ...live.filter((v) => v.status !== 'in_maintenance'),
  ].slice(0, 10);
  const at = world.now.toISOString();
  let written = 0;

  const record = (
    v: (typeof fleet)[number],
    fields: Partial<MaintenanceItem> & {
      type: MaintenanceType;
      date: string;
      status: MaintenanceStatus;
      estimatedCostMinor: number;
    },
  ): MaintenanceItem => {
    const id = ulid();
    return {
      ...maintenanceKey(tenantId, id),
      ...maintenanceIndexes(tenantId, { vehicleId: v.id, date: fields.date, id }),
      entityType: 'MAINTENANCE',
      id,
      tenantId,
      vehicleId: v.id,
      vehicleLabel: `${v.make} ${v.model} (${v.licensePlate})`,
      notes: null,
      actualCostMinor: null,
      vatMinor: null,
      endDate: null,
      completedDate: null,
      priority: 'medium',
      isAiGenerated: false,
      source: 'manual',
      aiConfidence: null,
      predictionId: null,
      sourceDocumentId: null,
      assignedTo: mechanic?.userId ?? null,
      assignedToName: mechanic ? `${mechanic.firstName} ${mechanic.lastName}` : null,
      invoiceId: null,
      invoiceFile: null,
      addToFinancials: true,
      paidFrom: 'bank',
      serviceMileage: null,
      servicedBy: 'Al Quoz Auto Service',
      blockStart: null,
      blockEnd: null,
      posted: null,
      reversalEntryId: null,
      cancelReason: null,
      version: 1,
      createdAt: at,
      updatedAt: at,
      createdBy: world.owner.userId,
      ...fields,
    };
  };

  // Completed work: the record and its journal entry in one transaction (the live path's items).
  const complete = async (r: MaintenanceItem) => {
    const items: TransactItem[] = [];
    if (r.addToFinancials && r.actualCostMinor) {
      const lines = costLines({
        costMinor: r.actualCostMinor,
        vatMinor: r.vatMinor ?? 0,
        paidFrom: r.paidFrom,
        accountIds: books.accountIds,
        inputVatCode: r.vatMinor ? inputVat : null,
        vatRatePercent: vatPercent,
      });
      const prepared = await journalEntryItems(tenantId, {
        date: r.completedDate!,
        description: `Maintenance: ${r.type.replace(/_/g, ' ')} — ${r.vehicleLabel}`,
        reference: r.invoiceId,
        source: 'maintenance',
        sourceId: r.id,
        lines,
        createdBy: world.owner.userId,
      });
      r.posted = { entryId: prepared.entryId, lines, date: r.completedDate! };
      items.push(...prepared.items);
    }
    await transact([tx.put(r), ...items]);
    written++;
  };

  const PRICES: Record<string, number> = {
    oil_change: 280,
    tyres: 1900,
    registration: 450,
    brakes: 950,
    general_service: 650,
    repair: 1200,
  };
  for (const [vi, v] of fleet.entries()) {
    // The vehicle's odometer history from its seeded rentals (through the schedule and rentals' api).
    const blocks = await blocksOverlapping(
      tenantId,
      v.id,
      new Date(world.now.getTime() - 400 * DAY_MS).toISOString(),
      world.now.toISOString(),
    );
    const readings: OdometerReading[] = await rentalOdometerReadings(
      tenantId,
      blocks.filter((b) => b.kind === 'rental').map((b) => b.refId),
    );
    const rate = measureRate(readings, today).kmPerDay ?? 70;
    const current = Math.max(v.odometerKm, ...readings.map((r) => r.km));
    const services: { type: MaintenanceType; daysAgo: number }[] = [
      { type: 'general_service', daysAgo: 340 },
      { type: 'registration', daysAgo: 300 - vi * 20 },
      { type: 'tyres', daysAgo: 250 },
      { type: 'brakes', daysAgo: 160 },
      { type: 'repair', daysAgo: 95 + vi * 3 },
      { type: 'general_service', daysAgo: 45 },
    ];
    // The last oil change decides the urgency shown: past due, very urgent, urgent, then not urgent.
    // For the first three cars, the days ago the live prediction (km or time, whichever is first)
    // gives that urgency, in the middle of the days that do: whatever the car's measured rate.
    const wanted = URGENCY_LEVELS[vi] === 'not_urgent' ? undefined : URGENCY_LEVELS[vi];
    let oilDaysAgo = 1;
    if (wanted) {
      // Very urgent also by date (due within the week), so the alerts' "due within 7 days" shows too.
      const matching: number[] = [];
      const dueThisWeek: number[] = [];
      for (let d = 1; d < 365; d++) {
        const date = addDays(today, -d);
        const p = predictService({
          interval: OIL,
          readings,
          lastService: { date, km: kmAt(readings, date, rate, current), recordId: null },
          currentKm: current,
          today,
        });
        if (p.urgency !== wanted) continue;
        matching.push(d);
        if (p.daysLeft !== null && p.daysLeft >= 1 && p.daysLeft <= 6) dueThisWeek.push(d);
      }
      const pickFrom = wanted === 'very_urgent' && dueThisWeek.length ? dueThisWeek : matching;
      oilDaysAgo = pickFrom[Math.floor(pickFrom.length / 2)] ?? 1;
    } else {
      const targetKmLeft = 8000 - vi * 300;
      while (
        oilDaysAgo < 365 &&
        current - kmAt(readings, addDays(today, -oilDaysAgo), rate, current) < 10_000 - targetKmLeft
      )
        oilDaysAgo++;
    }
    services.push(
      { type: 'oil_change', daysAgo: oilDaysAgo },
      { type: 'oil_change', daysAgo: Math.min(364, oilDaysAgo + 150) },
    );
    for (const s of services.filter((x) => x.daysAgo > 0 && x.daysAgo < 366)) {
      const date = addDays(today, -s.daysAgo);
      const cost = Math.round((PRICES[s.type] ?? 500) * (0.9 + world.random() * 0.3)) * 100;
      const vat = inputVat && inOpenVatPeriod(date) ? taxOnNet(cost, vatPercent!) : 0;
      await complete(
        record(v, {
          type: s.type,
          date,
          completedDate: date,
          status: 'completed',
          estimatedCostMinor: cost,
          actualCostMinor: cost + vat,
          vatMinor: vat || null,
          serviceMileage: kmAt(readings, date, rate, current),
          invoiceId: `WS-${date.replace(/-/g, '').slice(2)}-${vi}`,
        }),
      );
    }
    // Program: oil by km or time, tyres by km, registration yearly, brakes by km on some.
    const intervals = [
      OIL,
      { type: 'tyres', everyKm: 40_000, everyMonths: null },
      { type: 'registration', everyKm: null, everyMonths: 12 },
      ...(vi % 2 ? [{ type: 'brakes', everyKm: 30_000, everyMonths: null }] : []),
    ];
    await transact([
      tx.put({
        ...programKey(tenantId, v.id),
        entityType: 'SERVICE_PROGRAM',
        tenantId,
        vehicleId: v.id,
        intervals,
        version: 1,
        updatedAt: at,
        ...programIndexAttrs(tenantId, v.id),
      }),
    ]);

    // Open work in free windows: in progress on vehicles in maintenance, scheduled/pending on a few others.
    const open =
      v.status === 'in_maintenance'
        ? {
            status: 'in_progress' as const,
            date: today,
            endDate: null,
            type: 'repair' as const,
            priority: 'high' as const,
          }
        : // The out-of-service car waits for an accident repair the insurer has not approved yet.
          v.status === 'out_of_service'
          ? {
              status: 'pending' as const,
              date: addDays(today, 5),
              endDate: null,
              type: 'bodywork' as const,
              priority: 'urgent' as const,
            }
          : vi % 3 === 0
            ? {
                status: 'scheduled' as const,
                date: addDays(today, 12 + vi),
                endDate: null,
                type: 'general_service' as const,
                priority: 'medium' as const,
              }
            : vi % 4 === 1
              ? {
                  status: 'pending' as const,
                  date: addDays(today, 20),
                  endDate: null,
                  type: 'air_conditioning' as const,
                  priority: 'urgent' as const,
                }
              : null;
    if (open) {
      const w = maintenanceWindow(open.date, open.endDate, tz);
      const holds = open.status !== 'pending';
      const busy =
        holds &&
        (await blocksOverlapping(tenantId, v.id, w.start, w.end)).some((b) =>
          ['pending', 'active', 'overdue', 'scheduled', 'in_progress'].includes(b.status),
        );
      if (!busy) {
        const r = record(v, {
          ...open,
          estimatedCostMinor: 60_000,
          blockStart: holds ? w.start : null,
          blockEnd: holds ? w.end : null,
          notes: open.status === 'in_progress' ? 'Front bumper and headlamp replacement' : null,
        });
        await transact([
          tx.put(r),
          ...(holds
            ? [
                tx.put(
                  scheduleBlockItem(tenantId, {
                    vehicleId: v.id,
                    kind: 'maintenance',
                    refId: r.id,
                    start: w.start,
                    end: w.end,
                    status: open.status,
                    label: open.type.replace(/_/g, ' '),
                  }),
                ),
              ]
            : []),
        ]);
        written++;
      }
    }
    if (v.status === 'out_of_service') {
      // Its re-registration waits for that repair too (the fleet health page shows it critical).
      await transact([
        tx.put(
          record(v, {
            status: 'pending',
            date: addDays(today, 9),
            endDate: null,
            type: 'registration',
            priority: 'urgent',
            estimatedCostMinor: 45_000,
            blockStart: null,
            blockEnd: null,
            notes: 'Re-registration after the accident repair',
          }),
        ),
      ]);
      written++;
    }
    const { items } = await predictionWrites(tenantId, v.id, today);
    if (items.length) await transact(items);
  }

  await seedInspections(world, today);
  world.counts.maintenance = written;
}
