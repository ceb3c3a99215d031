import * as z from 'zod';
import { BILLING_FREQUENCIES } from '../invoicing/periods';
import {
  DEFAULT_DAILY_KM_LIMIT,
  DEFAULT_EXTRA_CHARGE_PER_KM,
  EXPECTED_DURATION_MAX_DAYS,
  EXPECTED_DURATION_MIN_DAYS,
  FUEL_LEVELS,
  RENTAL_PAYMENT_METHODS,
} from '../constants';
import { LEDGER_CATEGORIES } from '../rentals/ledger';
import { MONEY_MESSAGES, hasAtMostDecimals, MAX_MONEY_AMOUNT } from '../money';
import {
  FIELD_MESSAGES,
  TEXT_LIMITS,
  calendarDate,
  cursor,
  entityId,
  isDateTime,
  shortText,
  text,
  utcDateTime,
} from './fields';
import {
  RENTAL_MESSAGES,
  RENTAL_STATUSES,
  type RentalStatus,
  RENTAL_TYPES,
  NOTE_VISIBILITIES,
  VEHICLE_CONDITIONS,
  LEDGER_METHODS,
} from './rentals-constants';
export * from './rentals-constants';

/**
 * An instant (ISO 8601 with a time zone, on a real date and time): missing or empty answers the
 * field's "required" message, anything else that is not a real date-time the shared one.
 */
const instant = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isDateTime, FIELD_MESSAGES.invalidDateTime)
    .meta({ format: 'date-time' })
    .transform((v) => new Date(v).toISOString());

const money = (required = MONEY_MESSAGES.invalid) =>
  z
    .number({ error: required })
    .min(0, { error: MONEY_MESSAGES.negative })
    .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
    .refine((v) => hasAtMostDecimals(v, 2), { error: MONEY_MESSAGES.decimals });

const positiveMoney = (required: string) =>
  z
    .number({ error: required })
    .positive({ error: MONEY_MESSAGES.positive })
    .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
    .refine((v) => hasAtMostDecimals(v, 2), { error: MONEY_MESSAGES.decimals });

const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((v) => (v ? v : undefined));
const id = (message: string) => entityId(message);

/** The rental window and vehicle: shared by the wizard, the create body and check-conflicts. */
const windowShape = {
  vehicleId: id(RENTAL_MESSAGES.vehicleRequired),
  startDate: instant(RENTAL_MESSAGES.startRequired),
  /** Absent or null with openEnded = true: the rental blocks the vehicle until returned. */
  endDate: utcDateTime().nullish(),
  openEnded: z.boolean().default(false),
};

function checkWindow(v: { startDate: string; endDate?: string | null; openEnded: boolean }, ctx: z.RefinementCtx) {
  if (!v.openEnded) {
    if (!v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: RENTAL_MESSAGES.endRequired });
    else if (v.endDate <= v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: RENTAL_MESSAGES.endAfterStart });
  }
}

export const checkConflictsSchema = z
  .object({
    ...windowShape,
    /** When editing, the rental's own block is not a conflict. */
    excludeRentalId: entityId().optional(),
  })
  .superRefine(checkWindow);
export type CheckConflictsBody = z.output<typeof checkConflictsSchema>;

