import { ulid } from 'ulid';
import { ACCOUNT_CODES } from '../../shared/accounting/codes';
import { reversalLines, type JournalLine } from '../../shared/accounting/journal';
import { DEFAULT_VAT_CODES } from '../../shared/accounting/vat-defaults';
import { toMinor, rateToPercent } from '../../shared/money';
import {
  EDITABLE,
  HOLDS_VEHICLE,
  maintenanceWindow,
  nextStatus,
  type MaintenanceAction,
} from '../../shared/maintenance/lifecycle';
import {
  MAINTENANCE_MESSAGES,
  type CompleteMaintenanceBody,
  type CreateMaintenanceBody,
  type MaintenanceStatus,
  type UpdateMaintenanceBody,
} from '../../shared/schemas/maintenance';
import { RENTAL_MESSAGES } from '../../shared/schemas/rentals-constants';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { retryOnConflict } from '../lib/data/counters';
import { batchGet, getItem, queryAll, transact, tx, type TransactItem } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { expiryBadge, healthScore } from '../../shared/vehicles/vehicle-rules';
import { conflict, notFound, validationFailed } from '../lib/errors';
import {
  blocksOverlapping,
  bookAccounts,
  companyTimezone,
  companyToday,
  journalEntryItems,
  readCompanySettings,
  maintenanceAnalyticsItems,
  maintenanceFactsOf,
  scheduleBlockItem,
  scheduleBlockKey,
  vehicleKey,
} from './deps';
import { checkInvoiceFile } from './invoice';
import {
  maintenanceIndexes,
  maintenanceKey,
  toMaintenanceApi,
  userKey,
  type MaintenanceItem,
  type PostedCost,
} from './model';
import { presignInvoice } from './invoice';

/**
 * Maintenance records: every write goes read (record, vehicle, settings) → plan → ONE transaction
 * (like rentals/mutate.ts) holding the record (condition on its version), the vehicle's schedule
 * block (vehicles domain: the booking-conflict check and the fleet calendar read it), the vehicle
 * (status, odometer, scheduleVersion lock — ONE update item), the journal entry (accounting engine)
 * and the audit item. A lost race re-runs the whole read-plan-write.
 *
 * Decisions where the spec is silent:
 * - The window is `date` … `endDate` (whole days in the company's time zone); `scheduled` and
 *   `in_progress` hold the vehicle, `pending` does not (nothing booked with the workshop yet).
 * - Holding a window that overlaps a booking answers 409 "Booking Conflict" with the bookings, as
 *   a booking over maintenance does: the desk moves one or the other.
 * - `actualCost` is the invoice total; `vatAmount` the VAT inside it. A VAT-registered company
 *   (region with input VAT) books the VAT as input VAT; otherwise the whole total is expense.
 * - Completing or cancelling in-progress work makes the vehicle available unless another
 *   in-progress maintenance or an active rental holds it now, or staff set another status.
 */
const BLOCKING = new Set(['pending', 'active', 'overdue', 'scheduled', 'in_progress']);

interface VehicleRead {
  id: string;
  make?: string;
  model?: string;
  licensePlate?: string;
  status?: string;
  odometerKm?: number;
  isArchived?: boolean;
  version: number;
  scheduleVersion?: number;
  year?: number;
  insuranceExpiryDate?: string | null;
  registrationExpiryDate?: string | null;
}
const vehicleLabelOf = (v: VehicleRead) =>
  [v.make, v.model, v.licensePlate ? `(${v.licensePlate})` : ''].filter(Boolean).join(' ');

async function readVehicle(tenantId: string, vehicleId: string): Promise<VehicleRead | undefined> {
  return (await getItem(vehicleKey(tenantId, vehicleId), true)) as VehicleRead | undefined;
}

export async function getRecordItem(tenantId: string, id: string): Promise<MaintenanceItem> {
  const item = (await getItem(maintenanceKey(tenantId, id), true)) as MaintenanceItem | undefined;
  if (!item) throw notFound('Maintenance record not found');
  return item;
}

