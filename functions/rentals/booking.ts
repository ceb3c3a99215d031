import { ulid } from 'ulid';
import { RENTAL_SERVER_MESSAGES } from '../../shared/rentals/messages';
import { driverEligibility } from '../../shared/customers/age';
import { calendarDateInZone, getRegionConfig } from '../../shared/regions';
import { fromMinor, toMinor } from '../../shared/money';
import { quoteRental, rentalKmLimit, DAY_MS, type Quote } from '../../shared/rentals/pricing';
import type { CreateRentalBody } from '../../shared/schemas/rentals';
import { RENTAL_MESSAGES } from '../../shared/schemas/rentals-constants';
import { auditItem } from '../lib/data/audit';
import type { Actor } from '../lib/actor';
import { takeReference, type TakenReference } from '../lib/data/counters';
import { crashPoint } from '../lib/faults';
import { runIdempotent } from '../lib/data/idempotency';
import { batchGet, transact, tx, type Item, type TransactItem } from '../lib/data/repo';
import { type HttpError, conflict, validationFailed } from '../lib/errors';
import { documentLapsedError } from './document-refusal';
import { rentalAggregateItems, rentalJournalItems, rentalPaymentReceipt } from './deps-tx';
import {
  lapsingDocuments,
  blacklistMatchesFor,
  blocksOverlapping,
  scheduleBlockItem,
  type ScheduleBlock,
  customerKey,
  readRentalSettings,
  readVehicle,
  readVehicleAndCustomer,
  vehicleKey,
  vehicleLabel,
  type CustomerLike,
  type RentalSettings,
  type VehicleLike,
} from './deps';
import { moneyIndexItems } from './money-index';
import {
  ZERO_TOTALS,
  appendTimeline,
  ledgerItem,
  monthTotalsTx,
  rentalIndexes,
  rentalKey,
  searchTextOf,
  statusCountTx,
  toRentalApi,
  totalsAfter,
  type NewLedgerEntry,
  type RentalItem,
} from './data';

/**
 * Booking: the conflict-proof create (DESIGN.md §4, functions/vehicles/schedule.ts).
 *
 * One read-check-write, retried as a whole when its transaction loses a race:
 *  1. read the vehicle (consistent) and the customer; refuse archived / out-of-service vehicles;
 *  2. read the vehicle's schedule blocks overlapping the window (cost bound by blocks ending after
 *     the start, not by history) → conflicts → 409 BOOKING_CONFLICT "Booking Conflict" with them
 *     (unless enableOverbooking, then the conflicts are recorded on the rental);
 *  3. ONE transaction: vehicle scheduleVersion v → v+1 (condition: still v, not archived, not
 *     out of service), schedule block, rental, initial ledger
 *     entries, stats, customer rentalsCount, audit, idempotency record.
 * Two concurrent bookings of one vehicle both pass step 2 but only one can move scheduleVersion
 * from v; the other's transaction is cancelled, it retries, sees the winner's block and answers 409.
 *
 * The RENT- and CNT- numbers are taken BEFORE the transaction, each with one atomic counter update
 * (lib/data/counters `takeReference`), once per booking and kept across its retries: bookings of
 * different vehicles in one company no longer serialise on the counters. The numbers are unique
 * and increasing but may have gaps: a booking refused after taking its numbers (409 conflict, an
 * error in the transaction) does not give them back.
 */
export interface ConflictView {
  kind: string;
  refId: string;
  start: string;
  end: string | null;
  status: string;
  label?: string;
}

/** Statuses of blocks that hold a vehicle (completed/cancelled blocks are history for the calendar). */
const BLOCKING = new Set(['pending', 'active', 'overdue', 'scheduled', 'in_progress']);

