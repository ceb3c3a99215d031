/**
 * Client and business constants from the specification, defined once.
 *
 * Sources: product-screens-and-session.md §9 (client and session constants, marketing text) and
 * business-data-and-rules.md §3/§9 (business defaults and limits). Values are the spec's, verbatim;
 * names are ours. Money defaults are given both in major units (as the spec and the API write them)
 * and in integer minor units (hundredths, see shared/money.ts) for the maths.
 *
 * Pure data: no imports, safe for the browser and for Lambda.
 */

// ---------------------------------------------------------------------------------------------
// Time units (so the constants below read as the spec writes them)
// ---------------------------------------------------------------------------------------------
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

// ---------------------------------------------------------------------------------------------
// Session and data cache (product-screens §4, §9)
// ---------------------------------------------------------------------------------------------

/** Tokens count as expiring (and are refreshed first) within 5 minutes of expiry. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * MINUTE_MS;
/** Data queries are fresh for 5 minutes. */
export const DATA_CACHE_FRESH_MS = 5 * MINUTE_MS;
/** Unused data query results are garbage-collected after 5 minutes. */
export const DATA_CACHE_GC_MS = 5 * MINUTE_MS;
/** The current-user query is stale after 10 minutes. */
export const CURRENT_USER_STALE_MS = 10 * MINUTE_MS;
/** Current-user query retries once. */
export const CURRENT_USER_RETRIES = 1;
/** Data queries: fewer than 2 retries (i.e. at most 1) for non-4xx errors. */
export const QUERY_MAX_RETRIES = 1;
/** Query retry backoff doubles from 1 s up to 30 s. */
export const QUERY_RETRY_BASE_MS = 1 * SECOND_MS;
export const QUERY_RETRY_MAX_MS = 30 * SECOND_MS;

// ---------------------------------------------------------------------------------------------
// Toasts (product-screens §4, §9)
// ---------------------------------------------------------------------------------------------

/** At most 3 toasts are kept, newest first. */
export const TOAST_LIMIT = 3;
/** A dismissed toast is removed 5000 ms later. */
export const TOAST_REMOVE_DELAY_MS = 5000;
/** Non-destructive toasts dismiss by themselves after 5000 ms. */
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_LISTENER_CAP = 100;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_SWIPE_DIRECTION = 'right' as const;
/** The F8 key focuses the notification region. */
export const TOAST_HOTKEY = 'F8' as const;

// ---------------------------------------------------------------------------------------------
// Shell: PWA, offline, lazy loading (product-screens §2, §4, §9)
// ---------------------------------------------------------------------------------------------

/** The install dialog opens by itself 10 s after the browser signals installability. */
export const INSTALL_PROMPT_DELAY_MS = 10 * SECOND_MS;
/** 5 s after going offline the "just went offline" flag is cleared. */
export const OFFLINE_FLAG_TIMER_MS = 5 * SECOND_MS;
/** Idle preload fallback delay (and hover preload delay): 100 ms. */
export const PRELOAD_DELAY_MS = 100;
/** Page-load timing log in session storage keeps the last 50 entries. */
export const PERF_LOG_LIMIT = 50;
/** Recent searches kept: 10. */
export const RECENT_SEARCHES_LIMIT = 10;
/** Persisted client state version (stored state is merged on load). */
export const PERSISTED_STATE_VERSION = 0;

// ---------------------------------------------------------------------------------------------
// Branding (both spec documents)
// ---------------------------------------------------------------------------------------------

export const DEFAULT_PRIMARY_COLOR = '#3B82F6';
export const DEFAULT_SECONDARY_COLOR = '#8B5CF6';
export const DEFAULT_TEXT_COLOR = '#1F2937';
/** Stored settings default to Inter; the shell always forces Poppins for display. */
export const DEFAULT_STORED_FONT_FAMILY = 'Inter';
export const SHELL_FONT_FAMILY = 'Poppins';
export const ACCENT_STYLES = ['classic', 'rounded', 'sharp'] as const;
export const DEFAULT_ACCENT_STYLE = 'classic' as const;

// ---------------------------------------------------------------------------------------------
// Locale defaults (both spec documents)
// ---------------------------------------------------------------------------------------------

/** Default locale: USD, English, America/New_York, USA. */
export const DEFAULT_CURRENCY = 'USD' as const;
export const DEFAULT_LANGUAGE = 'en' as const;
export const DEFAULT_TIMEZONE = 'America/New_York';
export const DEFAULT_REGION = 'US' as const;
/** Default currency of payment records. */
export const DEFAULT_PAYMENT_CURRENCY = 'AED' as const;
/** Currency preview amounts shown in the region popover (major units). */
export const CURRENCY_PREVIEW_AMOUNTS = [1, 100, 1234.5] as const;
/** Currency is always shown with two decimals. */
export const CURRENCY_DISPLAY_DECIMALS = 2;