export const createRentalSchema = z
  .object({
    customerId: id(RENTAL_MESSAGES.customerRequired),
    ...windowShape,
    /** Days expected (required for open-ended rentals; derived from the dates otherwise). */
    expectedDuration: z
      .number({ error: RENTAL_MESSAGES.expectedDurationRange })
      .int(RENTAL_MESSAGES.expectedDurationRange)
      .min(EXPECTED_DURATION_MIN_DAYS, RENTAL_MESSAGES.expectedDurationRange)
      .max(EXPECTED_DURATION_MAX_DAYS, RENTAL_MESSAGES.expectedDurationRange)
      .nullish(),
    rentalType: z.enum(RENTAL_TYPES).default('daily'),
    dailyRate: positiveMoney(RENTAL_MESSAGES.rateRequired),
    monthlyRate: positiveMoney(RENTAL_MESSAGES.monthlyRateRequired).nullish(),
    dailyKmLimit: z
      .number({ error: RENTAL_MESSAGES.kmLimitPositive })
      .int(RENTAL_MESSAGES.kmLimitPositive)
      .positive(RENTAL_MESSAGES.kmLimitPositive)
      .max(100_000, RENTAL_MESSAGES.kmLimitPositive)
      .default(DEFAULT_DAILY_KM_LIMIT),
    extraChargePerKm: money().default(DEFAULT_EXTRA_CHARGE_PER_KM),
    /** Percent as entered (5 = 5 %). Absent: the company's VAT settings (the wizard's default), never 0 %. */
    taxRate: z
      .number({ error: RENTAL_MESSAGES.taxRateInvalid })
      .min(0, RENTAL_MESSAGES.taxRateInvalid)
      .max(100, RENTAL_MESSAGES.taxRateInvalid)
      .refine((v) => hasAtMostDecimals(v, 3), { error: RENTAL_MESSAGES.taxRateInvalid })
      .optional(),
    taxIncluded: z.boolean().default(false),
    securityDeposit: money().default(0),
    initialPaymentAmount: money().default(0),
    initialPaymentMethod: z.enum(RENTAL_PAYMENT_METHODS, { error: RENTAL_MESSAGES.paymentMethodRequired }).nullish(),
    pickupLocation: optionalText(200),
    returnLocation: optionalText(200),
    officeInCharge: optionalText(200),
    agentName: optionalText(200),
    notes: optionalText(2000),
    /** The user saw the blacklist warning and goes ahead (blacklistMode "warning"). */
    blacklistAcknowledged: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    checkWindow(v, ctx);
    if (v.openEnded && !v.expectedDuration) {
      ctx.addIssue({ code: 'custom', path: ['expectedDuration'], message: RENTAL_MESSAGES.expectedDurationRange });
    }
    if (!v.openEnded && v.endDate && v.endDate > v.startDate) {
      const days = (Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000;
      if (days > EXPECTED_DURATION_MAX_DAYS + 1)
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: RENTAL_MESSAGES.expectedDurationRange });
    }
    if (v.rentalType === 'monthly' && !v.monthlyRate) {
      ctx.addIssue({ code: 'custom', path: ['monthlyRate'], message: RENTAL_MESSAGES.monthlyRateRequired });
    }
    if (v.initialPaymentAmount > 0 && !v.initialPaymentMethod) {
      ctx.addIssue({ code: 'custom', path: ['initialPaymentMethod'], message: RENTAL_MESSAGES.paymentMethodRequired });
    }
  });
export type CreateRentalInput = z.input<typeof createRentalSchema>;
export type CreateRentalBody = z.output<typeof createRentalSchema>;

export const listRentalsQuery = z.object({
  status: z.enum(RENTAL_STATUSES).optional(),
  customerId: entityId().optional(),
  q: shortText().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: cursor().optional(),
});

export const rentalIdParams = z.object({ id: entityId() });
export const ledgerEntryParams = z.object({ id: entityId(), entryId: entityId() });

export const paymentSchema = z.object({
  amount: positiveMoney(RENTAL_MESSAGES.amountRequired),
  method: z.enum(LEDGER_METHODS, { error: RENTAL_MESSAGES.methodRequired }),
  /** true: the payment is the security deposit (held apart from revenue). */
  forDeposit: z.boolean().default(false),
  label: optionalText(200),
});
export type PaymentBody = z.output<typeof paymentSchema>;

/** Manual charges: any charge category except tax (computed) and deposit flows. */
export const MANUAL_CHARGE_CATEGORIES = LEDGER_CATEGORIES.filter(
  (c) => !['tax', 'payment', 'security_deposit_refund'].includes(c),
) as Exclude<(typeof LEDGER_CATEGORIES)[number], 'tax' | 'payment' | 'security_deposit_refund'>[];

export const chargeSchema = z.object({
  amount: positiveMoney(RENTAL_MESSAGES.amountRequired),
  category: z.enum(MANUAL_CHARGE_CATEGORIES as [string, ...string[]]).default('other'),
  label: text(TEXT_LIMITS.name, { required: RENTAL_MESSAGES.labelRequired }).min(1, RENTAL_MESSAGES.labelRequired),
});
export type ChargeBody = z.output<typeof chargeSchema>;

