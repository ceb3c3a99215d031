import * as z from 'zod';
import { BILLING_FREQUENCIES } from '../invoicing/periods';
import { NOTE_VISIBILITIES, RENTAL_STATUSES, RENTAL_TYPES } from './rentals-constants';
import { pageOf } from './page';

/**
 * What the rentals routes answer (functions/rentals/data.ts toRentalApi: stored fields with
 * `xMinor` turned into decimal `x`, plus totals and balance state; ledger.ts; booking.ts
 * conflicts), next to the request schemas in ./rentals.ts. Money is in decimal units.
 */
export const BALANCE_STATES = ['due', 'credit', 'settled'] as const;
export type BalanceState = (typeof BALANCE_STATES)[number];

export const timelineEventSchema = z.object({
  at: z.string(),
  action: z.string(),
  by: z.string().nullish(),
  note: z.string().optional(),
  /**
   * What the action's words need (a period's dates, an invoice number): worded at read time in the reader's language.
   */
  params: z.record(z.string(), z.string()).optional(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

/** A booking that overlaps the requested period (409 BOOKING_CONFLICT, check-conflicts). */
export const bookingConflictSchema = z.object({
  kind: z.string(),
  refId: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  status: z.string(),
  label: z.string().optional(),
});
export type BookingConflict = z.infer<typeof bookingConflictSchema>;

export const rentalSchema = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  contractNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerNameArabic: z.string().nullish(),
  vehicleId: z.string(),
  vehicleLabel: z.string(),
  licensePlate: z.string().optional(),
  status: z.enum(RENTAL_STATUSES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  expectedReturnDate: z.string(),
  expectedDuration: z.number(),
  openEnded: z.boolean(),
  returnDate: z.string().nullish(),
  rentalType: z.enum(RENTAL_TYPES),
  dailyRate: z.number(),
  monthlyRate: z.number().nullish(),
  dailyKmLimit: z.number(),
  extraChargePerKm: z.number(),
  taxRate: z.number(),
  taxIncluded: z.boolean(),
  youngDriverFeePerDay: z.number(),
  securityDeposit: z.number(),
  totalAmount: z.number(),
  charges: z.number(),
  payments: z.number(),
  refunds: z.number(),
  balance: z.number(),
  balanceState: z.enum(BALANCE_STATES),
  depositHeld: z.number(),
  /** The deposit as /deposits shows it (received, applied to charges, refunded to the customer). */
  depositReceived: z.number(),
  depositApplied: z.number(),
  depositRefunded: z.number(),
  paymentType: z.string().nullish(),
  odometerStart: z.number().optional(),
  odometerEnd: z.number().optional(),
  fuelLevelStart: z.string().nullish(),
  fuelLevelEnd: z.string().nullish(),
  pickupLocation: z.string().nullish(),
  returnLocation: z.string().nullish(),
  officeInCharge: z.string().nullish(),
  agentName: z.string().nullish(),
  notes: z.string().nullish(),
  closedAt: z.string().nullish(),
  contractLocked: z.boolean().optional(),
  /** The contract's signature status (absent = draft; shared/schemas/rental-contract.ts). */
  contractStatus: z.enum(['draft', 'signed', 'completed']).optional(),
  contractSignedAt: z.string().optional(),
  overbookedConflicts: z.array(bookingConflictSchema).nullish(),
  /** Documents (car registration/insurance, driver licence) that lapse before the return (documents domain). */
  documentFlags: z
    .array(
      z.object({
        documentId: z.string(),
        title: z.string(),
        documentType: z.string(),
        scope: z.string(),
        expiryDate: z.string(),
      }),
    )
    .nullish(),
  timeline: z.array(timelineEventSchema),
  /** Invoicing settings (issue 10): what the invoicing job reads; an older rental has none (on, daily). */
  autoGenerateInvoice: z.boolean().optional(),
  billingFrequency: z.enum(BILLING_FREQUENCIES).optional(),
  lastInvoicedDate: z.string().nullish(),
  version: z.number().int(),
});
export type Rental = z.infer<typeof rentalSchema>;
export const rentalPageSchema = pageOf(rentalSchema);

export const rentalStatsSchema = z.object({
  byStatus: z.record(z.string(), z.number()),
  total: z.number(),
  monthRevenue: z.number(),
  monthCharges: z.number(),
});
export type RentalStats = z.infer<typeof rentalStatsSchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  type: z.enum(['charge', 'payment', 'refund']),
  context: z.string(),
  category: z.string(),
  /** English text; people read the description translated from its code (shared/rentals/ledger-text.ts). */
  label: z.string(),
  descriptionCode: z.string().optional(),
  descriptionParams: z.record(z.string(), z.string()).optional(),
  lineCode: z.string().nullish(),
  amount: z.number(),
  method: z.string().nullable(),
  /**
   * Charges: paid/pending by allocation, reversed when reversals took all of it, not_collected for a deposit never
   * received on an ended rental.
   */
  status: z.enum(['paid', 'pending', 'reversed', 'not_collected']),
  reversesId: z.string().nullable(),
  /** Money received or paid back: its REC- receipt (payments domain; GET /receipts/{id}/pdf). */
  receiptId: z.string().nullish(),
  receiptNumber: z.string().nullish(),
  postedAt: z.string(),
  outstanding: z.number().optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerSchema = z.object({
  items: z.array(ledgerEntrySchema),
  balance: z.number(),
  balanceState: z.enum(BALANCE_STATES),
  charges: z.number(),
  payments: z.number(),
  refunds: z.number(),
  deposit: z.object({ requested: z.number(), received: z.number(), refunded: z.number(), held: z.number() }),
});
export type Ledger = z.infer<typeof ledgerSchema>;

export const checkConflictsResponseSchema = z.object({
  hasConflicts: z.boolean(),
  conflicts: z.array(bookingConflictSchema),
});
export type CheckConflictsResponse = z.infer<typeof checkConflictsResponseSchema>;

export const returnPreviewSchema = z.object({
  lines: z.array(
    z.object({
      code: z.string(),
      category: z.string(),
      label: z.string(),
      amount: z.number(),
      quantity: z.number().optional(),
    }),
  ),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  alreadyCharged: z.number(),
  toPost: z.number(),
  km: z.object({ driven: z.number(), allowance: z.number().nullable(), extra: z.number() }).nullable(),
  balanceAfter: z.number(),
});
export type ReturnPreview = z.infer<typeof returnPreviewSchema>;

/** POST /api/v1/rentals/quote: the price the booking of the same body charges. */
export const rentalQuoteSchema = z.object({
  days: z.number().int(),
  /** Km included for the booked days (shared/rentals/pricing.ts rentalUsage); null = unlimited. */
  allowanceKm: z.number().int().nullable(),
  expectedReturnDate: z.string(),
  lines: z.array(
    z.object({
      code: z.string(),
      category: z.string(),
      label: z.string(),
      amount: z.number(),
      quantity: z.number().optional(),
      unitAmount: z.number().optional(),
    }),
  ),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  taxRate: z.number(),
  taxIncluded: z.boolean(),
  youngDriverFeePerDay: z.number(),
});
export type RentalQuote = z.infer<typeof rentalQuoteSchema>;

/** GET /api/v1/rentals/defaults: company settings the wizard and rental pages need (any rentals reader). */
export const rentalDefaultsSchema = z.object({
  region: z.string(),
  timezone: z.string(),
  currency: z.string(),
  taxRate: z.number(),
  taxIncludedByConvention: z.boolean(),
  dailyKmLimit: z.number(),
  extraChargePerKm: z.number(),
  gracePeriodHours: z.number(),
  maxRentalDays: z.number(),
  enableBlacklistCheck: z.boolean(),
  blacklistMode: z.enum(['warning', 'block']),
  enableOverbooking: z.boolean(),
  allowStaffCloseWithBalance: z.boolean(),
});
export type RentalDefaults = z.infer<typeof rentalDefaultsSchema>;

/** Ledger writes answer the updated rental. */
export const rentalWriteResponseSchema = z.object({ rental: rentalSchema });

/** An invoice a payment, refund or reversal moved (functions/rentals/ledger.ts invoiceMoves). */
export const invoiceMoveSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(['paid', 'partially_paid', 'issued']),
  amountApplied: z.number(),
  balance: z.number(),
});
export type InvoiceMove = z.infer<typeof invoiceMoveSchema>;

