import * as z from 'zod';
import { ledgerEntrySchema, rentalWriteResponseSchema } from './rentals-responses';
import { MONEY_MESSAGES, MAX_MONEY_AMOUNT, hasAtMostDecimals } from '../money';
import { LEDGER_METHODS } from './rentals-constants';
import { TEXT_LIMITS, calendarDate, cursor, entityId, text } from './fields';
import { COLLECTIONS_MESSAGES } from '../collections/messages';
import { DEPOSIT_STATUSES } from '../collections/deposits';
import { AGING_BUCKETS } from '../collections/aging';

/**
 * Deposits, receivables aging and revenue protection (issue 10): request and response schemas.
 * A deposit's id is its rental's id (a rental holds one security deposit).
 */
const positiveMoney = (required: string) =>
  z
    .number({ error: required })
    .positive({ error: MONEY_MESSAGES.positive })
    .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
    .refine((v) => hasAtMostDecimals(v, 2), { error: MONEY_MESSAGES.decimals });

export const DEPOSIT_FILTERS = [...DEPOSIT_STATUSES, 'open', 'overdue'] as const;
export const listDepositsQuery = z.object({
  /** A status, 'open' (something still held) or 'overdue' (held past its release date). */
  status: z.enum(DEPOSIT_FILTERS).optional(),
  q: text(TEXT_LIMITS.short).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: cursor().optional(),
});
export const depositIdParams = z.object({ id: entityId() });

export const refundDepositSchema = z.object({
  amount: positiveMoney(COLLECTIONS_MESSAGES.amountRequired),
  /** Default: the method the deposit was received with (refunds go back the way money came). */
  method: z.enum(LEDGER_METHODS).optional(),
  note: text(TEXT_LIMITS.name).optional(),
});
export type RefundDepositBody = z.output<typeof refundDepositSchema>;

/** Charges a deposit may be applied to when they arrive after the return. */
export const DEPOSIT_CHARGE_CATEGORIES = [
  'damage_fees',
  'traffic_fines',
  'salik_charges',
  'fuel_charges',
  'extra_km',
  'late_fees',
  'other',
] as const;
export const applyDepositSchema = z.object({
  amount: positiveMoney(COLLECTIONS_MESSAGES.amountRequired),
  /** A charge posted with it (damage found later, a fine…); without it the deposit covers the balance due. */
  charge: z
    .object({
      category: z.enum(DEPOSIT_CHARGE_CATEGORIES),
      label: text(TEXT_LIMITS.name, { required: COLLECTIONS_MESSAGES.chargeLabelRequired }).min(
        1,
        COLLECTIONS_MESSAGES.chargeLabelRequired,
      ),
      amount: positiveMoney(COLLECTIONS_MESSAGES.amountRequired),
    })
    .optional(),
  note: text(TEXT_LIMITS.name).optional(),
});
export type ApplyDepositBody = z.output<typeof applyDepositSchema>;