async function assigneeName(tenantId: string, userId: string | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const u = await getItem(userKey(tenantId, userId), true);
  if (!u) throw validationFailed({ assignedTo: MAINTENANCE_MESSAGES.mechanicNotFound });
  const full = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return full || (u.username as string);
}

interface Plan {
  next: MaintenanceItem;
  action: string;
  /** Move the vehicle to this status (in_maintenance on start; available when work ends). */
  vehicleStatus?: string;
  /** Journal items (completion or reversal). */
  journal?: TransactItem[];
  /** Other items of the same transaction (the prediction a record was made from). */
  extra?: TransactItem[];
  /** The vehicle's recomputed health score (fleet health grades, business-data §4). */
  healthScore?: number;
}

/** Conflicting bookings (and other maintenance) in a window, excluding this record's own block. */
async function conflictsIn(tenantId: string, vehicleId: string, start: string, end: string, ownId: string) {
  const blocks = await blocksOverlapping(tenantId, vehicleId, start, end);
  return blocks
    .filter((b) => BLOCKING.has(b.status) && !(b.kind === 'maintenance' && b.refId === ownId))
    .map((b) => ({ kind: b.kind, refId: b.refId, start: b.start, end: b.end, status: b.status, label: b.label }));
}

/** True when something other than this record holds the vehicle right now. */
async function otherwiseHeldNow(tenantId: string, vehicleId: string, ownId: string, nowIso: string): Promise<boolean> {
  const blocks = await blocksOverlapping(tenantId, vehicleId, nowIso, new Date(Date.parse(nowIso) + 1).toISOString());
  return blocks.some(
    (b) =>
      (b.kind === 'rental' && (b.status === 'active' || b.status === 'overdue')) ||
      (b.kind === 'maintenance' && b.status === 'in_progress' && b.refId !== ownId),
  );
}

/**
 * Writes `plan.next` against `before` (null for a new record) in one transaction: record, block,
 * vehicle, journal, audit.
 */