export async function findConflicts(
  tenantId: string,
  vehicleId: string,
  start: string,
  end: string | null,
  excludeRentalId?: string,
): Promise<ConflictView[]> {
  const blocks = await blocksOverlapping(tenantId, vehicleId, start, end);
  return blocks
    .filter((b) => BLOCKING.has(b.status) && !(b.kind === 'rental' && b.refId === excludeRentalId))
    .map((b) => ({ kind: b.kind, refId: b.refId, start: b.start, end: b.end, status: b.status, label: b.label }));
}

export function bookingConflict(conflicts: ConflictView[]): HttpError {
  return conflict(RENTAL_MESSAGES.bookingConflict, { vehicleId: RENTAL_MESSAGES.bookingConflict }, 'BOOKING_CONFLICT', {
    conflicts,
  });
}

export function assertBookable(vehicle: VehicleLike | undefined): asserts vehicle is VehicleLike {
  if (!vehicle) throw validationFailed({ vehicleId: RENTAL_MESSAGES.vehicleRequired });
  if (vehicle.isArchived)
    throw conflict(
      RENTAL_SERVER_MESSAGES.vehicleArchived,
      { vehicleId: RENTAL_SERVER_MESSAGES.vehicleArchived },
      'VEHICLE_UNAVAILABLE',
    );
  if (vehicle.status === 'out_of_service')
    throw conflict(
      RENTAL_SERVER_MESSAGES.vehicleOutOfService,
      { vehicleId: RENTAL_SERVER_MESSAGES.vehicleOutOfService },
      'VEHICLE_UNAVAILABLE',
    );
}

/** The schedule-lock step of every transaction that adds a block for a vehicle. */
export function vehicleScheduleLock(tenantId: string, vehicle: VehicleLike): TransactItem {
  const v = vehicle.scheduleVersion;
  return tx.raw('Update', {
    Key: vehicleKey(tenantId, vehicle.id),
    UpdateExpression: 'SET #sv = :next',
    ConditionExpression: `attribute_exists(pk) AND ${v === undefined ? 'attribute_not_exists(#sv)' : '#sv = :v'} AND (attribute_not_exists(#arch) OR #arch <> :true) AND #status <> :oos`,
    ExpressionAttributeNames: { '#sv': 'scheduleVersion', '#arch': 'isArchived', '#status': 'status' },
    ExpressionAttributeValues: {
      ':next': (v ?? 0) + 1,
      ...(v === undefined ? {} : { ':v': v }),
      ':true': true,
      ':oos': 'out_of_service',
    },
  });
}

export interface PricedBooking {
  quote: Quote;
  expectedReturnDate: string;
  youngDriverFeePerDayMinor: number;
}

/**
 * THE price of a booking: region and age rules (young-driver fee: the company's override from
 * pricing settings when set, else the region's) plus the quote. The wizard's live quote
 * (POST /api/v1/rentals/quote, quoteBooking below) and the booking both call this with the same
 * body, settings and customer, so what the wizard shows is what the booking charges.
 * Throws 400 with field messages.
 */
export function priceBooking(
  body: TaxedBody,
  settings: RentalSettings,
  customer: { dateOfBirth?: string },
  now: Date,
): PricedBooking {
  const region = getRegionConfig(settings.region);
  let youngDriverFeePerDayMinor = 0;
  if (customer.dateOfBirth) {
    const eligibility = driverEligibility(
      customer.dateOfBirth,
      calendarDateInZone(now, settings.timezone),
      settings.region,
    );
    if (!eligibility.eligible)
      throw validationFailed({ customerId: eligibility.reason ?? RENTAL_MESSAGES.customerRequired });
    if (eligibility.youngDriver)
      youngDriverFeePerDayMinor = settings.youngDriverFeeOverrideMinor ?? eligibility.youngDriverFeePerDayMinor;
  }
  const quote = quoteRental({
    startISO: body.startDate,
    endISO: body.openEnded ? null : body.endDate,
    expectedDurationDays: body.openEnded ? body.expectedDuration : undefined,
    gracePeriodHours: settings.gracePeriodHours,
    mode: body.rentalType,
    dailyRateMinor: toMinor(body.dailyRate),
    monthlyRateMinor: body.monthlyRate ? toMinor(body.monthlyRate) : null,
    youngDriverFeePerDayMinor,
    dailyKmLimit: rentalKmLimit(body.dailyKmLimit),
    taxRatePercent: body.taxRate,
    taxIncluded: body.taxIncluded,
  });
  const max = region.businessRules.maxRentalDays;
  if (quote.days > max) {
    const message = `Expected duration cannot exceed ${max} days in ${region.region}`;
    throw validationFailed(body.openEnded ? { expectedDuration: message } : { endDate: message });
  }
  const expectedReturnDate = body.openEnded
    ? new Date(Date.parse(body.startDate) + quote.days * DAY_MS).toISOString()
    : body.endDate!;
  return { quote, expectedReturnDate, youngDriverFeePerDayMinor };
}

