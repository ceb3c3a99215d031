/**
 * The alerts generator (issue 13): reads the company's conditions and raises one alert per
 * condition, ever — the condition key is claimed in the alert's own transaction, so a re-run (or
 * two at once) creates nothing twice, and an alert someone resolved does not come back.
 *
 * Conditions raised here: rentals overdue, rentals returning today, fines and tolls not matched
 * to a rental, tolls at times the vehicle was on no rental, matched fines still unpaid a week
 * after the offence. Documents, maintenance, deposits, invoices, GPS and security raise theirs
 * through api.ts `raiseAlerts` (raise.ts) when those areas exist.
 *
 * The rules sit in tier 7 (DESIGN.md §17), apart from the alerts inbox (tier 1) that every domain
 * raises into: they read six domains above the inbox, and raise through alerts/api.ts like the rest.
 */
import { calendarDateInZone } from '../../shared/regions';
import { fromMinor } from '../../shared/money';
import { humanizeCode } from '../../shared/readable';
import { companyTimezone, readCompanySettings } from '../lib/company-settings';
import {
  depositReleaseConditions,
  expiringDocuments,
  listRentalsPage,
  maintenanceDue,
  overdueInvoices,
  queueCounts,
  queueSample,
  raiseAlerts,
  type NewAlert,
} from './deps';
import { addDays } from '../../shared/calendar';

/** Fines unpaid this long after the offence are "due": UAE fines rise after 30 days, so a week's notice. */
export const TICKET_DUE_DAYS = 7;

export async function conditionsOf(tenantId: string, now = new Date()): Promise<NewAlert[]> {
  const settings = await readCompanySettings(tenantId, '');
  const zone = companyTimezone(settings);
  const today = calendarDateInZone(now, zone);
  const [queues, overdue, active, matched] = await Promise.all([
    queueCounts(tenantId),
    listRentalsPage(tenantId, { status: 'overdue', limit: 100 }),
    listRentalsPage(tenantId, { status: 'active', limit: 100 }),
    queueSample(tenantId, 'TICKET', 'matched', 200),
  ]);
  const out: NewAlert[] = [];
  for (const r of overdue.items as Record<string, string>[]) {
    out.push({
      key: `rental_overdue:${r.id}`,
      type: 'rental_overdue',
      category: 'rentals',
      severity: 'high',
      impactLevel: 'revenue',
      title: `Rental ${r.referenceNumber} is overdue`,
      description: `${r.customerName} · ${r.vehicleLabel}`,
      actionUrl: `/rentals/${r.id}`,
      relatedEntityId: r.id,
      relatedEntityType: 'rental',
      params: { reference: r.referenceNumber, customer: r.customerName, vehicle: r.vehicleLabel },
    });
  }
  for (const r of active.items as Record<string, string>[]) {
    if (!r.expectedReturnDate || calendarDateInZone(r.expectedReturnDate, zone) !== today) continue;
    out.push({
      key: `rental_returning:${r.id}:${today}`,
      type: 'rental_returning_today',
      category: 'rentals',
      severity: 'low',
      impactLevel: 'operations',
      title: `Rental ${r.referenceNumber} returns today`,
      description: `${r.customerName} · ${r.vehicleLabel}`,
      actionUrl: `/rentals/${r.id}`,
      relatedEntityId: r.id,
      relatedEntityType: 'rental',
      params: { reference: r.referenceNumber, customer: r.customerName, vehicle: r.vehicleLabel },
    });
  }
  for (const t of queues.tickets) {
    out.push({
      key: `ticket_unmatched:${t.id}`,
      type: 'ticket_unmatched',
      category: 'tickets',
      severity: 'high',
      impactLevel: 'revenue',
      title: `Traffic fine ${t.label} matches no rental`,
      description: `${fromMinor(t.amountMinor)} · ${t.at}`,
      actionUrl: `/traffic-tickets?match=unmatched`,
      relatedEntityId: t.id,
      relatedEntityType: 'traffic_ticket',
      params: { label: t.label, amount: String(fromMinor(t.amountMinor)), at: t.at },
    });
  }
  for (const s of queues.tolls) {
    out.push({
      key: `toll_unmatched:${s.id}`,
      type: 'toll_unmatched',
      category: 'tickets',
      severity: 'medium',
      impactLevel: 'revenue',
      title: `Salik passage ${s.label} matches no rental`,
      description: `${fromMinor(s.amountMinor)} · ${s.at}`,
      actionUrl: `/salik-charges?match=unmatched`,
      relatedEntityId: s.id,
      relatedEntityType: 'salik_charge',
      params: { label: s.label, amount: String(fromMinor(s.amountMinor)), at: s.at },
    });
  }
  for (const s of queues.noRental) {
    out.push({
      key: `toll_no_rental:${s.id}`,
      type: 'toll_no_rental',
      category: 'tickets',
      severity: 'high',
      impactLevel: 'security',
      title: `Salik passage ${s.label} while the vehicle was on no rental`,
      description: `${fromMinor(s.amountMinor)} · ${s.at}`,
      actionUrl: `/salik-charges?match=no_rental`,
      relatedEntityId: s.id,
      relatedEntityType: 'salik_charge',
      params: { label: s.label, amount: String(fromMinor(s.amountMinor)), at: s.at },
    });
  }
  const dueBefore = now.getTime() - TICKET_DUE_DAYS * 86_400_000;
  for (const t of matched) {
    if (t.status !== 'unpaid' || Date.parse(t.at) > dueBefore) continue;
    out.push({
      key: `ticket_unpaid:${t.id}`,
      type: 'ticket_unpaid',
      category: 'tickets',
      severity: 'medium',
      impactLevel: 'revenue',
      title: `Traffic fine ${t.label} is still unpaid`,
      description: `${fromMinor(t.amountMinor)} · ${t.at}`,
      actionUrl: `/traffic-tickets?status=unpaid`,
      relatedEntityId: t.id,
      relatedEntityType: 'traffic_ticket',
      params: { label: t.label, amount: String(fromMinor(t.amountMinor)), at: t.at },
    });
  }
  out.push(...(await areaConditions(tenantId, today)));
  // Deposits past their release date (collections domain): one alert per deposit and release date.
  for (const d of await depositReleaseConditions(tenantId, now)) {
    out.push({
      key: d.key,
      type: 'deposit_release_due',
      category: 'deposits',
      severity: 'medium',
      impactLevel: 'compliance',
      title: `Deposit of rental ${d.reference} was due back on ${d.dueDate}`,
      description: `${d.customerName} · ${d.held}`,
      actionUrl: '/deposits?status=overdue',
      relatedEntityId: d.id,
      relatedEntityType: 'rental',
      params: { reference: d.reference, customer: d.customerName, amount: d.held, date: d.dueDate },
    });
  }
  return out;
}