export const depositSchema = z.object({
  id: z.string(),
  rentalId: z.string(),
  referenceNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  vehicleLabel: z.string(),
  rentalStatus: z.string(),
  received: z.number(),
  applied: z.number(),
  refunded: z.number(),
  held: z.number(),
  balance: z.number(),
  status: z.enum(DEPOSIT_STATUSES),
  method: z.string().nullable(),
  receivedAt: z.string(),
  returnDate: z.string().nullable(),
  releaseDueDate: z.string().nullable(),
  overdue: z.boolean(),
  closedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositListSchema = z.object({
  items: z.array(depositSchema),
  nextCursor: z.string().nullable(),
  releaseDays: z.number(),
  today: z.string(),
  summary: z.object({
    heldTotal: z.number(),
    openCount: z.number(),
    overdueCount: z.number(),
    overdueTotal: z.number(),
  }),
});
export type DepositList = z.infer<typeof depositListSchema>;

export const agingQuery = z.object({
  /** The day the buckets are counted on (company calendar); default today. */
  asOf: calendarDate(COLLECTIONS_MESSAGES.asOfInvalid).optional(),
  customerId: entityId().optional(),
  q: text(TEXT_LIMITS.short).optional(),
  /** Only receivables at least this old. */
  minBucket: z.enum(AGING_BUCKETS).optional(),
});
const bucketsSchema = z.object({
  current: z.number(),
  d1_30: z.number(),
  d31_60: z.number(),
  d61_90: z.number(),
  over90: z.number(),
  total: z.number(),
});
export const agingLineSchema = z.object({
  kind: z.enum(['invoice', 'rental']),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  dueDate: z.string().nullable(),
  amount: z.number(),
  bucket: z.enum(AGING_BUCKETS),
  daysPastDue: z.number(),
});
export const agingRentalSchema = z.object({
  rentalId: z.string(),
  referenceNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  rentalStatus: z.string(),
  buckets: bucketsSchema,
  lines: z.array(agingLineSchema),
});
export const agingCustomerSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  buckets: bucketsSchema,
  rentals: z.number(),
  remindedToday: z.boolean(),
  lastRemindedAt: z.string().nullable(),
});
export const agingReportSchema = z.object({
  asOf: z.string(),
  currency: z.string(),
  totals: bucketsSchema,
  customers: z.array(agingCustomerSchema),
  rentals: z.array(agingRentalSchema),
});
export type AgingReport = z.infer<typeof agingReportSchema>;
export type AgingRentalRow = z.infer<typeof agingRentalSchema>;
export type AgingCustomerRow = z.infer<typeof agingCustomerSchema>;

export const customerIdParams = z.object({ customerId: entityId() });
export const reminderResultSchema = z.object({
  sentTo: z.string(),
  invoices: z.number(),
  amount: z.number(),
  remindedAt: z.string(),
});

export const REVENUE_RISK_KINDS = [
  'returned_with_balance',
  'not_invoiced',
  'usage_not_charged',
  'deposit_refunded_with_balance',
  'fines_not_recharged',
  'tolls_not_recharged',
] as const;
export type RevenueRiskKind = (typeof REVENUE_RISK_KINDS)[number];
export const revenueRiskSchema = z.object({
  kind: z.enum(REVENUE_RISK_KINDS),
  id: z.string(),
  reference: z.string(),
  customerName: z.string().nullable(),
  amount: z.number(),
  /** Facts behind the row (days, km, periods…), shown translated. */
  params: z.record(z.string(), z.string()),
  link: z.string(),
});
export type RevenueRisk = z.infer<typeof revenueRiskSchema>;
export const revenueProtectionSchema = z.object({
  currency: z.string(),
  total: z.number(),
  count: z.number(),
  byKind: z.record(z.string(), z.object({ count: z.number(), amount: z.number() })),
  rows: z.array(revenueRiskSchema),
  /** Rows the report could not compute (an area's index missing), with the reason code. */
  notes: z.array(z.string()),
});
export type RevenueProtection = z.infer<typeof revenueProtectionSchema>;

/** An invoice a deposit movement paid (apply) or reopened (refund): its new status and balance. */
const invoiceMoveSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  amountApplied: z.number(),
  balance: z.number(),
});
/** POST /deposits/{id}/refund: the rental change (its refund entry, the rental) and the deposit as it now stands. */
export const depositRefundResponseSchema = rentalWriteResponseSchema.extend({
  entry: ledgerEntrySchema,
  invoices: z.array(invoiceMoveSchema),
  deposit: depositSchema.nullable(),
});
/**
 * POST /deposits/{id}/apply: the rental change (the two entries of the application), the invoices it paid, the deposit.
 */
export const depositApplyResponseSchema = rentalWriteResponseSchema.extend({
  entries: z.array(ledgerEntrySchema),
  invoices: z.array(invoiceMoveSchema).optional(),
  deposit: depositSchema.nullable(),
});
