import { ulid } from 'ulid';
import { cancellationEntries, closingEntries } from './settlement';
import { calendarDateInZone } from '../../shared/regions';
import { quoteRental, DAY_MS } from '../../shared/rentals/pricing';
import { RENTAL_PAYMENT_METHODS, FUEL_LEVELS } from '../../shared/constants';
import type { RentalStatus } from '../../shared/schemas/rentals-constants';
import { batchGet, queryPage, updateRaw, type Item } from '../lib/data/repo';
import { keys, tenantPk } from '../lib/data/keys';
import { signContract } from './contract/signing';
import type { DemoWorld } from '../lib/demo/world';
import { DEMO_SIGNATURE_PNG, writeBatch } from '../lib/demo/world';
import { initialEntries } from './booking';
import { customerKey, loyaltyFields, readRentalSettings, scheduleBlockItem, vehicleKey } from './deps';
import {
  ZERO_TOTALS,
  activeIndexItem,
  ledgerItem,
  rentalIndexes,
  rentalKey,
  searchTextOf,
  statsShardKey,
  totalsAfter,
  type LedgerItem,
  type NewLedgerEntry,
  type RentalItem,
  type TimelineEvent,
} from './data';
import { finalStatement, settlementEntries } from './pricing';
import { invoicingIndexItem } from './invoicing-index';
import { moneyFieldsOfLedger, moneyIndexPuts } from './money-index';
import { ledgerTotals } from '../../shared/rentals/ledger';
import { historyRandom, planHistory } from './seed-history';

/**
 * Demo rentals (functions/jobs/demo-reset.ts): about 200 recent rentals from 90 days ago to 30
 * days ahead, in every status, and a year of settled history before them (./seed-history.ts), each with the ledger the
 * booking, pickup, return and close paths would
 * have posted — built with the same functions (quoteRental → initialEntries, finalStatement →
 * settlementEntries, closingEntries, cancellationEntries, totalsAfter), so totals, balances, stats, schedule
 * blocks, the active-rental index and the customers' counters all agree with the live code.
 * Deterministic: every choice comes from world.random.
 *
 * Per vehicle, rentals follow one another without overlap. A vehicle the fleet seed marked
 * 'rented' has the rental covering today (active, or overdue when its return date has passed);
 * other vehicles are free today. Odometer readings run backwards from the vehicle's odometer.
 */
const TARGET = 200;
/** The recent window starts this many days ago (the history planner fills the year before it). */
const RECENT_DAYS = 90;

interface Planned {
  vehicle: DemoWorld['vehicles'][number];
  start: number;
  end: number;
  openEnded: boolean;
  status: RentalStatus;
  closed: boolean;
  /** The generator this rental's own choices come from (the recent window: world.random). */
  rnd: () => number;
  /** Part of the settled history before the recent window: paid in full when returned. */
  history?: boolean;
}

