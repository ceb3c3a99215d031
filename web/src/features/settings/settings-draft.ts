/**
 * The company settings page's draft: one draft of the whole settings, edited by dotted path,
 * saved tab by tab. After a save, fields the user had not touched take the server's new values
 * (a region change also moves time zone and VAT rate), edited ones are kept.
 */
import type { CompanySettings } from '../../../../shared/schemas/settings';

export type Draft = Omit<CompanySettings, 'pricing'> & Record<string, unknown>;

export interface TabDef {
  key: string;
  /** `?tab=` values that select this tab (the first is canonical). */
  params: string[];
  fields: string[];
}

export const SETTINGS_TABS: TabDef[] = [
  {
    key: 'profile',
    params: ['profile'],
    fields: [
      'name',
      'businessType',
      'email',
      'phone',
      'primaryContact',
      'address',
      'vatNumber',
      'taxAddress',
      'commercialRegistration',
      'termsEnglish',
      'termsArabic',
    ],
  },
  { key: 'branding', params: ['branding'], fields: ['primaryColor', 'secondaryColor', 'accentStyle'] },
  { key: 'hours', params: ['working-hours', 'hours', 'workingHours'], fields: ['workingHours'] },
  {
    key: 'rentals',
    params: ['rentals'],
    fields: [
      'defaultRentalDuration',
      'autoConfirmRentals',
      'enableOverbooking',
      'rentalDurationMode',
      'gracePeriodHours',
      'depositReleaseDays',
      'allowStaffCloseWithBalance',
      'referenceConfig',
      'enableVat',
      'vatRate',
      'invoiceConfig',
      'billingTiming',
    ],
  },
  { key: 'notifications', params: ['notifications'], fields: ['notificationSettings'] },
  { key: 'preferences', params: ['preferences'], fields: ['timezone', 'preferences'] },
  {
    key: 'security',
    params: ['security'],
    fields: ['blacklistMode', 'enableBlacklistCheck', 'requireMfaForAdmins', 'paymentGateway', 'paymentMode'],
  },
];

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export function getPath(obj: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

export function setPath<T>(obj: T, path: string, value: unknown): T {
  const out = clone(obj) as Record<string, unknown>;
  const parts = path.split('.');
  let cur = out;
  for (const p of parts.slice(0, -1)) {
    cur[p] = { ...((cur[p] as Record<string, unknown>) ?? {}) };
    cur = cur[p] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]] = value;
  return out as T;
}

export function draftOf(s: CompanySettings): Draft {
  const { pricing: _pricing, ...rest } = clone(s);
  return rest as Draft;
}

/** After a save: untouched fields follow the server, edited ones stay. */
export function rebase(draft: Draft, oldServer: CompanySettings, newServer: CompanySettings): Draft {
  const next = draftOf(newServer);
  for (const k of Object.keys(next)) {
    if (!same(draft[k], (oldServer as Record<string, unknown>)[k])) next[k] = draft[k];
  }
  return next;
}

export function timeZones(current: string): string[] {
  const supported =
    (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const list = supported.length ? supported : ['America/New_York', 'Asia/Dubai', 'Asia/Riyadh', 'Asia/Amman', 'UTC'];
  return list.includes(current) ? list : [current, ...list];
}
