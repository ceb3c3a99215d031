import { ACCENT_STYLES, RENTAL_DURATION_OPTIONS } from '../../constants';
import { VEHICLE_CATEGORIES, type VehicleCategory } from '../../vehicles/categories';

/** Company settings enumerations and field groups (part of shared/schemas/settings.ts). */
// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

export const BUSINESS_TYPES = ['independent', 'franchise', 'corporate'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const DEFAULT_BUSINESS_TYPE: BusinessType = 'independent';

export { ACCENT_STYLES, RENTAL_DURATION_OPTIONS };
export type AccentStyle = (typeof ACCENT_STYLES)[number];
export type RentalDuration = (typeof RENTAL_DURATION_OPTIONS)[number];

/**
 * How rental days are counted. The spec names only '24hr' (every started 24 h after the grace
 * period is a day); 'calendar' (each calendar day touched in the company time zone) is the other
 * mode rental companies use.
 */
export const RENTAL_DURATION_MODES = ['24hr', 'calendar'] as const;
export type RentalDurationMode = (typeof RENTAL_DURATION_MODES)[number];

export const PAYMENT_GATEWAYS = ['paytabs'] as const;
export const PAYMENT_MODES = ['sandbox', 'live'] as const;
export const BLACKLIST_MODES = ['warning', 'block'] as const;
export type BlacklistMode = (typeof BLACKLIST_MODES)[number];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'inApp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** Events a company can be notified about (the spec says "channels" only; these are ours). */
export const NOTIFICATION_EVENTS = [
  'rentalCreated',
  'rentalReturned',
  'rentalOverdue',
  'paymentReceived',
  'documentExpiring',
  'maintenanceDue',
  'trafficTicketAdded',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Vehicle categories priced in pricing settings: the vehicles schema's own list. */
export { VEHICLE_CATEGORIES };
export type { VehicleCategory };

/** Gateway secrets (PayTabs: profile id, server key, client key). */
export const GATEWAY_KEY_NAMES = ['profileId', 'serverKey', 'clientKey'] as const;
export type GatewayKeyName = (typeof GATEWAY_KEY_NAMES)[number];

/**
 * Settings a shared demo account may not change (403): anything that moves real money or weakens
 * a safety check. The demo owner can still try every other setting (branding, hours…).
 */
export const SECURITY_SETTING_FIELDS = [
  'gatewayKeys',
  'paymentGateway',
  'paymentMode',
  'blacklistMode',
  'enableBlacklistCheck',
  'requireMfaForAdmins',
] as const;
export const DEMO_SECURITY_SETTINGS_MESSAGE = 'Security settings cannot be changed in the demo account';

/** Fields every signed-in role may read (to theme the shell); the rest needs settingsRead. */
export const BRANDING_FIELDS = [
  'name',
  'logoUrl',
  'primaryColor',
  'secondaryColor',
  'accentStyle',
  'fontFamily',
] as const;

export const REFERENCE_KINDS = ['rental', 'contract', 'invoice', 'receipt'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];