/** Documents expiring within this many days raise an alert (as the reminder job's first notice). */
export const DOCUMENT_NOTICE_DAYS = 30;

/** Documents, maintenance and invoices conditions (each read through its domain's api.ts). */
async function areaConditions(tenantId: string, today: string): Promise<NewAlert[]> {
  const [docs, maint, invoices] = await Promise.all([
    expiringDocuments(tenantId, addDays(today, DOCUMENT_NOTICE_DAYS)),
    maintenanceDue(tenantId, today, addDays(today, 7)),
    overdueInvoices(tenantId, today),
  ]);
  const out: NewAlert[] = [];
  for (const d of docs) {
    const expired = d.expiryDate < today;
    const type = expired ? 'document_expired' : 'document_expiring';
    // Keyed on the expiry date: a renewed document (new date) that lapses again alerts again.
    out.push({
      key: `${type}:${d.id}:${d.expiryDate}`,
      type,
      category: 'documents',
      severity: expired ? 'high' : 'medium',
      impactLevel: 'compliance',
      title: expired
        ? `Document ${d.title} expired on ${d.expiryDate}`
        : `Document ${d.title} expires on ${d.expiryDate}`,
      description: d.expiryDate,
      actionUrl: `/documents?scope=${d.scope}&id=${d.id}`,
      relatedEntityId: d.id,
      relatedEntityType: 'document',
      params: { title: d.title, date: d.expiryDate },
    });
  }
  const maintTitle = {
    past_due: 'Past due',
    due_soon: 'Due within 7 days',
    urgent_open: 'Urgent record open',
  } as const;
  for (const m of maint) {
    const type = `maintenance_${m.kind}`;
    out.push({
      key: `${type}:${m.id}${m.kind === 'urgent_open' ? '' : `:${m.date ?? ''}`}`,
      type,
      category: 'maintenance',
      severity: m.kind === 'due_soon' ? 'medium' : 'high',
      impactLevel: 'operations',
      title: `${maintTitle[m.kind]}: ${humanizeCode(m.type)} for ${m.vehicleLabel}`,
      description: `${m.vehicleLabel} · ${m.date ?? ''}`,
      actionUrl: '/maintenance?tab=alerts',
      relatedEntityId: m.id,
      relatedEntityType: m.kind === 'urgent_open' ? 'maintenance_record' : 'maintenance_prediction',
      params: { vehicle: m.vehicleLabel, service: m.type, date: m.date ?? '' },
    });
  }
  for (const i of invoices) {
    out.push({
      key: `invoice_overdue:${i.id}:${i.dueDate}`,
      type: 'invoice_overdue',
      category: 'invoices',
      severity: 'high',
      impactLevel: 'revenue',
      title: `Invoice ${i.number} is past due`,
      description: `${i.customerName} · ${fromMinor(i.balanceMinor)} · ${i.dueDate}`,
      actionUrl: `/invoices/${i.id}`,
      relatedEntityId: i.id,
      relatedEntityType: 'invoice',
      params: {
        number: String(i.number),
        customer: i.customerName,
        amount: String(fromMinor(i.balanceMinor)),
        date: String(i.dueDate),
      },
    });
  }
  return out;
}

export async function generateAlerts(tenantId: string, now = new Date()) {
  const conditions = await conditionsOf(tenantId, now);
  const created = await raiseAlerts(tenantId, conditions);
  return { conditions: conditions.length, created };
}
