import { ACCOUNT_CODES } from '../../shared/accounting/codes';
import { reversalLines, type JournalLine } from '../../shared/accounting/journal';
import { DEFAULT_VAT_CODES } from '../../shared/accounting/vat-defaults';
import { maintenanceWindow, nextStatus } from '../../shared/maintenance/lifecycle';
import { toMinor, rateToPercent } from '../../shared/money';
import { MAINTENANCE_MESSAGES, type CompleteMaintenanceBody } from '../../shared/schemas/maintenance';
import { expiryBadge, healthScore } from '../../shared/vehicles/vehicle-rules';
import type { Actor } from '../lib/actor';
import { queryAll, type TransactItem } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { validationFailed } from '../lib/errors';
import { bookAccounts, journalEntryItems } from './deps';
import { checkInvoiceFile } from './invoice';
import { maintenanceIndexes, type MaintenanceItem, type PostedCost } from './model';
import { mutate, otherwiseHeldNow, refuse, type VehicleRead } from './record-write';

/**
 * A maintenance record's status transitions: start, complete, cancel. They are apart from the
 * editing use cases (records.ts) because they are where the work touches the vehicle's status and
 * health and where its cost reaches the books; they write through record-write.ts all the same.
 *
 * Decisions where the spec is silent:
 * - `actualCost` is the invoice total; `vatAmount` the VAT inside it. A VAT-registered company
 *   (region with input VAT) books the VAT as input VAT; otherwise the whole total is expense.
 * - Completing or cancelling in-progress work makes the vehicle available unless another
 *   in-progress maintenance or an active rental holds it now, or staff set another status.
 */
export async function startRecord(actor: Actor, id: string, body: { version?: number } | undefined) {
  return mutate(actor, id, body?.version, async (r, _v, { tz, today }) => {
    const status = nextStatus(r.status, 'start') ?? refuse(r.status, 'start');
    // Work starting today (earlier than planned) holds the vehicle from today.
    const date = r.date > today ? today : r.date;
    const w = maintenanceWindow(date, r.endDate && r.endDate >= date ? r.endDate : null, tz);
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