// ---------------------------------------------------------------------------------------------
// Validation limits (both spec documents)
// ---------------------------------------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 6;
export const SIGNUP_USERNAME_MIN_LENGTH = 1;
export const STAFF_USERNAME_MIN_LENGTH = 3;
/** Logo upload: PNG or JPG, at most 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
/** Documents and invoices: PDF, JPG or PNG, at most 10 MB (DESIGN.md §5). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const VIN_LENGTH = 17;
export const MIN_ODOMETER_KM = 1;
export const EXPECTED_DURATION_MIN_DAYS = 1;
export const EXPECTED_DURATION_MAX_DAYS = 365;

// ---------------------------------------------------------------------------------------------
// Rental and pricing defaults (business-data §3, §9)
// ---------------------------------------------------------------------------------------------

export const DEFAULT_DAILY_KM_LIMIT = 200;
/** Extra charge per km over the allowance: 0.50 (major units) = 50 minor units. */
export const DEFAULT_EXTRA_CHARGE_PER_KM = 0.5;
export const DEFAULT_EXTRA_CHARGE_PER_KM_MINOR = 50;
/** Company VAT rate 0.05 as a fraction (the UI enters tax as a percent: 5). VAT is off by default. */
export const DEFAULT_VAT_RATE = 0.05;
export const DEFAULT_ENABLE_VAT = false;
/** Grace period before an extra rental day is charged: 1 hour. */
export const DEFAULT_GRACE_PERIOD_HOURS = 1;
export const DEFAULT_RENTAL_DURATION_MODE = '24hr' as const;
export const RENTAL_DURATION_OPTIONS = ['daily', 'weekly', 'monthly'] as const;
export const DEFAULT_RENTAL_DURATION = 'daily' as const;
export const DEFAULT_BILLING_FREQUENCY = 'daily' as const;
export const DEFAULT_ALLOW_STAFF_CLOSE_WITH_BALANCE = true;
export const DEFAULT_AUTO_GENERATE_INVOICE = true;
export const FUEL_LEVELS = ['empty', 'quarter', 'half', 'three_quarters', 'full'] as const;
export const RENTAL_PAYMENT_METHODS = ['cash', 'credit_card', 'debit_card', 'bank_transfer', 'check'] as const;

// ---------------------------------------------------------------------------------------------
// References, documents, blacklist, payments
// ---------------------------------------------------------------------------------------------

/** Per-tenant reference counters start at 1001 with these prefixes (RENT-1001, CNT-1001…). */
export const REFERENCE_COUNTER_START = 1001;
export const REFERENCE_PREFIXES = {
  rental: 'RENT-',
  contract: 'CNT-',
  invoice: 'INV-',
  receipt: 'REC-',
} as const;
export const DEFAULT_REFERENCE_AUTO_GENERATE = true;

/** Document expiry reminder threshold (and "expiring soon" window): 30 days. */
export const DOCUMENT_REMINDER_DAYS = 30;

export const DEFAULT_BLACKLIST_MODE = 'warning' as const;
export const DEFAULT_ENABLE_BLACKLIST_CHECK = true;

export const DEFAULT_PAYMENT_GATEWAY = 'paytabs' as const;
export const DEFAULT_PAYMENT_MODE = 'sandbox' as const;

// ---------------------------------------------------------------------------------------------
// Dashboard and reports
// ---------------------------------------------------------------------------------------------

/** Dashboard booking trends cover 30 days. */
export const BOOKING_TRENDS_DAYS = 30;
/** Report period filters: last 7, 30, 90 days and last year. */
export const REPORT_PERIODS = [
  { key: 'last_7_days', days: 7 },
  { key: 'last_30_days', days: 30 },
  { key: 'last_90_days', days: 90 },
  { key: 'last_year', days: 365 },
] as const;

// ---------------------------------------------------------------------------------------------
// Marketing figures (product-screens §9): static promotional text, NOT product data.
// ---------------------------------------------------------------------------------------------

/** Landing page figures; `key` is the i18n key suffix, `value` the literal figure shown. */
export const MARKETING_FIGURES = [
  { key: 'uptime', value: '99.9%' },
  { key: 'fasterBookings', value: '50%' },
  { key: 'aiAccuracy', value: '94%' },
  { key: 'breakdownPrevention', value: '90%' },
  { key: 'profit', value: '+25%' },
  { key: 'averageRevenueIncrease', value: '35%' },
  { key: 'fasterDocuments', value: '80%' },
  { key: 'fewerFalseAlerts', value: '80%' },
  { key: 'happyCustomers', value: '10,000+' },
  { key: 'companies', value: '500+' },
] as const;
export const MARKETING_TESTIMONIAL_COUNT = 3;
export const MARKETING_TESTIMONIAL_RATING = 5;