async function commit(
  actor: Actor,
  before: MaintenanceItem | null,
  vehicle: VehicleRead,
  plan: Plan,
  now: string,
  timeZone: string,
): Promise<MaintenanceItem> {
  const { tenantId } = actor;
  const next = plan.next;
  const items: TransactItem[] = [];
  // 1. The schedule block.
  const held = HOLDS_VEHICLE.has(next.status);
  const wasHeld = !!before && HOLDS_VEHICLE.has(before.status) && !!before.blockEnd;
  let lockSchedule = false;
  if (held) {
    const newBlock = {
      vehicleId: next.vehicleId,
      kind: 'maintenance' as const,
      refId: next.id,
      start: next.blockStart!,
      end: next.blockEnd!,
      status: next.status,
      label: next.type.replace(/_/g, ' '),
    };
    const grows = !wasHeld || next.blockStart! < before!.blockStart! || next.blockEnd! > before!.blockEnd!;
    if (grows) {
      const conflicts = await conflictsIn(tenantId, next.vehicleId, next.blockStart!, next.blockEnd!, next.id);
      if (conflicts.length)
        throw conflict(RENTAL_MESSAGES.bookingConflict, { date: RENTAL_MESSAGES.bookingConflict }, 'BOOKING_CONFLICT', {
          conflicts,
        });
      lockSchedule = true;
    }
    if (wasHeld && before!.blockEnd !== next.blockEnd)
      items.push(
        tx.delete(
          scheduleBlockKey(tenantId, {
            vehicleId: before!.vehicleId,
            kind: 'maintenance',
            refId: before!.id,
            end: before!.blockEnd,
          }),
        ),
      );
    items.push(tx.put(scheduleBlockItem(tenantId, newBlock)));
  } else if (wasHeld) {
    const oldKey = scheduleBlockKey(tenantId, {
      vehicleId: before!.vehicleId,
      kind: 'maintenance',
      refId: before!.id,
      end: before!.blockEnd,
    });
    // Pending (unbooked) and cancelled work frees the days; completed work stays on the fleet
    // calendar as history (not a blocking status for the booking check).
    // Work finished early gives the rest of the window back: the history block ends now.
    const end = before!.blockEnd! < now ? before!.blockEnd! : now;
    if (next.status !== 'completed' || end <= before!.blockStart!) items.push(tx.delete(oldKey));
    else {
      if (end !== before!.blockEnd) items.push(tx.delete(oldKey));
      items.push(
        tx.put(
          scheduleBlockItem(tenantId, {
            vehicleId: before!.vehicleId,
            kind: 'maintenance',
            refId: before!.id,
            start: before!.blockStart!,
            end,
            status: next.status,
            label: next.type.replace(/_/g, ' '),
          }),
        ),
      );
    }
  }
  // 2. The vehicle: one update (status, odometer, schedule lock), conditioned on what was read.
  const sets: string[] = ['#version = #version + :one', '#updatedAt = :now'];
  const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':one': 1, ':now': now, ':v': vehicle.version };
  let touchVehicle = false;
  if (plan.vehicleStatus && plan.vehicleStatus !== vehicle.status) {
    sets.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = plan.vehicleStatus;
    touchVehicle = true;
  }
  if (
    next.status === 'completed' &&
    next.serviceMileage !== null &&
    next.serviceMileage > (vehicle.odometerKm ?? 0) &&
    before?.status !== 'completed'
  ) {
    sets.push('#odo = :odo');
    names['#odo'] = 'odometerKm';
    values[':odo'] = next.serviceMileage;
    touchVehicle = true;
  }
  if (plan.healthScore !== undefined) {
    sets.push('#hs = :hs');
    names['#hs'] = 'healthScore';
    values[':hs'] = plan.healthScore;
    touchVehicle = true;
  }
  let condition = 'attribute_exists(pk) AND #version = :v';
  if (lockSchedule) {
    names['#sv'] = 'scheduleVersion';
    values[':svNext'] = (vehicle.scheduleVersion ?? 0) + 1;
    sets.push('#sv = :svNext');
    condition += vehicle.scheduleVersion === undefined ? ' AND attribute_not_exists(#sv)' : ' AND #sv = :sv';
    if (vehicle.scheduleVersion !== undefined) values[':sv'] = vehicle.scheduleVersion;
    touchVehicle = true;
  }
  if (touchVehicle) {
    items.push(
      tx.raw('Update', {
        Key: vehicleKey(tenantId, vehicle.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }
  // 3. The record itself.
  if (before) {
    const { pk: _pk, sk: _sk, version: _v, createdAt: _c, ...changes } = next;
    items.push(tx.update(maintenanceKey(tenantId, next.id), before.version, changes as Record<string, unknown>, now));
  } else {
    items.push(tx.putNew(next));
  }
  items.push(...(plan.journal ?? []), ...(plan.extra ?? []));
  // The analytics aggregates (cost per vehicle-month, workshop days), moved with the record.
  items.push(
    ...maintenanceAnalyticsItems(
      tenantId,
      next.id,
      maintenanceFactsOf(before, timeZone),
      maintenanceFactsOf(next, timeZone),
    ),
  );
  items.push(
    tx.putNew(
      auditItem(actor, `maintenance.${plan.action}`, 'maintenance', next.id, {
        before: before ? { status: before.status, date: before.date } : undefined,
        after: { status: next.status, date: next.date, cost: (next.actualCostMinor ?? next.estimatedCostMinor) / 100 },
      }),
    ),
  );
  await transact(items);
  return { ...next, version: before ? before.version + 1 : next.version, updatedAt: now };
}

function windowOf(date: string, endDate: string | null, timeZone: string) {
  return maintenanceWindow(date, endDate, timeZone);
}

export async function createRecord(actor: Actor, body: CreateMaintenanceBody) {
  const id = ulid();
  let extra: TransactItem[] = [];
  if (body.predictionId) {
    // One click from a prediction: the record keeps its confidence, the prediction links back.
    // Predictions (and the rentals' odometer readings they read) load only for a record made from one.
    const { predictionLink } = await import('./predictions');
    const { prediction, item } = await predictionLink(actor.tenantId, body.predictionId, id);
    if (prediction.vehicleId !== body.vehicleId)
      throw validationFailed({ vehicleId: MAINTENANCE_MESSAGES.predictionNotFound });
    body = { ...body, isAiGenerated: true, aiConfidence: body.aiConfidence ?? prediction.confidence };
    extra = [item];
  }
  const { tenantId } = actor;
  const [settings, vehicle, assignedToName] = await Promise.all([
    readCompanySettings(tenantId),
    readVehicle(tenantId, body.vehicleId),
    assigneeName(tenantId, body.assignedTo),
  ]);
  if (!vehicle) throw validationFailed({ vehicleId: MAINTENANCE_MESSAGES.vehicleRequired });
  if (vehicle.isArchived)
    throw conflict(MAINTENANCE_MESSAGES.vehicleArchived, { vehicleId: MAINTENANCE_MESSAGES.vehicleArchived });
  if (body.invoiceFile) await checkInvoiceFile(tenantId, body.invoiceFile);
  const now = new Date().toISOString();
  const tz = companyTimezone(settings);
  const w = windowOf(body.date, body.endDate ?? null, tz);
  const base: MaintenanceItem = {
    ...maintenanceKey(tenantId, id),
    ...maintenanceIndexes(tenantId, { vehicleId: body.vehicleId, date: body.date, id }),
    entityType: 'MAINTENANCE',
    id,
    tenantId,
    vehicleId: body.vehicleId,
    vehicleLabel: vehicleLabelOf(vehicle),
    type: body.type,
    notes: body.notes ?? null,
    estimatedCostMinor: toMinor(body.estimatedCost),
    actualCostMinor: body.actualCost == null ? null : toMinor(body.actualCost),
    vatMinor: body.vatAmount == null ? null : toMinor(body.vatAmount),
    date: body.date,
    endDate: body.endDate ?? null,
    completedDate: null,
    status: body.status,
    priority: body.priority,
    isAiGenerated: body.isAiGenerated,
    source: body.isAiGenerated ? 'ai_generated' : 'manual',
    aiConfidence: body.aiConfidence ?? null,
    predictionId: body.predictionId ?? null,
    sourceDocumentId: body.sourceDocumentId ?? null,
    assignedTo: body.assignedTo ?? null,
    assignedToName,
    invoiceId: body.invoiceId ?? null,
    invoiceFile: body.invoiceFile ?? null,
    addToFinancials: body.addToFinancials,
    paidFrom: body.paidFrom,
    serviceMileage: body.serviceMileage ?? null,
    servicedBy: body.servicedBy ?? null,
    blockStart: HOLDS_VEHICLE.has(body.status) ? w.start : null,
    blockEnd: HOLDS_VEHICLE.has(body.status) ? w.end : null,
    posted: null,
    reversalEntryId: null,
    cancelReason: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: actor.userId,
  };
  const saved = await retryOnConflict(async () => {
    const v = (await readVehicle(tenantId, body.vehicleId))!;
    return commit(actor, null, v, { next: base, action: 'create', extra }, now, tz);
  });
  return toMaintenanceApi(saved);
}

/** The one read → plan → write loop of an existing record. */
async function mutate(
  actor: Actor,
  id: string,
  expectedVersion: number | undefined,
  plan: (
    r: MaintenanceItem,
    v: VehicleRead,
    ctx: { tz: string; today: string; now: string; settings: Awaited<ReturnType<typeof readCompanySettings>> },
  ) => Promise<Plan>,
) {
  const { tenantId } = actor;
  const settings = await readCompanySettings(tenantId);
  let first = true;
  const saved = await retryOnConflict(async () => {
    const record = await getRecordItem(tenantId, id);
    if (first && expectedVersion !== undefined && expectedVersion !== record.version) {
      throw conflict(
        'This maintenance record was changed by someone else. Reload and try again.',
        undefined,
        'VERSION_CONFLICT',
      );
    }
    first = false;
    const vehicle = await readVehicle(tenantId, record.vehicleId);
    if (!vehicle) throw notFound(MAINTENANCE_MESSAGES.vehicleNotFound);
    const now = new Date().toISOString();
    const p = await plan(record, vehicle, {
      tz: companyTimezone(settings),
      today: companyToday(settings),
      now,
      settings,
    });
    return commit(actor, record, vehicle, p, now, companyTimezone(settings));
  });
  return toMaintenanceApi(saved);
}

function refuse(from: MaintenanceStatus, action: MaintenanceAction): never {
  throw conflict(`${MAINTENANCE_MESSAGES.invalidTransition} (${from} → ${action})`, undefined, 'INVALID_TRANSITION');
}

export async function updateRecord(actor: Actor, id: string, body: UpdateMaintenanceBody) {
  const assigned = body.assignedTo === undefined ? undefined : await assigneeName(actor.tenantId, body.assignedTo);
  if (body.invoiceFile) await checkInvoiceFile(actor.tenantId, body.invoiceFile);
  return mutate(actor, id, body.version, async (r, _v, { tz }) => {
    if (!EDITABLE.has(r.status)) throw conflict(MAINTENANCE_MESSAGES.notEditable, undefined, 'INVALID_TRANSITION');
    let status = r.status;
    if (body.status && body.status !== r.status) {
      const action: MaintenanceAction = body.status === 'scheduled' ? 'schedule' : 'unschedule';
      status = nextStatus(r.status, action) ?? refuse(r.status, action);
    }
    const date = body.date ?? r.date;
    const endDate = body.endDate === undefined ? r.endDate : body.endDate;
    if (endDate && endDate < date) throw validationFailed({ endDate: MAINTENANCE_MESSAGES.endBeforeStart });
    const w = windowOf(date, endDate, tz);
    const next: MaintenanceItem = {
      ...r,
      ...maintenanceIndexes(actor.tenantId, { vehicleId: r.vehicleId, date, id: r.id }),
      type: body.type ?? r.type,
      notes: body.notes === undefined ? r.notes : body.notes,
      estimatedCostMinor: body.estimatedCost === undefined ? r.estimatedCostMinor : toMinor(body.estimatedCost),
      actualCostMinor:
        body.actualCost === undefined ? r.actualCostMinor : body.actualCost === null ? null : toMinor(body.actualCost),
      vatMinor: body.vatAmount === undefined ? r.vatMinor : body.vatAmount === null ? null : toMinor(body.vatAmount),
      date,
      endDate,
      status,
      priority: body.priority ?? r.priority,
      assignedTo: body.assignedTo === undefined ? r.assignedTo : body.assignedTo,
      assignedToName: assigned === undefined ? r.assignedToName : assigned,
      invoiceId: body.invoiceId === undefined ? r.invoiceId : body.invoiceId,
      invoiceFile: body.invoiceFile === undefined ? r.invoiceFile : body.invoiceFile,
      addToFinancials: body.addToFinancials ?? r.addToFinancials,
      paidFrom: body.paidFrom ?? r.paidFrom,
      serviceMileage: body.serviceMileage === undefined ? r.serviceMileage : body.serviceMileage,
      servicedBy: body.servicedBy === undefined ? r.servicedBy : body.servicedBy,
      blockStart: HOLDS_VEHICLE.has(status) ? w.start : null,
      blockEnd: HOLDS_VEHICLE.has(status) ? w.end : null,
    };
    return { next, action: 'update' };
  });
}

export async function startRecord(actor: Actor, id: string, body: { version?: number } | undefined) {
  return mutate(actor, id, body?.version, async (r, _v, { tz, today }) => {
    const status = nextStatus(r.status, 'start') ?? refuse(r.status, 'start');
    // Work starting today (earlier than planned) holds the vehicle from today.
    const date = r.date > today ? today : r.date;
    const w = windowOf(date, r.endDate && r.endDate >= date ? r.endDate : null, tz);
    const next: MaintenanceItem = {
      ...r,
      ...maintenanceIndexes(actor.tenantId, { vehicleId: r.vehicleId, date, id: r.id }),
      date,
      status,
      blockStart: w.start,
      blockEnd: w.end,
    };
    return { next, action: 'start', vehicleStatus: 'in_maintenance' };
  });
}

/**
 * The vehicle's health score once a service is done (shared/vehicles healthScore: age, km, days
 * since the last service — now 0 —, the vehicle's other open maintenance, expired documents).
 * The vehicles domain scores a new vehicle; from then on completed services rescore it here.
 */
async function healthAfterService(
  tenantId: string,
  vehicle: VehicleRead,
  done: MaintenanceItem,
  today: string,
): Promise<number> {
  const open = await queryAll<MaintenanceItem>({
    tenantId,
    pk: tenantPk(tenantId, 'MAINT_BY_VEHICLE', vehicle.id),
    index: 'gsi1',
    max: 500,
    filter: {
      expression: '#s IN (:p, :sc, :ip)',
      names: { '#s': 'status' },
      values: { ':p': 'pending', ':sc': 'scheduled', ':ip': 'in_progress' },
    },
  });
  const expired = [vehicle.insuranceExpiryDate, vehicle.registrationExpiryDate].filter(
    (d) => d && expiryBadge(d, today) === 'expired',
  ).length;
  return healthScore({
    ageYears: Math.max(0, Number(today.slice(0, 4)) - (vehicle.year ?? Number(today.slice(0, 4)))),
    odometerKm: Math.max(vehicle.odometerKm ?? 0, done.serviceMileage ?? 0),
    daysSinceLastService: 0,
    openMaintenanceCount: open.filter((o) => o.id !== done.id).length,
    expiredDocumentsCount: expired,
  });
}

/** Account of "paid from". */
const PAID_FROM_CODE = {
  cash: ACCOUNT_CODES.cash,
  bank: ACCOUNT_CODES.bank,
  payables: ACCOUNT_CODES.payables,
} as const;

/** The journal lines of a completed record's cost (pure, unit-tested). */
export function costLines(input: {
  costMinor: number;
  vatMinor: number;
  paidFrom: keyof typeof PAID_FROM_CODE;
  accountIds: Record<string, string>;
  inputVatCode: string | null;
  vatRatePercent: number | null;
}): JournalLine[] {
  const { costMinor, accountIds } = input;
  const vat = input.inputVatCode && input.vatMinor > 0 ? Math.min(input.vatMinor, costMinor) : 0;
  const lines: JournalLine[] = [
    {
      accountId: accountIds[ACCOUNT_CODES.maintenance],
      debitMinor: costMinor - vat,
      creditMinor: 0,
      ...(vat ? { vatCode: input.inputVatCode, vatRatePercent: input.vatRatePercent } : {}),
    },
  ];
  if (vat)
    lines.push({
      accountId: accountIds[ACCOUNT_CODES.vatInput],
      debitMinor: vat,
      creditMinor: 0,
      vatCode: input.inputVatCode,
      vatRatePercent: input.vatRatePercent,
    });
  lines.push({ accountId: accountIds[PAID_FROM_CODE[input.paidFrom]], debitMinor: 0, creditMinor: costMinor });
  return lines.filter((l) => l.debitMinor > 0 || l.creditMinor > 0);
}

export async function completeRecord(actor: Actor, id: string, body: CompleteMaintenanceBody) {
  if (body.invoiceFile) await checkInvoiceFile(actor.tenantId, body.invoiceFile);
  return mutate(actor, id, body.version, async (r, vehicle, { today, now, settings }) => {
    const status = nextStatus(r.status, 'complete') ?? refuse(r.status, 'complete');
    const actualCostMinor =
      body.actualCost != null ? toMinor(body.actualCost) : (r.actualCostMinor ?? r.estimatedCostMinor);
    const vatMinor =
      body.vatAmount !== undefined ? (body.vatAmount === null ? null : toMinor(body.vatAmount)) : r.vatMinor;
    if (vatMinor && vatMinor > actualCostMinor) throw validationFailed({ vatAmount: MAINTENANCE_MESSAGES.vatTooLarge });
    const completedDate = body.completedDate ?? today;
    const next: MaintenanceItem = {
      ...r,
      status,
      completedDate,
      actualCostMinor,
      vatMinor,
      serviceMileage: body.serviceMileage === undefined ? r.serviceMileage : body.serviceMileage,
      servicedBy: body.servicedBy === undefined ? r.servicedBy : body.servicedBy,
      invoiceId: body.invoiceId === undefined ? r.invoiceId : body.invoiceId,
      invoiceFile: body.invoiceFile === undefined ? r.invoiceFile : body.invoiceFile,
      addToFinancials: body.addToFinancials ?? r.addToFinancials,
      paidFrom: body.paidFrom ?? r.paidFrom,
    };
    let journal: TransactItem[] = [];
    if (next.addToFinancials && actualCostMinor > 0) {
      const books = await bookAccounts(actor.tenantId);
      // The input VAT code of the BOOKS' region (the codes the engine accepts; since issue 26 the
      // books follow the company's region). No input account (a US chart): the VAT stays in the cost.
      const inputVatCode =
        settings.enableVat && books.accountIds[ACCOUNT_CODES.vatInput] ? DEFAULT_VAT_CODES[books.region].input : null;
      const lines = costLines({
        costMinor: actualCostMinor,
        vatMinor: vatMinor ?? 0,
        paidFrom: next.paidFrom,
        accountIds: books.accountIds,
        inputVatCode,
        vatRatePercent: inputVatCode ? rateToPercent(settings.vatRate) : null,
      });
      const prepared = await journalEntryItems(actor.tenantId, {
        date: completedDate,
        description: `Maintenance: ${next.type.replace(/_/g, ' ')} — ${next.vehicleLabel}`,
        reference: next.invoiceId,
        source: 'maintenance',
        sourceId: next.id,
        lines,
        createdBy: actor.userId,
        attachments: next.invoiceFile ? [{ key: next.invoiceFile.key, name: next.invoiceFile.fileName }] : undefined,
      });
      journal = prepared.items;
      next.posted = { entryId: prepared.entryId, lines, date: completedDate } satisfies PostedCost;
    }
    const vehicleStatus =
      vehicle.status === 'in_maintenance' && !(await otherwiseHeldNow(actor.tenantId, r.vehicleId, r.id, now))
        ? 'available'
        : undefined;
    return {
      next,
      action: 'complete',
      journal,
      vehicleStatus,
      healthScore: await healthAfterService(actor.tenantId, vehicle, next, today),
    };
  });
}

export async function cancelRecord(
  actor: Actor,
  id: string,
  body: { reason?: string | null; version?: number } | undefined,
) {
  return mutate(actor, id, body?.version, async (r, vehicle, { today, now }) => {
    const status = nextStatus(r.status, 'cancel') ?? refuse(r.status, 'cancel');
    const next: MaintenanceItem = { ...r, status, cancelReason: body?.reason ?? null };
    let journal: TransactItem[] = [];
    if (r.posted && !r.reversalEntryId) {
      const prepared = await journalEntryItems(actor.tenantId, {
        date: today,
        description: `Reversal — maintenance cancelled: ${r.type.replace(/_/g, ' ')} — ${r.vehicleLabel}`,
        reference: r.invoiceId,
        source: 'maintenance',
        sourceId: r.id,
        lines: reversalLines(r.posted.lines),
        createdBy: actor.userId,
        reversalOfId: r.posted.entryId,
      });
      journal = prepared.items;
      next.reversalEntryId = prepared.entryId;
    }
    const wasWorking = r.status === 'in_progress' && vehicle.status === 'in_maintenance';
    const vehicleStatus =
      wasWorking && !(await otherwiseHeldNow(actor.tenantId, r.vehicleId, r.id, now)) ? 'available' : undefined;
    return { next, action: 'cancel', journal, vehicleStatus };
  });
}

export async function getRecord(tenantId: string, id: string) {
  const r = await getRecordItem(tenantId, id);
  return toMaintenanceApi(r, r.invoiceFile ? await presignInvoice(r.invoiceFile) : null);
}

/** Records by id (batch), for predictions turned into records. */
export async function recordsByIds(tenantId: string, ids: string[]): Promise<MaintenanceItem[]> {
  return (
    await batchGet(
      ids.map((id) => maintenanceKey(tenantId, id)),
      false,
    )
  ).filter((x): x is MaintenanceItem => !!x);
}
