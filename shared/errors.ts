/**
 * Every error code the API answers with, in one place (DESIGN.md §5). The server throws them
 * (functions/lib/errors.ts), the web translates by them (never by the English message), and the
 * OpenAPI document lists them. Add a code here before using it anywhere.
 */
export const ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  DUPLICATE: 'DUPLICATE',
  VERSION_CONFLICT: 'VERSION_CONFLICT',
  TRANSACTION_CONFLICT: 'TRANSACTION_CONFLICT',
  INVALID_TRANSITION: 'INVALID_TRANSITION',
  INVALID_REVERSAL: 'INVALID_REVERSAL',
  /** Invoices: an issued invoice is locked; corrections are credit notes. */
  INVOICE_LOCKED: 'INVOICE_LOCKED',
  /** Accounting: a posting dated on or before the lock date, or a VAT line in a filed VAT period. */
  PERIOD_LOCKED: 'PERIOD_LOCKED',
  /** Accounting: an account with a balance cannot be deactivated. */
  ACCOUNT_HAS_BALANCE: 'ACCOUNT_HAS_BALANCE',
  BOOKING_CONFLICT: 'BOOKING_CONFLICT',
  VEHICLE_UNAVAILABLE: 'VEHICLE_UNAVAILABLE',
  BLACKLIST_WARNING: 'BLACKLIST_WARNING',
  CUSTOMER_BLACKLISTED: 'CUSTOMER_BLACKLISTED',
  /** Documents: the car's registration/insurance or the driver's licence has lapsed by the rental's start. */
  DOCUMENT_EXPIRED: 'DOCUMENT_EXPIRED',
  LAST_OWNER: 'LAST_OWNER',
  ID_SCAN_FAILED: 'ID_SCAN_FAILED',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_LARGE: 'TOO_LARGE',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const isErrorCode = (v: unknown): v is ErrorCode =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, v);
