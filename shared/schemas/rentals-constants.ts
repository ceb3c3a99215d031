import { RENTAL_PAYMENT_METHODS } from '../constants';

/**
 * The zod-free half of rentals.ts: messages and enumerations a Lambda imports without building
 * the rentals' zod schemas (building them costs cold-start time in every Lambda that only needs
 * a message; `npm run bench`, import lines). rentals.ts re-exports everything here.
 */

/**
 * Rentals: the wizard, conflict check, ledger movements, pickup, return, close (business-data
 * §3 bookings / rental_ledger_entries / rental_notes, §5 rental wizard and return, §8 messages).
 * The same schemas validate the web forms and the API bodies, so both answer with the same words.
 *
 * Money crosses the API as decimal numbers (≤ 2 decimals) under the spec's names (dailyRate,
 * securityDeposit…); handlers convert to integer minor units with shared/money.ts.
 * Dates: startDate/endDate are ISO 8601 instants with a time (the wizard has "dates with time").
 */
export const RENTAL_MESSAGES = {
  customerRequired: 'Please select a customer',
  customerInactive: 'This customer is inactive. Reactivate the customer before booking.',
  vehicleRequired: 'Please select a vehicle',
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  endAfterStart: 'End date must be after the start date',
  rateRequired: 'Rate is required',
  ratePositive: 'Rate must be greater than 0',
  monthlyRateRequired: 'Monthly rate is required for monthly rentals',
  taxRateInvalid: 'Tax rate must be a valid number',
  kmLimitPositive: 'Km limit must be positive',
  paymentMethodRequired: 'Payment method is required when an initial payment amount is given',
  expectedDurationRange: 'Expected duration must be between 1 and 365 days',
  returnMileageRequired: 'Return mileage is required',
  conditionRequired: 'Condition is required',
  odometerBelowStart: 'Return mileage cannot be below the starting odometer',
  returnBeforeStart: 'Return date cannot be before the start date',
  odometerStartRequired: 'Starting odometer is required',
  fuelLevelRequired: 'Fuel level is required',
  amountRequired: 'Amount is required',
  methodRequired: 'Payment method is required',
  labelRequired: 'Description is required',
  noteRequired: 'Note cannot be empty',
  validation: 'Please correct the highlighted validation errors',
  bookingConflict: 'Booking Conflict',
  conflictCheckFailed: 'Failed to check for booking conflicts',
  createFailed: 'Failed to create rental',
  updateFailed: 'Failed to update rental',
  invalidResponse: 'Server returned invalid response format',
  autoInvoiceRequired: 'Choose whether invoices are generated automatically',
  billingFrequencyInvalid: 'Billing frequency must be daily or monthly',
} as const;

export const RENTAL_STATUSES = ['pending', 'active', 'completed', 'cancelled', 'overdue', 'archived'] as const;

export type RentalStatus = (typeof RENTAL_STATUSES)[number];

export const RENTAL_TYPES = ['daily', 'monthly'] as const;

export const NOTE_VISIBILITIES = ['internal', 'staff_only', 'public'] as const;

export const VEHICLE_CONDITIONS = ['excellent', 'good', 'fair', 'damaged'] as const;

/** Methods of later payments and refunds: the wizard's five plus the platform's online/POS. */
export const LEDGER_METHODS = [...RENTAL_PAYMENT_METHODS, 'online', 'pos_machine'] as const;