/** A booking body whose tax rate is decided: the one sent, else the company's default. */
export type TaxedBody = CreateRentalBody & { taxRate: number };

/**
 * The tax rate of a booking sent without `taxRate` (issue 26): the company's VAT settings — the
 * VAT rate when VAT is on, else the region's rate — the same default the wizard shows
 * (`defaultTaxRatePercent`), never 0 %. A rate sent (0 included) is kept as sent.
 */
export function withCompanyTax(
  body: CreateRentalBody,
  settings: Pick<RentalSettings, 'defaultTaxRatePercent'>,
): TaxedBody {
  return { ...body, taxRate: body.taxRate ?? settings.defaultTaxRatePercent };
}

/**
 * Initial ledger: one charge per quote line, the deposit requested, the initial payment.
 * An open-ended rental charges nothing up front (issue 26): its `expectedDuration` plans the
 * vehicle's schedule, it does not bill. Each billing period's rent is charged when its invoice is
 * issued (rentals/pricing.ts periodRentEntries, via the invoicing job); only money actually
 * received (deposit, initial payment) is on its ledger at booking.
 */
export function initialEntries(
  quote: Quote,
  body: Pick<CreateRentalBody, 'securityDeposit' | 'initialPaymentAmount' | 'initialPaymentMethod'> & {
    openEnded?: boolean;
  },
): NewLedgerEntry[] {
  const entries: NewLedgerEntry[] = (body.openEnded ? [] : quote.lines).map((l) => ({
    type: 'charge',
    context: 'initial',
    category: l.category,
    label: l.label,
    amountMinor: l.amountMinor,
    lineCode: l.code,
  }));
  const deposit = toMinor(body.securityDeposit);
  if (deposit > 0)
    entries.push({
      type: 'charge',
      context: 'initial',
      category: 'security_deposit',
      label: 'Security deposit',
      amountMinor: deposit,
      lineCode: 'security_deposit',
    });
  const paid = toMinor(body.initialPaymentAmount);
  if (paid > 0)
    entries.push({
      type: 'payment',
      context: 'initial',
      category: 'payment',
      label: 'Initial payment',
      amountMinor: paid,
      method: body.initialPaymentMethod ?? null,
    });
  return entries;
}

/** The wizard's quote: priceBooking on the booking's own body (no write, no vehicle lock). */
export async function quoteBooking(tenantId: string, sent: CreateRentalBody) {
  const settings = await readRentalSettings(tenantId);
  const body = withCompanyTax(sent, settings);
  const { customer } = await readVehicleAndCustomer(tenantId, body.vehicleId, body.customerId);
  assertBookableCustomer(customer);
  const { quote, youngDriverFeePerDayMinor, expectedReturnDate } = priceBooking(body, settings, customer, new Date());
  return {
    days: quote.days,
    allowanceKm: quote.allowanceKm,
    expectedReturnDate,
    lines: quote.lines.map((l) => ({
      code: l.code,
      category: l.category,
      label: l.label,
      amount: fromMinor(l.amountMinor),
      ...(l.quantity !== undefined ? { quantity: l.quantity } : {}),
      ...(l.unitAmountMinor !== undefined ? { unitAmount: fromMinor(l.unitAmountMinor) } : {}),
    })),
    subtotal: fromMinor(quote.subtotalMinor),
    tax: fromMinor(quote.taxMinor),
    total: fromMinor(quote.totalMinor),
    taxRate: quote.taxRatePercent,
    taxIncluded: quote.taxIncluded,
    youngDriverFeePerDay: fromMinor(youngDriverFeePerDayMinor),
  };
}

