/**
 * An alert's title and description in the reader's language and the company's formats (issue 27).
 * Alerts store their type and params (the message key and its values); the words are made here at
 * read time — maintenance types, risk signals and health grades translated, dates and times on the
 * company's clock, amounts in its currency. An alert stored before its params carried everything
 * (a legacy item) falls back to its stored English text made readable (readableText).
 */
import type { Alert } from './alerts';
import { alerts as catalog } from './i18n/alerts';
import { fleetHealth } from './i18n/fleet-health';
import { maintenance } from './i18n/maintenance';
import { security } from './i18n/security';
import { fill, humanizeCode, readableText, type TextFormat } from './readable';

type AlertLike = Pick<Alert, 'type' | 'title' | 'description' | 'params' | 'dateDetected'>;

export interface AlertTextFormat extends TextFormat {
  /** An API decimal amount in the company's currency. */
  money: (amount: number) => string;
}

type Lang = TextFormat['language'];
const dict = (o: unknown) => (o ?? {}) as Record<string, string>;

/** A code's label in the language from the areas alerts speak of (maintenance types, risk signals, grades). */
export function codeLabel(code: string, language: Lang): string | undefined {
  return (
    dict(maintenance[language].type)[code] ??
    dict(security[language].risk.signal)[code] ??
    dict(fleetHealth[language].grade)[code] ??
    dict((security[language] as { event: unknown }).event)[code.replace(/\./g, '_')]
  );
}

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT/;
const CALENDAR = /^\d{4}-\d\d-\d\d$/;

export function alertText(a: AlertLike, fmt: AlertTextFormat): { title: string; description: string } {
  const lang = fmt.language;
  const types = dict(catalog[lang].types);
  const d = catalog[lang].describe;
  const p = a.params ?? {};
  const label = (code: string) => codeLabel(code, lang);
  const when = (v: string | undefined) =>
    !v ? '' : ISO_INSTANT.test(v) ? fmt.dateTime(v) : CALENDAR.test(v) ? fmt.date(v) : v;
  const amount = (v: string | undefined) => (v && Number.isFinite(Number(v)) ? fmt.money(Number(v)) : (v ?? ''));
  const values: Record<string, string> = {
    ...p,
    date: when(p.date),
    at: when(p.at),
    since: when(p.since),
    amount: amount(p.amount),
    service: p.service ? (label(p.service) ?? humanizeCode(p.service)) : '',
    grade: p.grade ? (label(p.grade) ?? p.grade) : '',
    signals: (p.signals ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => label(s) ?? humanizeCode(s))
      .join(', '),
  };
  let template = types[a.type];
  if (a.type === 'tracker_offline' && (!p.since || p.since === 'never')) template = types.tracker_never;
  // Legacy alerts (or a type this catalogue does not know): the stored text, made readable.
  if (!template || Object.keys(p).length === 0) {
    return { title: readableText(a.title, fmt, label), description: readableText(a.description, fmt, label) };
  }
  const title = fill(template, values);
  const describe = (): string => {
    switch (a.type) {
      case 'rental_overdue':
      case 'rental_returning_today':
        return fill(d.party, values);
      case 'ticket_unmatched':
      case 'toll_unmatched':
      case 'toll_no_rental':
      case 'ticket_unpaid':
        return fill(d.amountAt, values);
      case 'document_expiring':
      case 'document_expired':
        return fill(d.expiry, values);
      case 'maintenance_past_due':
      case 'maintenance_due_soon':
      case 'maintenance_urgent_open':
        return p.date ? fill(d.vehicleDate, values) : (p.vehicle ?? '');
      case 'invoice_overdue':
        return fill(d.invoice, values);
      case 'deposit_release_due':
        return fill(d.deposit, values);
      case 'gps_speeding':
      case 'gps_restricted_entry':
      case 'gps_service_area_exit': {
        const at = fill(a.type === 'gps_speeding' ? d.gpsSince : d.gpsAt, { at: when(a.dateDetected) });
        return p.rental ? `${at} · ${fill(d.gpsRental, values)}` : at;
      }
      case 'security_signin_risk':
        return fill(d.signin, values);
      case 'security_risky_action':
        return readableText(p.summary ?? a.description, fmt, label);
      case 'health_dropped':
        return p.previous ? fill(d.health, values) : '';
      // The stored description is the tracker's device id: a machine's word, not shown.
      case 'tracker_offline':
      case 'tracker_battery_low':
        return '';
      default:
        return readableText(a.description, fmt, label);
    }
  };
  return { title, description: describe() };
}