export const refundSchema = z.object({
  amount: positiveMoney(RENTAL_MESSAGES.amountRequired),
  method: z.enum(LEDGER_METHODS, { error: RENTAL_MESSAGES.methodRequired }),
  /** true: gives back part of the security deposit held. */
  fromDeposit: z.boolean().default(false),
  label: optionalText(200),
});
export type RefundBody = z.output<typeof refundSchema>;

export const reverseEntrySchema = z.object({
  /** Default: what is left of the entry. */
  amount: positiveMoney(RENTAL_MESSAGES.amountRequired).optional(),
  reason: text(TEXT_LIMITS.name, { required: RENTAL_MESSAGES.labelRequired }).min(1, RENTAL_MESSAGES.labelRequired),
});

export const pickupSchema = z.object({
  odometerStart: z
    .number({ error: RENTAL_MESSAGES.odometerStartRequired })
    .int(RENTAL_MESSAGES.odometerStartRequired)
    .min(0, RENTAL_MESSAGES.odometerStartRequired),
  fuelLevelStart: z.enum(FUEL_LEVELS, { error: RENTAL_MESSAGES.fuelLevelRequired }),
  /** Default now. */
  pickedUpAt: instant(RENTAL_MESSAGES.startRequired).optional(),
});
export type PickupBody = z.output<typeof pickupSchema>;

export const returnSchema = z.object({
  /** Return mileage (odometer at return). */
  odometerEnd: z
    .number({ error: RENTAL_MESSAGES.returnMileageRequired })
    .int(RENTAL_MESSAGES.returnMileageRequired)
    .min(0, RENTAL_MESSAGES.returnMileageRequired),
  condition: z.enum(VEHICLE_CONDITIONS, { error: RENTAL_MESSAGES.conditionRequired }),
  fuelLevelEnd: z.enum(FUEL_LEVELS, { error: RENTAL_MESSAGES.fuelLevelRequired }).optional(),
  returnNotes: optionalText(2000),
  damageFees: money().default(0),
  salikCharges: money().default(0),
  salikNotes: optionalText(500),
  trafficFines: money().default(0),
  extraCharges: money().default(0),
  /** Default now. */
  returnDate: instant(RENTAL_MESSAGES.startRequired).optional(),
});
export type ReturnBody = z.output<typeof returnSchema>;

export const closeSchema = z.object({
  /** How the rest of the security deposit goes back to the customer. */
  depositRefundMethod: z.enum(LEDGER_METHODS).default('cash'),
});

/** Cancelling reverses every charge; `cancellationFee` (optional) is then charged (functions/rentals/settlement.ts). */
export const cancelSchema = z.object({ reason: optionalText(500), cancellationFee: money().default(0) });

/**
 * A rental's invoicing settings (issue 10): what the scheduled invoicing job reads from it.
 * `version` is the rental the editor read; a stale one answers 409.
 */
export const rentalInvoicingSchema = z.object({
  autoGenerateInvoice: z.boolean({ error: RENTAL_MESSAGES.autoInvoiceRequired }),
  billingFrequency: z.enum(BILLING_FREQUENCIES, { error: RENTAL_MESSAGES.billingFrequencyInvalid }),
  version: z.number().int().positive().optional(),
});
export type RentalInvoicingBody = z.output<typeof rentalInvoicingSchema>;

export const noteSchema = z.object({
  content: text(4000, { required: RENTAL_MESSAGES.noteRequired }).min(1, RENTAL_MESSAGES.noteRequired),
  visibility: z.enum(NOTE_VISIBILITIES).default('internal'),
});

/** Availability window: ISO date-times or calendar dates (a day means its whole UTC day). */
const windowBound = z.union([utcDateTime(), calendarDate()]);
/**
 * GET /api/v1/rentals/document-check (issue 27): the wizard asks, at the step where the customer
 * or the vehicle is chosen, which of their watched documents lapse by the start or before the end.
 */
export const documentCheckQuery = z.object({
  customerId: entityId().optional(),
  vehicleId: entityId().optional(),
  start: instant(RENTAL_MESSAGES.startRequired),
  end: utcDateTime().optional(),
});
export type DocumentCheckQuery = z.output<typeof documentCheckQuery>;

export const calendarQuery = z.object({ start: windowBound.optional(), end: windowBound.optional() });