export async function seedRentals(world: DemoWorld): Promise<void> {
  const rnd = world.random;
  const now = world.now.getTime();
  const settings = await readRentalSettings(world.tenantId);
  const fleet = world.vehicles.filter((v) => !v.isArchived && v.status !== 'out_of_service');
  // Former customers (./seed-history.ts) rented only before the recent window.
  const customers = world.customers.filter((c) => c.isActive && !c.former);
  const former = world.customers.filter((c) => c.isActive && c.former);
  if (fleet.length === 0 || customers.length === 0) return;

  // 1. Plan non-overlapping windows per vehicle.
  const perVehicle = Math.max(2, Math.ceil(TARGET / fleet.length));
  const span = 120 * DAY_MS;
  const plans: Planned[] = [];
  fleet.forEach((vehicle, vi) => {
    const slot = span / perVehicle;
    for (let i = 0; i < perVehicle && plans.length < TARGET + 10; i++) {
      const hour = 8 + Math.floor(rnd() * 10);
      const dayStart = Math.floor((now - RECENT_DAYS * DAY_MS + i * slot + rnd() * slot * 0.3) / DAY_MS) * DAY_MS;
      const start = dayStart + hour * 3_600_000;
      const days = Math.max(
        1,
        Math.min(Math.floor(slot / DAY_MS) - 1, 1 + Math.floor(rnd() * 9) + (rnd() < 0.08 ? 20 : 0)),
      );
      const end = start + days * DAY_MS;
      const coversNow = start <= now && now < end + 2 * DAY_MS;
      if (vehicle.status === 'rented' ? false : coversNow && start <= now) continue; // free vehicles are free today
      let status: RentalStatus;
      if (start > now) status = rnd() < 0.12 ? 'cancelled' : 'pending';
      else if (end > now) status = vehicle.status === 'rented' ? 'active' : 'completed';
      else status = rnd() < 0.07 ? 'cancelled' : 'completed';
      plans.push({ vehicle, start, end, openEnded: rnd() < 0.05 && status === 'pending', status, closed: false, rnd });
    }
    // A rented vehicle with no rental covering today gets one that does (some of them late).
    if (vehicle.status === 'rented' && !plans.some((p) => p.vehicle.id === vehicle.id && p.status === 'active')) {
      const late = vi % 4 === 0;
      // Some rented vehicles are on long open-ended monthly rentals, three months or more in
      // (invoiced month by month by the invoicing job, seeded by functions/finance/seed.ts).
      const long = !late && vi % 4 === 1 && !!vehicle.monthlyRateMinor;
      const start = now - (long ? 95 + (vi % 30) : late ? 6 : 2) * DAY_MS - 5 * 3_600_000;
      const end = late ? now - (1 + (vi % 3)) * DAY_MS : now + 3 * DAY_MS;
      for (let i = plans.length - 1; i >= 0; i--) {
        if (plans[i].vehicle.id === vehicle.id && plans[i].start < end && start < plans[i].end + DAY_MS)
          plans.splice(i, 1);
      }
      plans.push({ vehicle, start, end, openEnded: long, status: late ? 'overdue' : 'active', closed: false, rnd });
    }
  });
  // Completed rentals: most closed; a few of the oldest closed ones archived.
  for (const p of plans) {
    if (p.status === 'completed') p.closed = p.end < now - 3 * DAY_MS ? rnd() < 0.85 : rnd() < 0.4;
    if (p.status === 'completed' && p.closed && p.end < now - 60 * DAY_MS && rnd() < 0.25) p.status = 'archived';
  }
  plans.sort((a, b) => a.start - b.start);

  // 2. Odometer readings backwards from each vehicle's odometer.
  const odometer = new Map(fleet.map((v) => [v.id, v.odometerKm]));
  const readings = new Map<Planned, { start: number; end: number }>();
  for (const p of [...plans].reverse()) {
    if (p.status === 'pending' || p.status === 'cancelled') continue;
    const days = Math.max(1, Math.round((Math.min(p.end, now) - p.start) / DAY_MS));
    const driven = Math.round(days * (90 + rnd() * 180));
    const current = odometer.get(p.vehicle.id)!;
    const active = p.status === 'active' || p.status === 'overdue';
    const end = current;
    const start = Math.max(1, active ? current : current - driven);
    readings.set(p, { start, end: active ? end : end });
    odometer.set(p.vehicle.id, start);
  }

  // 2b. The year before the recent window, settled (its own generator: the choices above stay put).
  const firstRecent = new Map<string, { start: number; km: number }>();
  for (const p of plans)
    if (!firstRecent.has(p.vehicle.id))
      firstRecent.set(p.vehicle.id, { start: p.start, km: odometer.get(p.vehicle.id)! });
  const history = historyRandom();
  for (const h of planHistory({ fleet, now, recentFrom: now - RECENT_DAYS * DAY_MS, firstRecent, rnd: history })) {
    const p: Planned = {
      vehicle: h.vehicle,
      start: h.start,
      end: h.end,
      openEnded: false,
      status: h.status,
      closed: h.status !== 'cancelled',
      rnd: history,
      history: true,
    };
    if (h.odometer) readings.set(p, h.odometer);
    plans.push(p);
  }
  // Stable: the recent rentals keep their order among themselves (and their draws from world.random).
  plans.sort((a, b) => a.start - b.start);

  // 3. Build items.
  const items: Item[] = [];
  const rentalCounter = { n: settings.rentalCounterStart - 1 };
  const statusCounts: Record<string, number> = {};
  const monthTotals = new Map<string, ReturnType<typeof ledgerTotals>>();
  const customerAgg = new Map<string, { rentals: number; completed: number; spend: number }>();
  for (const p of plans) {
    const rnd = p.rnd;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
    const customer = p.history && former.length && rnd() < 0.2 ? pick(former) : pick(customers);
    // Ids carry the booking time (lists read newest booking first, live bookings on top). A
    // booking far ahead was made some days ago, not all of them today.
    const lead = rnd();
    const bookedAt = p.start - Math.floor(lead * 10) * DAY_MS - 3_600_000;
    const createdAt = bookedAt < now - 3_600_000 ? bookedAt : now - 3_600_000 - Math.floor(lead * 14) * DAY_MS;
    const id = ulid(createdAt);
    rentalCounter.n += 1;
    const ref = `${settings.rentalPrefix}${rentalCounter.n}`;
    const cnt = `${settings.contractPrefix}${rentalCounter.n}`;
    const longRental = p.openEnded && p.status === 'active' && !!p.vehicle.monthlyRateMinor;
    const monthly = longRental || (!p.openEnded && (p.end - p.start) / DAY_MS >= 28 && !!p.vehicle.monthlyRateMinor);
    const startISO = new Date(p.start).toISOString();
    const endISO = p.openEnded ? null : new Date(p.end).toISOString();
    const quote = quoteRental({
      startISO,
      endISO,
      expectedDurationDays: p.openEnded ? 30 : undefined,
      mode: monthly ? 'monthly' : 'daily',
      dailyRateMinor: p.vehicle.dailyRateMinor,
      monthlyRateMinor: p.vehicle.monthlyRateMinor,
      gracePeriodHours: settings.gracePeriodHours,
      taxRatePercent: settings.defaultTaxRatePercent,
      taxIncluded: false,
    });
    const deposit = pick([0, 50_000, 100_000, 150_000]);
    const initialPaid = rnd() < 0.5 ? Math.round((quote.totalMinor * pick([0.25, 0.5, 1])) / 100) * 100 : 0;
    const method = pick(RENTAL_PAYMENT_METHODS);
    const posted: LedgerItem[] = [];
    const post = (list: NewLedgerEntry[], at: number) => {
      for (const e of list) {
        const item = ledgerItem(world.tenantId, id, e, world.owner.userId, new Date(at).toISOString());
        posted.push(item);
        const month = calendarDateInZone(new Date(at), settings.timezone).slice(0, 7);
        const t = ledgerTotals([item]);
        const m = monthTotals.get(month);
        if (!m) monthTotals.set(month, t);
        else {
          m.chargesMinor += t.chargesMinor;
          m.paymentsMinor += t.paymentsMinor;
          m.refundsMinor += t.refundsMinor;
          m.deposit.receivedMinor += t.deposit.receivedMinor;
          m.deposit.refundedMinor += t.deposit.refundedMinor;
        }
      }
    };
    const timeline: TimelineEvent[] = [
      { at: new Date(createdAt).toISOString(), action: 'created', by: world.owner.username },
    ];
    post(
      initialEntries(quote, {
        openEnded: p.openEnded,
        securityDeposit: deposit / 100,
        initialPaymentAmount: initialPaid / 100,
        initialPaymentMethod: initialPaid ? method : null,
      }),
      createdAt,
    );

    const rental: RentalItem = {
      ...rentalKey(world.tenantId, id),
      ...rentalIndexes(world.tenantId, { id, customerId: customer.id, status: p.status, startDate: startISO }),
      entityType: 'RENTAL',
      tenantId: world.tenantId,
      id,
      referenceNumber: ref,
      contractNumber: cnt,
      customerId: customer.id,
      customerName: customer.fullNameEnglish,
      customerNameArabic: customer.fullNameArabic ?? null,
      vehicleId: p.vehicle.id,
      vehicleLabel: `${p.vehicle.make} ${p.vehicle.model} (${p.vehicle.licensePlate})`,
      licensePlate: p.vehicle.licensePlate,
      status: p.status,
      startDate: startISO,
      endDate: endISO,
      openEnded: p.openEnded,
      ...(p.openEnded ? { chargesRentByPeriod: true } : {}),
      earnsRentByDay: true,
      expectedReturnDate: endISO ?? new Date(p.start + quote.days * DAY_MS).toISOString(),
      expectedDuration: quote.days,
      returnDate: null,
      rentalType: monthly ? 'monthly' : 'daily',
      dailyRateMinor: p.vehicle.dailyRateMinor,
      monthlyRateMinor: p.vehicle.monthlyRateMinor,
      dailyKmLimit: p.vehicle.dailyKmLimit || 200,
      extraChargePerKmMinor: 50,
      taxRate: settings.defaultTaxRatePercent,
      taxIncluded: false,
      youngDriverFeePerDayMinor: 0,
      securityDepositMinor: deposit,
      initialPaymentAmountMinor: initialPaid,
      initialPaymentMethod: initialPaid ? method : null,
      pickupLocation: pick(['Dubai Airport T3', 'Downtown office', 'Marina branch', 'Hotel delivery']),
      returnLocation: pick(['Dubai Airport T3', 'Downtown office', 'Marina branch']),
      officeInCharge: pick(['Downtown', 'Marina', 'Airport']),
      agentName: world.staff.length ? pick(world.staff).firstName : null,
      notes: null,
      ...ZERO_TOTALS,
      balanceMinor: 0,
      depositHeldMinor: 0,
      contractLocked: false,
      isArchived: p.status === 'archived',
      autoGenerateInvoice: true,
      billingFrequency: monthly ? 'monthly' : 'daily',
      timeline,
      searchText: '',
      createdBy: world.owner.userId,
      version: 1,
      createdAt: new Date(createdAt).toISOString(),
      updatedAt: new Date(createdAt).toISOString(),
    };

    let depositMethod = 'cash';
    const picked =
      p.status === 'active' || p.status === 'overdue' || p.status === 'completed' || p.status === 'archived';
    const r = readings.get(p);
    if (picked && r) {
      const fuelStart = pick(['full', 'full', 'three_quarters'] as const);
      Object.assign(rental, { odometerStart: r.start, fuelLevelStart: fuelStart, pickedUpAt: startISO });
      timeline.push({ at: startISO, action: 'pickup', by: world.owner.username });
      if (deposit && rnd() < 0.8) {
        depositMethod = pick(RENTAL_PAYMENT_METHODS);
        post(
          [
            {
              type: 'payment',
              context: 'usage',
              category: 'security_deposit',
              label: 'Security deposit received',
              amountMinor: deposit,
              method: depositMethod,
            },
          ],
          p.start,
        );
        timeline.push({ at: startISO, action: 'deposit_received', by: world.owner.username });
      }
      if (p.status === 'completed' || p.status === 'archived') {
        const returnAt = Math.min(now - 3_600_000, p.end + Math.floor((rnd() - 0.3) * 6) * 3_600_000);
        const body = {
          odometerEnd: r.end,
          fuelLevelEnd: pick(FUEL_LEVELS.slice(1)),
          salikCharges: rnd() < 0.4 ? Math.floor(rnd() * 8) * 4 : 0,
          trafficFines: rnd() < 0.08 ? pick([200, 400, 600]) : 0,
          damageFees: rnd() < 0.05 ? pick([350, 800]) : 0,
          extraCharges: 0,
        };
        const statement = finalStatement(
          { ...rental, ...totalsAfter(ZERO_TOTALS, posted) } as RentalItem,
          body,
          settings,
          new Date(returnAt).toISOString(),
        );
        post(settlementEntries(statement, posted), returnAt);
        Object.assign(rental, {
          returnDate: new Date(returnAt).toISOString(),
          completedAt: new Date(returnAt).toISOString(),
          odometerEnd: r.end,
          fuelLevelEnd: body.fuelLevelEnd,
          returnCondition: body.damageFees ? 'damaged' : pick(['excellent', 'good', 'good', 'fair']),
          salikChargesMinor: body.salikCharges * 100,
          totalTrafficFinesMinor: body.trafficFines * 100,
          totalDamageFeesMinor: body.damageFees * 100,
          totalExtraChargesMinor: 0,
          finalTotalMinor: statement.totalMinor,
          blockEnd: new Date(returnAt).toISOString(),
        });
        timeline.push({ at: new Date(returnAt).toISOString(), action: 'return', by: world.owner.username });
        const due = totalsAfter(ZERO_TOTALS, posted).balanceMinor;
        // Most customers pay at return; open (not closed) rentals sometimes still owe.
        if (due > 0 && (p.closed || rnd() < 0.5)) {
          post(
            [
              {
                type: 'payment',
                context: 'end',
                category: 'payment',
                label: 'Payment',
                amountMinor: p.closed && !p.history && rnd() < 0.15 ? Math.max(1, due - 5_000) : due,
                method: pick(RENTAL_PAYMENT_METHODS),
              },
            ],
            returnAt + 600_000,
          );
          timeline.push({
            at: new Date(returnAt + 600_000).toISOString(),
            action: 'payment',
            by: world.owner.username,
          });
        }
        // The older history is settled to the fils: an overpaid rounding goes back to the customer.
        const credit = -totalsAfter(ZERO_TOTALS, posted).balanceMinor;
        if (p.history && credit > 0) {
          post(
            [
              {
                type: 'refund',
                context: 'end',
                category: 'payment',
                label: 'Refund',
                amountMinor: credit,
                method: 'cash',
              },
            ],
            returnAt + 900_000,
          );
        }
        if (p.closed) {
          const closeAt = returnAt + 3_600_000;
          // The older history refunds deposits the way they came in (the cash box is not a
          // year of card deposits paid back in cash); the recent window as its seed always did.
          const closing = closingEntries(posted, p.history ? depositMethod : 'cash');
          post(closing, closeAt);
          Object.assign(rental, {
            closedAt: new Date(closeAt).toISOString(),
            contractLocked: true,
            closedBy: world.owner.username,
          });
          timeline.push({ at: new Date(closeAt).toISOString(), action: 'close', by: world.owner.username });
          if (p.status === 'archived') {
            Object.assign(rental, { archivedFromStatus: 'completed' });
            timeline.push({
              at: new Date(closeAt + DAY_MS).toISOString(),
              action: 'archive',
              by: world.owner.username,
            });
          }
        }
      }
      if (p.status === 'overdue') {
        Object.assign(rental, { overdueSince: new Date(p.end + 2 * 3_600_000).toISOString(), blockEnd: null });
        timeline.push({ at: new Date(p.end + 2 * 3_600_000).toISOString(), action: 'overdue', by: 'system' });
      }
    }
    if (p.status === 'cancelled') {
      // As the lifecycle cancels: every charge reversed; what was paid goes back to the customer.
      const cancelAt = createdAt + DAY_MS;
      post(cancellationEntries(posted, 0), cancelAt);
      const paid = totalsAfter(ZERO_TOTALS, posted);
      if (paid.paymentsMinor - paid.refundsMinor > 0) {
        post(
          [
            {
              type: 'refund',
              context: 'refund',
              category: 'payment',
              label: 'Refund',
              amountMinor: paid.paymentsMinor - paid.refundsMinor,
              method: initialPaid ? method : 'cash',
            },
          ],
          cancelAt + 600_000,
        );
      }
      Object.assign(rental, {
        cancelledAt: new Date(createdAt + DAY_MS).toISOString(),
        cancelReason: pick(['Customer changed plans', 'Flight cancelled', 'Booked another vehicle']),
      });
      timeline.push({ at: new Date(createdAt + DAY_MS).toISOString(), action: 'cancel', by: world.owner.username });
    }
    Object.assign(rental, totalsAfter(ZERO_TOTALS, posted), moneyFieldsOfLedger(rental, posted, rental.createdAt));
    rental.searchText = searchTextOf(rental);
    rental.updatedAt = timeline[timeline.length - 1].at;
    // Deposits, open balances and usage shortfalls, as every rental change keeps them (./money-index.ts).
    items.push(rental, ...posted, ...moneyIndexPuts(rental, settings.timezone));

    // Schedule block and active index, as the lifecycle keeps them.
    const blockStatus = p.status === 'archived' ? 'completed' : p.status;
    if (p.status !== 'cancelled') {
      const end = p.status === 'overdue' ? null : ((rental.blockEnd as string | undefined) ?? endISO);
      items.push(
        scheduleBlockItem(world.tenantId, {
          vehicleId: p.vehicle.id,
          kind: 'rental',
          refId: id,
          start: startISO,
          end,
          status: blockStatus,
          label: `${ref} · ${customer.fullNameEnglish}`,
        }),
      );
    }
    if (p.status === 'active' && !p.openEnded) items.push(activeIndexItem(world.tenantId, rental));
    if (longRental) items.push(invoicingIndexItem(world.tenantId, rental, settings.timezone));

    statusCounts[p.status] = (statusCounts[p.status] ?? 0) + 1;
    const agg = customerAgg.get(customer.id) ?? { rentals: 0, completed: 0, spend: 0 };
    agg.rentals += 1;
    if (rental.closedAt) {
      agg.completed += 1;
      agg.spend += rental.chargesMinor;
    }
    customerAgg.set(customer.id, agg);
  }

  // 4. Counters, stats, then everything in batches.
  items.push({ ...keys.counter(world.tenantId, 'RENTAL'), entityType: 'COUNTER', value: rentalCounter.n });
  items.push({ ...keys.counter(world.tenantId, 'CONTRACT'), entityType: 'COUNTER', value: rentalCounter.n });
  items.push({
    ...statsShardKey(world.tenantId, ['STATUS'], 0),
    entityType: 'RENTAL_STATS',
    ...Object.fromEntries(Object.entries(statusCounts).map(([s, n]) => [`count_${s}`, n])),
  });
  for (const [month, t] of monthTotals) {
    items.push({
      ...statsShardKey(world.tenantId, ['MONTH', month], 0),
      entityType: 'RENTAL_STATS',
      chargesMinor: t.chargesMinor,
      paymentsMinor: t.paymentsMinor,
      refundsMinor: t.refundsMinor,
      depositsReceivedMinor: t.deposit.receivedMinor,
      depositsRefundedMinor: t.deposit.refundedMinor,
    });
  }
  await writeBatch(items, 4); // every key once (ids are new, stats and counters one item each)

  // The customers domain's counters and the vehicles' odometers (rentals add to what those seeds wrote).
  const ids = [...customerAgg.keys()];
  for (let i = 0; i < ids.length; i += 100) {
    const found = await batchGet(ids.slice(i, i + 100).map((cid) => customerKey(world.tenantId, cid)));
    await Promise.all(
      found.map(async (c) => {
        if (!c) return;
        const agg = customerAgg.get(c.id as string)!;
        const completed = Number(c.completedRentals ?? 0) + agg.completed;
        const spend = Number(c.totalSpendMinor ?? 0) + agg.spend;
        const loyalty = loyaltyFields(completed, spend);
        await updateRaw({
          Key: customerKey(world.tenantId, c.id as string),
          UpdateExpression:
            'SET rentalsCount = :r, completedRentals = :c, totalSpendMinor = :s, loyaltyScore = :ls, loyaltyTier = :lt',
          ExpressionAttributeValues: {
            ':r': Number(c.rentalsCount ?? 0) + agg.rentals,
            ':c': completed,
            ':s': spend,
            ':ls': loyalty.loyaltyScore,
            ':lt': loyalty.loyaltyTier,
          },
        });
      }),
    );
  }
  for (const p of plans.filter((x) => x.status === 'active' || x.status === 'overdue')) {
    await updateRaw({
      Key: vehicleKey(world.tenantId, p.vehicle.id),
      UpdateExpression: 'SET currentRentalId = :id',
      ExpressionAttributeValues: {
        ':id':
          (
            items.find((i) => i.entityType === 'RENTAL' && i.vehicleId === p.vehicle.id && i.status === p.status) as
              | Item
              | undefined
          )?.id ?? null,
      },
    });
  }
  world.counts.rentals = plans.length;
}