export async function createRental(actor: Actor, sent: CreateRentalBody, idempotencyKey?: string) {
  const settings = await readRentalSettings(actor.tenantId);
  const body = withCompanyTax(sent, settings);
  return runIdempotent(actor.tenantId, 'createRental', idempotencyKey, async (record) => {
    // Checks that a concurrent booking cannot change run once: the customer's age and blacklist.
    const { customer } = await readVehicleAndCustomer(actor.tenantId, body.vehicleId, body.customerId);
    assertBookableCustomer(customer);
    const priced = priceBooking(body, settings, customer, new Date());
    await checkBlacklist(actor.tenantId, customer, body, settings);
    // The racing part (vehicle, schedule, customer counter) is re-read on every attempt; the
    // references are taken once, when the first attempt finds the vehicle free.
    let references: Promise<BookingReferences> | undefined;
    const takeReferences = () => (references ??= takeBookingReferences(actor.tenantId, settings));
    // The rental id and the initial payment's REC- receipt are fixed once, so a retried
    // transaction puts the same receipt (a failed transaction wrote nothing) and takes no second number.
    const id = ulid();
    let receipt: Promise<InitialReceipt> | undefined;
    const takeReceipt = (rentalReference: string) =>
      (receipt ??= initialPaymentReceipt(actor, id, rentalReference, customer, body));
    return retryWithJitter(() =>
      attemptBooking(actor, id, body, settings, priced, record, takeReferences, takeReceipt),
    );
  });
}

type InitialReceipt = { id: string; number: string; item: TransactItem } | null;

/** The initial payment taken in the booking wizard gets its REC- receipt like any money received (payments domain). */
async function initialPaymentReceipt(
  actor: Actor,
  rentalId: string,
  rentalReference: string,
  customer: CustomerLike,
  body: CreateRentalBody,
): Promise<InitialReceipt> {
  const amountMinor = toMinor(body.initialPaymentAmount);
  if (amountMinor <= 0) return null;
  return rentalPaymentReceipt(actor, {
    rentalId,
    rentalReference,
    customerId: customer.id,
    customerName: customer.fullNameEnglish ?? '',
    amountMinor,
    method: body.initialPaymentMethod ?? 'cash',
    deposit: false,
    reason: 'Initial payment',
  });
}

interface BookingReferences {
  rent: TakenReference;
  cnt: TakenReference;
}

/** RENT- and CNT- numbers: unique, increasing, gaps allowed (see the note on booking above). */
async function takeBookingReferences(tenantId: string, settings: RentalSettings): Promise<BookingReferences> {
  const [rent, cnt] = await Promise.all([
    takeReference(tenantId, 'RENTAL', settings.rentalPrefix, settings.rentalCounterStart),
    takeReference(tenantId, 'CONTRACT', settings.contractPrefix, settings.contractCounterStart),
  ]);
  return { rent, cnt };
}

/**
 * Concurrent bookings of one company still meet on a few shared items (the vehicle when it is the
 * same one, the customer, the company's stats), so transactions can lose races. Exponential
 * backoff with full jitter (capped at 250 ms) spreads the retries so that rounds do not collide
 * again in lockstep (lib's retryOnConflict backs off linearly, fine for 2–3 writers).
 */