/**
 * A payment, charge, refund or reversal (201): the posted entry and the updated rental; payments
 * and refunds report the invoices they moved (a reversal only when it reopened some).
 */
export const rentalEntryWriteSchema = z.object({
  entry: ledgerEntrySchema,
  rental: rentalSchema,
  invoices: z.array(invoiceMoveSchema).optional(),
});
export type RentalEntryWrite = z.infer<typeof rentalEntryWriteSchema>;

/** GET /rentals/availability: vehicles busy in the window (the wizard greys them out). */
export const rentalAvailabilitySchema = z.object({ busyVehicleIds: z.array(z.string()) });

/** GET /rentals/document-check: documents that lapse before the start (refused) or during the rental (flagged). */
export const rentalDocumentCheckSchema = z.object({
  documents: z.array(
    z.object({
      documentId: z.string(),
      title: z.string(),
      documentType: z.string(),
      scope: z.enum(['vehicle', 'customer']),
      expiryDate: z.string(),
      lapses: z.enum(['before_start', 'during']),
    }),
  ),
});
export type RentalDocumentCheck = z.infer<typeof rentalDocumentCheckSchema>;

/** A note on a rental (functions/rentals/data.ts noteItem). */
export const rentalNoteSchema = z.object({
  id: z.string(),
  rentalId: z.string(),
  content: z.string(),
  visibility: z.enum(NOTE_VISIBILITIES),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RentalNote = z.infer<typeof rentalNoteSchema>;
export const rentalNotePageSchema = pageOf(rentalNoteSchema);