/**
 * Demo contracts (issue 12): the three most recent active rentals and the most recent returned
 * but not yet closed one have their contract signed, through the real use case (the PDF with both
 * signatures stored once, the record, the rental's timeline), by the demo owner. Deterministic
 * (newest first by start, no randomness); the rest stay drafts so a visitor can sign one.
 */
export async function seedSignedContracts(world: DemoWorld): Promise<void> {
  const byStatus = async (status: RentalStatus) =>
    (
      await queryPage<RentalItem>({
        tenantId: world.tenantId,
        pk: tenantPk(world.tenantId, 'RENTAL_STATUS', status),
        index: 'gsi2',
        forward: false,
        limit: 20,
      })
    ).items;
  const chosen = [
    ...(await byStatus('active')).slice(0, 3),
    ...(await byStatus('completed')).filter((r) => !r.closedAt).slice(0, 1),
  ];
  const signature = `data:image/png;base64,${DEMO_SIGNATURE_PNG}`;
  const actor = {
    tenantId: world.tenantId,
    userId: world.owner.userId,
    username: world.owner.username,
    requestId: 'demo-reset',
    role: 'OWNER' as const,
  };
  for (const r of chosen)
    await signContract(
      actor,
      r.id,
      { customerSignature: signature, staffSignature: signature, customerName: r.customerName },
      world.companyName,
    );
  world.counts.contracts = chosen.length;
}