async function retryWithJitter<T>(fn: () => Promise<T>, attempts = 80): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const name = (err as { name?: string }).name;
      const retryable =
        name === 'TransactionCanceledException' ||
        name === 'TransactionConflictException' ||
        name === 'ConditionalCheckFailedException';
      if (!retryable || attempt >= attempts - 1) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(250, 8 * 2 ** attempt)));
    }
  }
}

async function checkBlacklist(
  tenantId: string,
  customer: CustomerLike,
  body: CreateRentalBody,
  settings: RentalSettings,
) {
  // Blacklist (business-data §3 company_settings: blacklistMode warning|block, enableBlacklistCheck).
  if (!settings.enableBlacklistCheck) return;
  const matches = await blacklistMatchesFor(tenantId, customer);
  if (matches.length === 0) return;
  if (settings.blacklistMode === 'block') {
    throw conflict(
      RENTAL_SERVER_MESSAGES.blacklisted,
      { customerId: RENTAL_SERVER_MESSAGES.blacklisted },
      'CUSTOMER_BLACKLISTED',
    );
  }
  if (!body.blacklistAcknowledged) {
    const message = RENTAL_SERVER_MESSAGES.blacklistWarning;
    throw conflict(message, { blacklistAcknowledged: message }, 'BLACKLIST_WARNING', {
      conflicts: matches.map((m) => ({ reasons: m.reasons, reason: m.entry.reason, fullName: m.entry.fullName })),
    });
  }
}

/**
 * The car's registration and insurance and the driver's licence (documents domain): lapsed by the
 * start → 409 DOCUMENT_EXPIRED, nothing written; lapsing before the return → the rental carries
 * `documentFlags` (shown on the rental and in the booking wizard).
 */
async function checkDocuments(
  tenantId: string,
  vehicleId: string,
  customerId: string,
  start: string,
  end: string | null,
  settings: Pick<RentalSettings, 'timezone' | 'region'>,
) {
  const timeZone = settings.timezone;
  const found = await lapsingDocuments(
    tenantId,
    { vehicleId, customerId },
    calendarDateInZone(start, timeZone),
    end ? calendarDateInZone(end, timeZone) : null,
  );
  const lapsed = found.filter((d) => d.lapses === 'before_start');
  if (lapsed.length) throw documentLapsedError(lapsed, settings.region, 'startDate');
  return found.map(({ documentId, title, documentType, scope, expiryDate }) => ({
    documentId,
    title,
    documentType,
    scope,
    expiryDate,
  }));
}

async function attemptBooking(
  actor: Actor,
  id: string,
  body: TaxedBody,
  settings: RentalSettings,
  priced: PricedBooking,
  record: (r: { status: number; body: unknown }) => TransactItem[],
  takeReferences: () => Promise<BookingReferences>,
  takeReceipt: (rentalReference: string) => Promise<InitialReceipt>,
) {
  // One consistent round trip for everything the transaction conditions on.
  const [vehicleItem, customerItem] = await batchGet([
    vehicleKey(actor.tenantId, body.vehicleId),
    customerKey(actor.tenantId, body.customerId),
  ]);
  const vehicle = vehicleItem as VehicleLike | undefined;
  const customer = customerItem as CustomerLike | undefined;
  assertBookableCustomer(customer);
  assertBookable(vehicle);
  const now = new Date();

  const end = body.openEnded ? null : body.endDate!;
  const documentFlags = await checkDocuments(actor.tenantId, vehicle.id, customer.id, body.startDate, end, settings);
  const conflicts = await findConflicts(actor.tenantId, vehicle.id, body.startDate, end);
  if (conflicts.length > 0 && !settings.enableOverbooking) throw bookingConflict(conflicts);

  const { rent, cnt } = await takeReferences();
  const receipt = await takeReceipt(rent.reference);
  const at = now.toISOString();
  const entries = initialEntries(priced.quote, body)
    .map((e) => (receipt && e.type === 'payment' ? { ...e, receiptId: receipt.id, receiptNumber: receipt.number } : e))
    .map((e) => ledgerItem(actor.tenantId, id, e, actor.userId, at));
  const totals = totalsAfter(ZERO_TOTALS, entries);
  const base = {
    id,
    referenceNumber: rent.reference,
    contractNumber: cnt.reference,
    customerId: customer.id,
    customerName: customer.fullNameEnglish ?? '',
    customerNameArabic: customer.fullNameArabic ?? null,
    vehicleLabel: vehicleLabel(vehicle),
    status: 'pending' as const,
    startDate: body.startDate,
  };
  const rental: RentalItem = {
    ...rentalKey(actor.tenantId, id),
    ...rentalIndexes(actor.tenantId, base),
    entityType: 'RENTAL',
    tenantId: actor.tenantId,
    ...base,
    vehicleId: vehicle.id,
    licensePlate: vehicle.licensePlate,
    endDate: end,
    openEnded: body.openEnded,
    ...(body.openEnded ? { chargesRentByPeriod: true } : {}),
    earnsRentByDay: true,
    ...(documentFlags.length ? { documentFlags } : {}),
    expectedReturnDate: priced.expectedReturnDate,
    expectedDuration: priced.quote.days,
    returnDate: null,
    rentalType: body.rentalType,
    dailyRateMinor: toMinor(body.dailyRate),
    monthlyRateMinor: body.monthlyRate ? toMinor(body.monthlyRate) : null,
    dailyKmLimit: body.dailyKmLimit,
    extraChargePerKmMinor: toMinor(body.extraChargePerKm),
    taxRate: body.taxRate,
    taxIncluded: body.taxIncluded,
    youngDriverFeePerDayMinor: priced.youngDriverFeePerDayMinor,
    securityDepositMinor: toMinor(body.securityDeposit),
    initialPaymentAmountMinor: toMinor(body.initialPaymentAmount),
    initialPaymentMethod: body.initialPaymentMethod ?? null,
    pickupLocation: body.pickupLocation ?? null,
    returnLocation: body.returnLocation ?? null,
    officeInCharge: body.officeInCharge ?? null,
    agentName: body.agentName ?? null,
    notes: body.notes ?? null,
    quotedSubtotalMinor: priced.quote.subtotalMinor,
    quotedTaxMinor: priced.quote.taxMinor,
    quotedTotalMinor: priced.quote.totalMinor,
    ...totals,
    overbookedConflicts: conflicts.length ? conflicts : null,
    blacklistAcknowledged: body.blacklistAcknowledged,
    contractLocked: false,
    autoGenerateInvoice: true,
    // A monthly rental is invoiced by month, any other by day (issue 10's invoicing job bills open-ended rentals).
    billingFrequency: body.rentalType === 'monthly' ? 'monthly' : 'daily',
    maxRentalDuration: getRegionConfig(settings.region).businessRules.maxRentalDays,
    isArchived: false,
    timeline: appendTimeline([], { at, action: 'created', by: actor.username }),
    searchText: '',
    createdBy: actor.userId,
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  rental.searchText = searchTextOf(rental);

  const block: ScheduleBlock = {
    vehicleId: vehicle.id,
    kind: 'rental',
    refId: id,
    start: body.startDate,
    end,
    status: 'pending',
    label: `${rent.reference} · ${base.customerName}`,
  };
  const apiRental = toRentalApi(rental);
  const response = { status: 201, body: apiRental };
  const month = calendarDateInZone(now, settings.timezone).slice(0, 7);
  // The booking's journal entry (accounting's posting rules), in the same transaction: only money received.
  const journal = await rentalJournalItems(actor.tenantId, {
    rental: {
      id,
      referenceNumber: rent.reference,
      taxRate: body.taxRate,
      taxIncluded: body.taxIncluded,
      earnsRentByDay: true,
    },
    movements: entries,
    date: calendarDateInZone(now, settings.timezone),
    vatEnabled: settings.enableVat,
    createdBy: actor.userId,
    isNewRental: true,
    // Booked: the charges post nothing until pickup, an initial payment is a customer advance (issue 26).
    statusBefore: 'pending',
  });
  const items: (TransactItem | null)[] = [
    ...journal,
    vehicleScheduleLock(actor.tenantId, vehicle),
    tx.putNew(scheduleBlockItem(actor.tenantId, block)),
    tx.putNew(rental),
    ...entries.map((e) => tx.putNew(e)),
    receipt?.item ?? null,
    statusCountTx(actor.tenantId, id, null, 'pending'),
    monthTotalsTx(actor.tenantId, id, month, entries),
    ...rentalAggregateItems(
      actor.tenantId,
      null,
      rental,
      settings.timezone,
      calendarDateInZone(now, settings.timezone),
      entries,
    ),
    ...moneyIndexItems(undefined, rental, settings.timezone),
    // The customers domain's counter, versioned like every change of its item.
    tx.update(
      customerKey(actor.tenantId, customer.id),
      customer.version,
      { rentalsCount: Number(customer.rentalsCount ?? 0) + 1 },
      at,
    ),
    tx.putNew(
      auditItem(actor, 'rental.create', 'rental', id, {
        after: {
          referenceNumber: rent.reference,
          vehicleId: vehicle.id,
          customerId: customer.id,
          start: body.startDate,
          end,
          total: fromMinor(priced.quote.totalMinor),
        },
        note: conflicts.length ? `overbooked over ${conflicts.length} booking(s)` : undefined,
      }),
    ),
    ...record(response),
  ];
  // Between the counters (RENT-/CNT- taken) and the transaction: a Lambda dying here burns the two numbers
  // (documented gaps, see above) and writes nothing else; the client's retry books once.
  crashPoint('booking:after-counter', actor.tenantId);
  await transact(items.filter((i): i is TransactItem => i !== null));
  return response;
}

/**
 * The wizard's early warning (issue 27): the same documents checkDocuments refuses or flags a
 * booking for, asked with a customer, a vehicle or both before the booking is sent. Only this
 * company's owners are read (the documents are keyed by tenant).
 */
export async function documentCheck(
  tenantId: string,
  q: { customerId?: string; vehicleId?: string; start: string; end?: string },
) {
  const { timezone } = await readRentalSettings(tenantId);
  const found = await lapsingDocuments(
    tenantId,
    { vehicleId: q.vehicleId, customerId: q.customerId },
    calendarDateInZone(q.start, timezone),
    q.end ? calendarDateInZone(q.end, timezone) : null,
  );
  return { documents: found };
}

export async function checkConflicts(
  tenantId: string,
  input: {
    vehicleId: string;
    startDate: string;
    endDate?: string | null;
    openEnded: boolean;
    excludeRentalId?: string;
  },
) {
  const vehicle = await readVehicle(tenantId, input.vehicleId);
  assertBookable(vehicle);
  const conflicts = await findConflicts(
    tenantId,
    input.vehicleId,
    input.startDate,
    input.openEnded ? null : (input.endDate ?? null),
    input.excludeRentalId,
  );
  return { hasConflicts: conflicts.length > 0, conflicts };
}

export type { Item };

/**
 * A customer marked inactive in the directory (customers domain: isActive false) is not offered
 * for new rentals; staff reactivate them first. Archived or missing ones read as "not selected".
 */
function assertBookableCustomer(customer: CustomerLike | undefined): asserts customer is CustomerLike {
  if (!customer || customer.isArchived) throw validationFailed({ customerId: RENTAL_MESSAGES.customerRequired });
  if ((customer as { isActive?: boolean }).isActive === false) {
    throw validationFailed({ customerId: RENTAL_MESSAGES.customerInactive });
  }
}
